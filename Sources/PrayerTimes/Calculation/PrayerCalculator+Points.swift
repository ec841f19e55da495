extension PrayerCalculator {
    /// The day's times with each time computed at its own reference point: the method's
    /// angles, precautions and rounding, the point's height (and its dip on the twilight
    /// angles where the point says so), and the point's residual adjustment before rounding.
    /// Imsak follows Fajr's point; the night's middle and last third follow Maghrib's.
    /// Points that share their sky are computed once; nothing is allocated (`make bench`).
    func schedule(for date: CivilDate, points: ReferencePoints, utcOffset: Int, ramadan: Bool) -> DaySchedule {
        var unrounded = self
        unrounded.parameters.referencePoints = nil
        unrounded.parameters.derivedFrom = nil
        unrounded.parameters.rounding = .none
        func sky(_ point: ReferencePoint) -> DaySchedule {
            var calculator = unrounded
            if point.dipOnTwilight {
                let dip = ReferencePoint.dip(elevation: point.coordinates.elevation)
                calculator.parameters.fajrAngle += dip
                if case .angle(let a) = calculator.parameters.isha { calculator.parameters.isha = .angle(a + dip) }
            }
            return calculator.schedule(for: date, at: point.coordinates, utcOffset: utcOffset, ramadan: ramadan)
        }
        var skies = PerPrayer<DaySchedule?>(repeating: nil)
        for prayer in Prayer.allCases {
            let point = points[prayer]
            for earlier in Prayer.allCases {
                if earlier == prayer { break }
                if points[earlier].coordinates == point.coordinates && points[earlier].dipOnTwilight == point.dipOnTwilight {
                    skies[prayer] = skies[earlier]
                    break
                }
            }
            if skies[prayer] == nil { skies[prayer] = sky(point) }
        }
        // The night (its middle, its last third) is the Maghrib point's sky, without that
        // point's residual seconds: a constant of a minute at most on a six-hour half night.
        var out = skies.maghrib ?? sky(points.maghrib)
        out.midnight = round(out.midnight)
        out.lastThird = round(out.lastThird)
        for prayer in Prayer.allCases {
            guard let s = skies[prayer] else { continue }
            let adjustment = points[prayer].adjustmentSeconds
            out[prayer] = round(s[prayer] + adjustment)
            out.resolved[prayer] = s.resolved[prayer]
            if prayer == .fajr { out.imsak = round(s.imsak + adjustment) }
        }
        return out
    }
}
