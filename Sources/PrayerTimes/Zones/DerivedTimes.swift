/// A zone whose published times are another zone's plus a difference held for a block of
/// days. JAKIM's Kedah zones are KDH01's times plus, for each Hijri month of JAKIM's takwim,
/// the largest difference between the zone's own times and KDH01's over the month's days
/// (never earlier than the zone's own: the cautious side), and for Syuruk, which ends Subuh,
/// the smallest (never later). In JAKIM's tables of 2021 to 2026 every Kedah zone's
/// difference from KDH01, all six times, changes on the first of a takwim month and on no
/// other day but a handful; in 2019 and 2020 it changed on the first of each civil month.
/// No point of a zone alone gives those steps near the days the Sun stands overhead at noon.
public struct DerivedTimes: Sendable, Equatable {
    /// The base zone's points.
    public var base: ReferencePoints
    /// Whether a block ends with the civil year (JAKIM's tables are made a year at a time) as
    /// well as with the Hijri month.
    public var withinYear: Bool

    public init(base: ReferencePoints, withinYear: Bool = DerivedTimes.blocksEndWithYear) {
        self.base = base
        self.withinYear = withinYear
    }

    /// What JAKIM's tables show (`make jakim-zones-check`).
    public static let blocksEndWithYear = false

    /// Whether a time takes the block's smallest difference (Syuruk) rather than its largest.
    public static func takesSmallest(_ prayer: Prayer) -> Bool { prayer == .sunrise }

    /// The block of days holding `date`: its first day and the first day of the next.
    public func block(of date: CivilDate) -> (start: CivilDate, end: CivilDate) {
        let month = HijriCalendar.jakimMonth(daysSinceEpoch: date.daysSinceEpoch)
        var start = month.lowerBound, end = month.upperBound
        if withinYear {
            start = max(start, CivilDate(year: date.year, month: 1, day: 1)?.daysSinceEpoch ?? start)
            end = min(end, CivilDate(year: date.year + 1, month: 1, day: 1)?.daysSinceEpoch ?? end)
        }
        return (CivilDate(daysSinceEpoch: start), CivilDate(daysSinceEpoch: end))
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
