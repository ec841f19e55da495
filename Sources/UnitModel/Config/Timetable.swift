import PrayerTimes

/// A printed timetable (London's unified timetable, a mosque's yearly sheet): for each
/// date of a contiguous range, the adhan times and, where the table gives them, the iqamah
/// (jamaah) times, as minutes after the date's local midnight. Loaded and validated from a
/// CSV or JSON file by `Timetable.load`; the unit uses it for the days it covers and
/// computes the rest with the configured method.
public struct Timetable: Sendable, Equatable {
    /// How the file's times are to be read.
    public enum Clock: String, Sendable, CaseIterable {
        /// What the wall clock shows on the day, summer time included (the default, and
        /// London's layout).
        case local
        /// The zone's standard time all year: on summer-time days the unit adds the difference.
        case standard
    }

    /// One row of the table.
    public struct Day: Sendable, Equatable {
        public let date: CivilDate
        /// Minutes after the date's local midnight. Isha and its iqamah may pass midnight
        /// (1440 and more) where the table gives them in the small hours.
        public var fajr: Int
        public var sunrise: Int?
        public var dhuhr: Int
        /// The table's Asr (one shadow length, or the only Asr it gives).
        public var asr: Int
        /// The table's second Asr (two shadow lengths), where it has one.
        public var asrHanafi: Int?
        public var maghrib: Int
        public var isha: Int
        /// The table's iqamah (jamaah) times; a prayer without one is not in it.
        public var iqamah: [Prayer: Int]
        /// The line of the file it came from.
        public var line: Int

        public init(date: CivilDate, fajr: Int, sunrise: Int?, dhuhr: Int, asr: Int, asrHanafi: Int? = nil, maghrib: Int,
                    isha: Int, iqamah: [Prayer: Int] = [:], line: Int = 0) {
            self.date = date
            (self.fajr, self.sunrise, self.dhuhr, self.asr, self.asrHanafi, self.maghrib, self.isha) =
                (fajr, sunrise, dhuhr, asr, asrHanafi, maghrib, isha)
            self.iqamah = iqamah
            self.line = line
        }

        /// A prayer's adhan: Asr is the table's second Asr for a Hanafi unit where the table
        /// has one; sunrise is nil where the table has none.
        public func adhan(_ prayer: Prayer, madhab: Madhab = .shafi) -> Int? {
            switch prayer {
            case .fajr: fajr
            case .sunrise: sunrise
            case .dhuhr: dhuhr
            case .asr: madhab == .hanafi ? (asrHanafi ?? asr) : asr
            case .maghrib: maghrib
            case .isha: isha
            }
        }
    }

    /// The file it was read from (for messages and logs).
    public let file: String
    public let clock: Clock
    /// Consecutive dates, ascending, never empty.
    public let days: [Day]
    public let first: CivilDate
    public let last: CivilDate

    /// A table of consecutive days; nil when `days` is empty or not consecutive.
    public init?(file: String, clock: Clock, days: [Day]) {
        guard let a = days.first, let b = days.last else { return nil }
        for (i, d) in days.enumerated() where d.date.daysSinceEpoch != a.date.daysSinceEpoch + i { return nil }
        self.file = file
        self.clock = clock
        self.days = days
        first = a.date
        last = b.date
    }

    /// The row of a date, nil outside the table.
    public func day(on date: CivilDate) -> Day? {
        let i = date.daysSinceEpoch - first.daysSinceEpoch
        return days.indices.contains(i) ? days[i] : nil
    }

    /// "2026-01-01..2026-12-31".
    public var range: String { "\(first)..\(last)" }

    /// The UTC instant of one of the table's times on a date. Local clock times follow
    /// `LocalMinute.instant` (a repeated hour: its first occurrence; a skipped one: moved
    /// forward by the gap); standard times are read on the zone's standard offset, so on a
    /// summer-time day they fall an hour later on the wall clock.
    public func instant(_ date: CivilDate, minute: Int, zone: ZoneRules) -> Double {
        switch clock {
        case .local: LocalMinute.instant(date, minute: minute, zone: zone)
        case .standard: date.unixMidnight + Double(minute) * 60 - Double(zone.standardOffset(near: date.unixMidnight + 43_200))
        }
    }
}
