import PrayerTimes

/// What any screen shows at an instant: the wall screen's page renders it, `GET
/// /api/v1/screen` returns it. Language-neutral (prayer keys, numbers, instants); the page
/// names things in the unit's language. Instants are ISO 8601 with the unit's offset, so
/// the local time shown is the text itself, whatever the browser's zone.
public struct ScreenModel: Codable, Sendable, Equatable {
    public var now: String
    public var language: String
    public var digits: ScreenConfig.Digits
    public var clock: ScreenConfig.ClockFormat
    public var title: String?
    public var screenOn: Bool
    public var trusted: Bool
    public var phase: Phase
    public var dates: Dates
    public var table: Table
    public var next: Next?
    public var announcements: [String]
    public var qibla: Qibla?
    /// Every condition that holds but normal, worst first.
    public var notices: [StatusCondition]
    /// Whose times these are, where that is not the unit's own place: "JAKIM WLY01" for a unit
    /// on a JAKIM zone's times (the table's corner shows it).
    public var source: String? = nil
    /// The next special event (`[[events]]`) within `[screen] event_days_ahead`, or the one
    /// happening now.
    public var special: Special? = nil
    /// In Ramadan, in its hours: the end of suhur (imsak) through the night's last third,
    /// iftar (Maghrib) from Asr.
    public var fast: Fast? = nil
    /// The display's power is wanted off (`[display]`'s schedule or an override) and the page
    /// must stand in for it: nothing but black (`screenOn` is false too), whatever the phase.
    public var dark = false
    /// Setup mode (nil outside it): the page shows where to set the unit up, with the code and
    /// its QR code, over everything else.
    public var setup: SetupView? = nil
    /// The site's urgent message (nil: none): full screen, or a banner under an adhan, an
    /// iqamah's countdown or its silent minute.
    public var message: Message? = nil
    /// Each shown announcement's `qr` (nil: none), beside `announcements`; nil when none has one.
    public var announcementQR: [String?]? = nil
    /// The QR codes of `announcementQR`, by their text: one string a row, "1" a dark module.
    /// Drawn by the screen's server (`Screen`), which has the library; nil in the model as the
    /// loop makes it.
    public var qrRows: [String: [String]]? = nil
    /// `[screen] layout` when it is not the normal one ("large"); nil: normal.
    public var layout: ScreenConfig.Layout? = nil
    /// The time not to pray that holds now (`[screen] show_forbidden`; ScreenModel+Forbidden).
    public var forbidden: Forbidden? = nil
    /// The table's day's Duha (`[screen] show_duha`).
    public var duha: Duha? = nil

    public struct Phase: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable, CaseIterable {
            case normal, reminder, adhan, iqamah, silence, prayer, after
            /// A special event's last minutes counted down (`text`: its name; `end`: its time).
            case event
            /// Friday's khutbah (`[screen] khutbah_minutes` from a Jumu'ah session's time, never
            /// past its iqamah): only the clock, dim and large, and the next iqamah (`next`).
            case khutbah
        }
        public var kind: Kind
        /// Nil for a special event's countdown.
        public var prayer: Prayer?
        public var jumuah: Bool
        public var start: String?
        public var end: String?
        public var text: String?
    }

    public struct Day: Codable, Sendable, Equatable {
        public var year: Int, month: Int, day: Int
        /// ISO: 1 Monday ... 7 Sunday.
        public var weekday: Int
    }

    public struct HijriDay: Codable, Sendable, Equatable {
        public var year: Int, month: Int, day: Int
    }

    public struct Dates: Codable, Sendable, Equatable {
        public var gregorian: Day
        public var hijri: HijriDay
    }

    public struct Session: Codable, Sendable, Equatable {
        public var adhan: String
        public var iqamah: String?
    }

    public struct Row: Codable, Sendable, Equatable {
        public var prayer: Prayer
        public var adhan: String
        public var iqamah: String?
        public var current: Bool
        public var next: Bool
        /// Fridays, on the Dhuhr row: the Jumu'ah sessions (one to four).
        public var jumuah: [Session]?
    }

    public struct Ramadan: Codable, Sendable, Equatable {
        public var imsak: String
        public var iftar: String
    }

    public struct Table: Codable, Sendable, Equatable {
        /// Which day the table shows.
        public enum Shown: String, Codable, Sendable {
            case today
            /// After Isha.
            case tomorrow
        }

        public var day: Shown
        public var date: Day
        public var rows: [Row]
        public var ramadan: Ramadan?
        /// The shown day's special events (Eid's prayers, taraweeh), in time order.
        public var events: [EventRow] = []
    }

    /// A special event on the table's day: its name and every time of it that day.
    public struct EventRow: Codable, Sendable, Equatable {
        public var name: String
        public var times: [String]
    }

    public struct Special: Codable, Sendable, Equatable {
        public var name: String
        /// Its next time, or the one happening now.
        public var at: String
        /// Every time of it on that day.
        public var times: [String]
        /// Local days from today to its day (0: today).
        public var days: Int
        /// Its time has come and its `minutes` are not over.
        public var happening: Bool
    }

    public struct Fast: Codable, Sendable, Equatable {
        /// The fast's end (iftar), or suhur's (imsak). In the status (another unit's, read by the
        /// admin page) a kind this version does not know reads as imsak: the countdown that asks
        /// less of a fasting reader (to stop eating, never to start).
        public enum Kind: String, StateWord {
            case imsak, iftar
            public static let unrecognized = Kind.imsak
        }

        public var kind: Kind
        public var at: String
    }

    public struct Next: Codable, Sendable, Equatable {
        public var prayer: Prayer
        public var jumuah: Bool
        /// Adhan or iqamah (`PlannedEvent.screenKinds`).
        public var kind: SiteConfig.EventKind
        public var at: String
    }

    public struct Qibla: Codable, Sendable, Equatable {
        /// Degrees from true north.
        public var bearing: Double
        /// Degrees to turn: negative left, positive right.
        public var offset: Double
        public var accuracy: QiblaGrade
    }

    /// The model without its clock: what changes only at a phase, a replan or a status change.
    public var withoutClock: ScreenModel {
        var m = self
        m.now = ""
        return m
    }
}
