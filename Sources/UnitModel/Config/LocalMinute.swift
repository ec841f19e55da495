import PrayerTimes

/// A local date and time of day (minutes after midnight), read in the unit's zone when used.
public struct LocalMinute: Sendable, Equatable {
    public var date: CivilDate
    public var minute: Int

    public init(date: CivilDate, minute: Int) {
        self.date = date
        self.minute = minute
    }

    public func instant(in zone: ZoneRules) -> Double { LocalMinute.instant(date, minute: minute, zone: zone) }

    /// The UTC instant of a local wall-clock minute on a date. The rule, as java.time and
    /// RFC 5545 have it:
    /// - a wall time that occurs once: that instant;
    /// - a repeated wall time (the hour the clocks go back): its first occurrence, on the
    ///   offset in force before the change (a fixed "01:30" sounds once, at the first 01:30);
    /// - a skipped wall time (the hour the clocks go forward): moved forward by the length of
    ///   the gap (02:30 on London's spring-forward day is 03:30 BST), so a day whose midnight
    ///   is skipped starts at 01:00.
    public static func instant(_ date: CivilDate, minute: Int, zone: ZoneRules) -> Double {
        let wall = date.unixMidnight + Double(minute) * 60
        // Every offset this wall time could be read with: those in force a day either side.
        let before = zone.offset(at: wall - 86_400), after = zone.offset(at: wall + 86_400)
        var first: Double?
        for offset in [before, after] where zone.offset(at: wall - Double(offset)) == offset {
            first = min(first ?? .infinity, wall - Double(offset))
        }
        // None fits: the wall time falls in a gap; read it on the offset before the gap.
        return first ?? wall - Double(before)
    }
}
