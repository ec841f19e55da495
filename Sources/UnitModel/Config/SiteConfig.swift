import PrayerTimes

/// The site configuration (/etc/mihrab/mihrab.toml): where the unit is, how it computes
/// the times, what sounds when. Every field has a documented default (board/mihrab.toml).
public struct SiteConfig: Sendable, Equatable {
    public enum LocationSource: String, Sendable, CaseIterable { case gps, fixed }
    public enum Iqamah: Sendable, Equatable {
        case minutesAfterAdhan(Int)
        /// A fixed local time, minutes after midnight.
        case fixed(Int)
    }
    public enum JumuahTime: Sendable, Equatable {
        case dhuhr
        case fixed(Int)  // minutes after midnight
    }
    public struct Quiet: Sendable, Equatable {
        public var from: Int  // minutes after local midnight
        public var to: Int
        package init(from: Int, to: Int) { (self.from, self.to) = (from, to) }
        /// Whether a time of day (minutes) falls in the period (which may pass midnight).
        public func contains(_ minute: Int) -> Bool {
            from <= to ? (minute >= from && minute < to) : (minute >= from || minute < to)
        }
    }
    public enum EventKind: String, Codable, Sendable, CaseIterable {
        case adhan, reminder, iqamah, sunrise
        /// One of `[[events]]`' times (`PlannedEvent.name` says which).
        case special = "event"
    }

    // [location]
    public var locationSource = LocationSource.gps
    public var latitude = 21.4225
    public var longitude = 39.8262
    public var elevation = 0.0
    public var replanDistanceKm = 1.0
    // [time]
    public var zone: String = "system"
    /// Trust the clock from the start (a unit with a battery-backed RTC, a test rig); by
    /// default alerts wait until NTP (the kernel) or a GPS fix confirms the time.
    public var assumeSynchronized = false
    // [calculation]
    public var parameters = CalculationMethod.mwl.parameters
    /// `jakim_zone`: the JAKIM zone whose points `parameters.referencePoints` holds, for display
    /// ("JAKIM WLY01" where the unit would show its position); nil for none.
    public var jakimZone: String?
    public var hijriOffset = 0
    /// `timetable`: a printed table's file ("" for none) and the table read from it. The
    /// unit uses its times and iqamah for the days it covers, the method for the rest.
    public var timetablePath = ""
    public var timetable: Timetable?
    // [iqamah], [jumuah], [reminders]
    public var iqamah: [Prayer: Iqamah] = [:]
    public var jumuah: [JumuahTime] = [.dhuhr]
    public var reminders: [Prayer: Int] = [:]
    /// Minutes before sunrise for the sunrise warning; nil: no warning.
    public var sunriseWarningMinutes: Int?
    // [sounds], [patterns], [[quiet]]
    public var sound = SoundSettings()
    public var patterns: [String: [Int]] = [
        "adhan": [3000], "reminder": [150, 150, 150], "iqamah": [400, 200, 400, 200, 400], "sunrise": [1000],
        "event": [800, 300, 800],
    ]
    public var quiet: [Quiet] = []
    // [compass]
    public var compassRate = 25.0
    public var smoothingSeconds = 1.0
    public var alignedToleranceDegrees = 5.0
    // [outputs]
    public var nextPrayerBlinkMinutes = 15
    // [service]
    public var board = "/etc/mihrab/boards/raspberry-pi-4.toml"
    public var stateDirectory = "/var/lib/mihrab"
    public var runtimeDirectory = "/run/mihrab"
    public var graceSeconds = 120.0
    // [screen], [[announcements]]
    public var screen = ScreenConfig()
    public var announcements: [Announcement] = []
    // [display]
    public var display = DisplayConfig()
    // [[events]]
    public var events: [SpecialEvent] = []
    // [units]: the site's roster (unit id: the public half of its own key)
    public var roster: [String: String] = [:]
    // [network], [admin]: the unit's own (never from the site's shared settings)
    public var network = NetworkConfig()
    public var admin = AdminConfig()

    public init() {}

    /// At most this many of a timetable's error lines are carried in a config error (and
    /// logged); `mihrab timetable check` prints them all.
    public static let timetableErrorLines = 20

    /// The prayers that have an adhan (sunrise has none).
    public static let prayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]
}
