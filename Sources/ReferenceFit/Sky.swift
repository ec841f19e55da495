import PrayerTimes

/// A zone's days computed at one point after another, each point's year kept: the search
/// asks for the same points for each of the six times.
struct Sky {
    struct Key: Hashable { let latitude: Double, longitude: Double, height: Double, dip: Bool }

    let calculator: PrayerCalculator
    let utcOffset: Int
    let days: [PublishedTable.Day]
    var computed: [Key: [DaySchedule]] = [:]

    init(fitter: PointFitter, days: [PublishedTable.Day]) {
        var p = fitter.parameters
        p.rounding = .none
        p.referencePoints = nil
        calculator = PrayerCalculator(parameters: p)
        utcOffset = fitter.utcOffset
        self.days = days
    }

    /// A time's model (seconds after local midnight, before rounding) and published minute,
    /// for the days the table has it.
    mutating func times(_ prayer: Prayer, latitude: Double, longitude: Double, height: Double, dip: Bool)
        -> (model: [Double], published: [Int]) {
        let key = Key(latitude: latitude, longitude: longitude, height: height, dip: dip)
        let year: [DaySchedule]
        if let hit = computed[key] {
            year = hit
        } else {
            var p = calculator.parameters
            p.referencePoints = PerPrayer(repeating: ReferencePoint(Coordinates(checked: latitude, longitude: longitude, elevation: height),
                                                                    dipOnTwilight: dip))
            let c = PrayerCalculator(parameters: p)
            year = days.map { c.schedule(for: $0.date, at: Coordinates(checked: latitude, longitude: longitude, elevation: height), utcOffset: utcOffset) }
            computed[key] = year
        }
        var model: [Double] = [], published: [Int] = []
        for (day, s) in zip(days, year) {
            guard let m = day.minutes[prayer] else { continue }
            model.append(s[prayer] + Double(utcOffset) - day.date.unixMidnight)
            published.append(m)
        }
        return (model, published)
    }
}
