import PrayerTimes

/// A zone's days computed at one point after another, each point's year kept: the search
/// asks for the same points for each of the six times. For a zone derived from another
/// (`DerivedTimes`) a time's model is the base's rounded time plus the block's largest (Syuruk:
/// smallest) difference of the point's unrounded time from the base's unrounded: its published
/// minute is then that model rounded up, as for any zone (the base's minute is whole), and a
/// shift of the point moves it the same.
struct Sky {
    struct Key: Hashable { let latitude: Double, longitude: Double, height: Double, dip: Bool }

    /// A derived zone's base over the days of every block the table's days fall in.
    struct Derived {
        let first: CivilDate
        let base: [DaySchedule]
        /// The base before rounding (the differences are taken from it).
        let unrounded: [DaySchedule]
        /// Each table day's block, as offsets from `first`.
        let blocks: [Range<Int>]
    }

    let calculator: PrayerCalculator
    let utcOffset: Int
    let days: [PublishedTable.Day]
    let derived: Derived?
    var computed: [Key: [DaySchedule]] = [:]

    init(fitter: PointFitter, days: [PublishedTable.Day], derived: DerivedTimes?) {
        var p = fitter.parameters
        p.rounding = .none
        p.referencePoints = nil
        p.derivedFrom = nil
        calculator = PrayerCalculator(parameters: p)
        utcOffset = fitter.utcOffset
        self.days = days
        guard let derived, let firstDay = days.first else {
            self.derived = nil
            return
        }
        let blocks = days.map { derived.block(of: $0.date) }
        let first = blocks.map(\.start).min { $0.daysSinceEpoch < $1.daysSinceEpoch } ?? firstDay.date
        let end = blocks.map(\.end).max { $0.daysSinceEpoch < $1.daysSinceEpoch } ?? firstDay.date
        var b = fitter.parameters
        b.referencePoints = derived.base
        b.derivedFrom = nil
        let base = PrayerCalculator(parameters: b)
        b.rounding = .none
        let raw = PrayerCalculator(parameters: b)
        let span = 0..<(end.daysSinceEpoch - first.daysSinceEpoch)
        self.derived = Derived(
            first: first,
            base: span.map { base.schedule(for: first.adding(days: $0), at: derived.base.dhuhr.coordinates, utcOffset: fitter.utcOffset) },
            unrounded: span.map { raw.schedule(for: first.adding(days: $0), at: derived.base.dhuhr.coordinates, utcOffset: fitter.utcOffset) },
            blocks: blocks.map { ($0.start.daysSinceEpoch - first.daysSinceEpoch)..<($0.end.daysSinceEpoch - first.daysSinceEpoch) })
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
            let at = Coordinates(checked: latitude, longitude: longitude, elevation: height)
            var p = calculator.parameters
            p.referencePoints = PerPrayer(repeating: ReferencePoint(at, dipOnTwilight: dip))
            let c = PrayerCalculator(parameters: p)
            if let derived {
                year = derived.base.indices.map { c.schedule(for: derived.first.adding(days: $0), at: at, utcOffset: utcOffset) }
            } else {
                year = days.map { c.schedule(for: $0.date, at: at, utcOffset: utcOffset) }
            }
            computed[key] = year
        }
        var model: [Double] = [], published: [Int] = []
        var leads: [Int: Double] = [:]
        for (i, day) in days.enumerated() {
            guard let m = day.minutes[prayer] else { continue }
            var t: Double
            if let derived {
                let block = derived.blocks[i]
                let lead = leads[block.lowerBound] ?? {
                    let d = block.map { year[$0][prayer] - derived.unrounded[$0][prayer] }
                    return (DerivedTimes.takesSmallest(prayer) ? d.min() : d.max()) ?? 0
                }()
                leads[block.lowerBound] = lead
                t = derived.base[day.date.daysSinceEpoch - derived.first.daysSinceEpoch][prayer] + lead
            } else {
                t = year[i][prayer]
            }
            t += Double(utcOffset) - day.date.unixMidnight
            model.append(t)
            published.append(m)
        }
        return (model, published)
    }
}
