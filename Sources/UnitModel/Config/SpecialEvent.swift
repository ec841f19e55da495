import Platform
import PrayerTimes

/// `[[events]]`: a day the mosque marks beyond the daily prayers. Eid's prayers (by the Hijri
/// date, so the local sighting's `hijri_offset` moves them), the takbir before them, taraweeh
/// on every night of Ramadan, a lecture on a Gregorian date. Planned into the days it falls on
/// as events of kind `special`, each time an event of its own: shown, sounded once, recorded.
public struct SpecialEvent: Sendable, Equatable {
    /// Which local dates it falls on.
    public enum Dates: Sendable, Equatable {
        /// A Gregorian date; `year` nil: that day every year.
        case gregorian(year: Int?, month: Int, day: Int)
        /// A Hijri date (the daytime's, with the unit's `hijri_offset`); `year` nil: every year.
        /// `eve`: the evening before it instead, its first night (the Hijri day begins at
        /// Maghrib): the takbir on the night before Eid, whatever the length of Ramadan.
        case hijri(year: Int?, month: Int, day: Int, eve: Bool = false)
        /// Every night of Ramadan: each time whose Hijri date at that instant (from Maghrib the
        /// next day's) is in Ramadan: "isha+20" from the eve of the first fast to the eve of the
        /// last, "02:30" from the first fast's early morning to the last's.
        case ramadanNights
    }

    /// When on its day.
    public enum Time: Sendable, Equatable, CustomStringConvertible {
        /// A local time, minutes after midnight.
        case clock(Int)
        /// Minutes after (before, negative) a prayer's adhan of that day.
        case relative(Prayer, Int)

        public var description: String {
            switch self {
            case .clock(let m): return cFormat("%02ld:%02ld", m / 60, m % 60)
            case .relative(let p, let m): return m == 0 ? p.rawValue : "\(p.rawValue)\(m < 0 ? "-" : "+")\(abs(m))"
            }
        }
    }

    public var name: String
    public var dates: Dates
    public var times: [Time]
    /// What sounds at each time: a sound's name as in `[sounds]` (a file or a buzzer pattern);
    /// nil: nothing sounds (it is shown only).
    public var sound: String?
    /// How long the screen shows it as happening after its time, in minutes.
    public var minutes: Int

    public init(name: String, dates: Dates, times: [Time], sound: String? = nil, minutes: Int = 30) {
        (self.name, self.dates, self.times, self.sound, self.minutes) = (name, dates, times, sound, minutes)
    }

    public static let maximumCount = 24
    public static let maximumTimes = 6
    public static let maximumNameLength = 60

    /// Whether it falls on a local date, for a unit whose Hijri dates are moved by `hijriOffset`.
    public func falls(on date: CivilDate, hijriOffset: Int) -> Bool {
        switch dates {
        case .gregorian(let year, let month, let day):
            return date.month == month && date.day == day && (year.map { $0 == date.year } ?? true)
        case .hijri(let year, let month, let day, let eve):
            let h = HijriCalendar.date(for: date, offset: hijriOffset, afterMaghrib: eve)
            return h.month == month && h.day == day && (year.map { $0 == h.year } ?? true)
        case .ramadanNights:
            // A candidate day: its morning or its evening may be Ramadan's (`holds` decides each time).
            return HijriCalendar.date(for: date, offset: hijriOffset).isRamadan
                || HijriCalendar.date(for: date, offset: hijriOffset, afterMaghrib: true).isRamadan
        }
    }

    /// Whether a time of it on a day it `falls` on is its: for the nights of Ramadan, the Hijri
    /// date at that instant (from the day's Maghrib, the next day's) is in Ramadan.
    public func holds(at t: Double, on date: CivilDate, maghrib: Double, hijriOffset: Int) -> Bool {
        guard dates == .ramadanNights else { return true }
        return HijriCalendar.date(for: date, offset: hijriOffset, afterMaghrib: t >= maghrib).isRamadan
    }

    /// The instant of one of its times on a day (`schedule` that day's times, `zone` its rules).
    public func instant(_ time: Time, on date: CivilDate, schedule: DaySchedule, zone: ZoneRules) -> Double {
        switch time {
        case .clock(let m): return LocalMinute.instant(date, minute: m, zone: zone)
        case .relative(let p, let m): return schedule[p] + Double(m) * 60
        }
    }

    /// A name safe in an event's id (the state file's key): its runs of letters and digits joined by "-".
    package static func slug(_ name: String) -> String {
        let words = name.lowercased().split { c in !c.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) } }
        return words.isEmpty ? "event" : words.joined(separator: "-")
    }
}
