extension PrayerCalculator {
    /// The day's times with each time computed at its own reference point: the method's
    /// angles, precautions and rounding, the point's height (and its dip on the twilight
    /// angles where the point says so), and the point's residual adjustment before rounding.
    /// Imsak follows Fajr's point; the night's middle and last third follow Maghrib's.
    /// Points that share their sky are computed once.
    func schedule(for date: CivilDate, points: ReferencePoints, utcOffset: Int, ramadan: Bool) -> DaySchedule {
        var unrounded = self
        unrounded.parameters.referencePoints = nil
        unrounded.parameters.rounding = .none
        var computed: [(point: ReferencePoint, schedule: DaySchedule)] = []
        func sky(_ point: ReferencePoint) -> DaySchedule {
            if let hit = computed.first(where: {
                $0.point.coordinates == point.coordinates && $0.point.dipOnTwilight == point.dipOnTwilight
            }) { return hit.schedule }
            var calculator = unrounded
            if point.dipOnTwilight {
                let dip = ReferencePoint.dip(elevation: point.coordinates.elevation)
                calculator.parameters.fajrAngle += dip
                if case .angle(let a) = calculator.parameters.isha { calculator.parameters.isha = .angle(a + dip) }
            }
            let s = calculator.schedule(for: date, at: point.coordinates, utcOffset: utcOffset, ramadan: ramadan)
            computed.append((point, s))
            return s
        }
        var out = sky(points.maghrib)
        out.midnight = round(out.midnight)
        out.lastThird = round(out.lastThird)
        for prayer in Prayer.allCases {
            let point = points[prayer]
            let s = sky(point)
            out[prayer] = round(s[prayer] + point.adjustmentSeconds)
            out.resolved[prayer] = s.resolved[prayer]
            if prayer == .fajr { out.imsak = round(s.imsak + point.adjustmentSeconds) }
        }
        return out
    }
}
