/// A zone whose published times are another zone's plus a whole number of minutes held for a
/// block of days. JAKIM's Kedah zones are KDH01's times plus, for each month of JAKIM's
/// takwim, the largest difference between the zone's own times and KDH01's over the month's
/// days (never earlier than the zone's own: the cautious side), and for Syuruk, which ends
/// Subuh, the smallest: taken before rounding, then rounded up as the method rounds (so
/// Syuruk may be the zone's own plus a minute).
/// In JAKIM's tables of 2021 to 2026 every Kedah zone's difference from KDH01, all six times,
/// changes on the first of a takwim month and on no other day but a handful (in 2019 and 2020
/// on the first of each civil month). A month that spans the new year is one block (closer to
/// JAKIM's 2024 and 2025 tables than one cut at 1 January; `make jakim-zones-check`). No point
/// of a zone alone gives those steps near the days the Sun stands overhead at noon.
public struct DerivedTimes: Sendable, Equatable {
    /// The base zone's points.
    public var base: ReferencePoints

    public init(base: ReferencePoints) {
        self.base = base
    }

    /// Whether a time takes the block's smallest difference (Syuruk) rather than its largest.
    public static func takesSmallest(_ prayer: Prayer) -> Bool { prayer == .sunrise }

    /// The block of days holding `date`: its first day and the first day of the next.
    public func block(of date: CivilDate) -> (start: CivilDate, end: CivilDate) {
        let month = HijriCalendar.jakimMonth(daysSinceEpoch: date.daysSinceEpoch)
        return (CivilDate(daysSinceEpoch: month.lowerBound), CivilDate(daysSinceEpoch: month.upperBound))
    }
}

extension PrayerCalculator {
    /// A derived zone's day: the base's times plus, for each time, the largest (Syuruk: the
    /// smallest) difference of the zone's own (at its points) from the base's over the date's
    /// block, rounded.
    func derivedSchedule(for date: CivilDate, points: ReferencePoints, derived: DerivedTimes, utcOffset: Int,
                         ramadan: Bool) -> DaySchedule {
        // The differences from the times before rounding; the largest rounded as the method
        // rounds and added to the base's published minute, so a zone's times stand a whole
        // number of minutes from the base's for the whole block, as in JAKIM's tables.
        var rounded = self
        rounded.parameters.derivedFrom = nil
        var own = rounded
        own.parameters.rounding = .none
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
        var out = rounded.schedule(for: date, points: points, utcOffset: utcOffset, ramadan: ramadan)
        let base = rounded.schedule(for: date, points: derived.base, utcOffset: utcOffset, ramadan: ramadan)
        let imsakLead = out.fajr - out.imsak
        for prayer in Prayer.allCases where !lead[prayer].isNaN { out[prayer] = base[prayer] + rounded.round(lead[prayer]) }
        out.imsak = out.fajr - imsakLead
        return out
    }
}
