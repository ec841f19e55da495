/// A zone whose published times are another zone's plus a whole number of minutes held for a
/// block of days. JAKIM's Kedah zones are KDH01's times plus, for each block, the largest
/// difference between the zone's own times and KDH01's over the block's days (never earlier
/// than the zone's own: the cautious side), and for Syuruk, which ends Subuh, the smallest
/// (never later); a block starts 21 days after the day (UT) of a new moon. In 2025
/// every Kedah zone's difference from KDH01, all six times, changes on those 12 days and on
/// no other (JAKIM's e-Solat table), which no point of a zone alone can give near the days the
/// Sun stands overhead at noon.
public struct DerivedTimes: Sendable, Equatable {
    /// The base zone's points.
    public var base: ReferencePoints
    /// A block starts this many days after the day of a new moon (UT).
    public var daysAfterNewMoon: Int

    public init(base: ReferencePoints, daysAfterNewMoon: Int = 21) {
        self.base = base
        self.daysAfterNewMoon = daysAfterNewMoon
    }

    /// Whether a time takes the block's smallest difference (Syuruk) rather than its largest.
    public static func takesSmallest(_ prayer: Prayer) -> Bool { prayer == .sunrise }

    /// The block of days holding `date`: its first day and the first day of the next.
    public func block(of date: CivilDate) -> (start: CivilDate, end: CivilDate) {
        let lag = daysAfterNewMoon
        // The new moon whose UT day is at or before the date less the lag.
        let k = NewMoon.lunation(atOrBefore: date.adding(days: -lag).unixMidnight + 86_399.999)
        func start(_ k: Int) -> CivilDate {
            CivilDate(daysSinceEpoch: Int((NewMoon.instant(lunation: k) / 86_400).rounded(.down))).adding(days: lag)
        }
        return (start(k), start(k + 1))
    }
}

extension PrayerCalculator {
    /// A derived zone's day: the base's times plus, for each time, the largest (Syuruk: the
    /// smallest) difference of the zone's own (at its points) from the base's over the date's block.
    func derivedSchedule(for date: CivilDate, points: ReferencePoints, derived: DerivedTimes, utcOffset: Int,
                         ramadan: Bool) -> DaySchedule {
        var own = self
        own.parameters.derivedFrom = nil
        let (start, end) = derived.block(of: date)
        var lead = PerPrayer<Double>(repeating: .nan)
        var day = start
        while day.daysSinceEpoch < end.daysSinceEpoch {
            let o = own.schedule(for: day, points: points, utcOffset: utcOffset, ramadan: ramadan)
            let b = own.schedule(for: day, points: derived.base, utcOffset: utcOffset, ramadan: ramadan)
            for prayer in Prayer.allCases {
                let d = o[prayer] - b[prayer]
                if lead[prayer].isNaN || (DerivedTimes.takesSmallest(prayer) ? d < lead[prayer] : d > lead[prayer]) { lead[prayer] = d }
            }
            day = day.adding(days: 1)
        }
        var out = own.schedule(for: date, points: points, utcOffset: utcOffset, ramadan: ramadan)
        let base = own.schedule(for: date, points: derived.base, utcOffset: utcOffset, ramadan: ramadan)
        let imsakLead = out.fajr - out.imsak
        for prayer in Prayer.allCases where !lead[prayer].isNaN { out[prayer] = base[prayer] + lead[prayer] }
        out.imsak = out.fajr - imsakLead
        return out
    }
}
