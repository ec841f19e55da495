import PrayerTimes

/// Fits each of a zone's six times to a point of its own in the zone's box: the latitude and
/// height (with or without the height's dip on the twilight angles) by a search over the box,
/// coarse then fine, and the longitude exactly for each of them (`ShiftSweep`: a step east
/// moves every time the same 4 minutes a degree earlier). The method's angles, precautions
/// and rounding stay the authority's. Where no point of the box meets the goal, the shift is
/// let past the box's edge and what lies past it becomes the point's constant adjustment.
/// Deterministic: a fixed grid, ties kept by the first found.
public struct PointFitter: Sendable {
    public let parameters: CalculationParameters
    public let utcOffset: Int
    static let latitudeStep = 0.02
    static let heightSteps = 12
    /// Half an hour either way: a constant adjustment past the box, at most.
    static let freeShift = -1800.0...1800.0

    public init(method: CalculationMethod, utcOffset: Int) {
        parameters = method.parameters
        self.utcOffset = utcOffset
    }

    /// Whether a time meets the goal: 99% of days within a minute, all within two.
    public static func meetsGoal(_ f: JakimZone.Fit) -> Bool {
        Double(f.withinOne) >= 0.99 * Double(f.days) && f.withinTwo == f.days
    }

    /// `derived`: the zone's times are derived from a base zone's (its points already fitted).
    /// `seasons`: the zone's days at another height (left out of the search, checked at theirs).
    public func fit(_ bounds: ZoneBounds, days: [PublishedTable.Day], derived: DerivedTimes? = nil,
                    seasons: [PointSeason] = []) -> ZoneFit {
        var sky = Sky(fitter: self, days: ZoneSeasons.outOfSeason(days, seasons), derived: derived)
        let lon0 = ((bounds.longitude.lowerBound + bounds.longitude.upperBound) / 2 * 1e4).rounded() / 1e4
        let inBox = -240 * (bounds.longitude.upperBound - lon0) ... -240 * (bounds.longitude.lowerBound - lon0)
        var points = ReferencePoints(repeating: ReferencePoint(Coordinates(checked: 0, longitude: lon0, elevation: 0)))
        var rules = PerPrayer<String?>(repeating: nil)
        for prayer in Prayer.allCases {
            let found = search(prayer, bounds, lon0: lon0, shifts: inBox, sky: &sky)
            points[prayer] = point(found, lon0: lon0, bounds: bounds)
            if found.dip { rules[prayer] = "at \(Int(found.height)) m with the height's dip on the twilight angle" }
        }
        var result = verify(points, derived: derived, days: days, seasons: seasons)
        for prayer in Prayer.allCases where !Self.meetsGoal(result[prayer].fit) {
            // No point of the box fits: the constant beyond its edge becomes the point's adjustment.
            let found = search(prayer, bounds, lon0: lon0, shifts: Self.freeShift, sky: &sky)
            var trial = points
            trial[prayer] = point(found, lon0: lon0, bounds: bounds)
            let tried = verify(trial, derived: derived, days: days, seasons: seasons)
            // Kept only where it meets the goal: a constant that merely does better is not the authority's rule.
            if Self.meetsGoal(tried[prayer].fit) {
                points = trial
                result[prayer] = tried[prayer]
                let s = Int(trial[prayer].adjustmentSeconds)
                rules[prayer] = "no point in the zone's box fits; \(s > 0 ? "+" : "")\(s) s added"
                    + (found.dip ? ", at \(Int(found.height)) m with the height's dip on the twilight angle" : "")
            }
        }
        for prayer in Prayer.allCases { result[prayer].rule = rules[prayer] }
        return ZoneFit(code: bounds.code, events: result, base: bounds.base, seasons: seasons)
    }

    /// The fitted point: the search's latitude and height, the longitude of its shift (kept
    /// in the box; what the box cannot take is the adjustment), to 1e-4 degree and 1 s.
    func point(_ found: Found, lon0: Double, bounds: ZoneBounds) -> ReferencePoint {
        let free = lon0 - found.best.shift / 240
        let lon = (min(bounds.longitude.upperBound, max(bounds.longitude.lowerBound, free)) * 1e4).rounded() / 1e4
        let adjust = (found.best.shift + 240 * (lon - lon0)).rounded()
        return ReferencePoint(Coordinates(checked: found.latitude, longitude: lon, elevation: found.height),
                              dipOnTwilight: found.dip, adjustmentSeconds: abs(adjust) < 1 ? 0 : adjust)
    }

    struct Found {
        var latitude: Double, height: Double, dip: Bool
        var best: ShiftSweep.Best
    }

    /// The best latitude, height and dip on a grid over the box, then on a finer grid around it.
    func search(_ prayer: Prayer, _ bounds: ZoneBounds, lon0: Double, shifts: ClosedRange<Double>, sky: inout Sky) -> Found {
        let twilight = prayer == .fajr || prayer == .isha
        var found: Found?
        func consider(_ latitude: Double, _ height: Double) {
            let lat = (latitude * 1e4).rounded() / 1e4, h = height.rounded()
            for dip in (twilight && h > 0 ? [false, true] : [false]) {
                let (model, published) = sky.times(prayer, latitude: lat, longitude: lon0, height: h, dip: dip)
                let best = ShiftSweep.best(model: model, published: published, in: shifts)
                if found.map({ best.beats($0.best) }) ?? true { found = Found(latitude: lat, height: h, dip: dip, best: best) }
            }
        }
        let lat = bounds.latitude, hMax = bounds.maxElevation
        let n = max(1, Int(((lat.upperBound - lat.lowerBound) / Self.latitudeStep).rounded(.up)))
        let latStep = (lat.upperBound - lat.lowerBound) / Double(n)
        let hSteps = hMax > 0 ? Self.heightSteps : 0
        let hStep = hMax / Double(max(1, hSteps))
        // From the box's middle outward, so that a tie (Dhuhr does not depend on latitude) keeps the middle.
        for i in (0...n).sorted(by: { abs(2 * $0 - n) < abs(2 * $1 - n) }) {
            for j in 0...hSteps { consider(lat.lowerBound + Double(i) * latStep, Double(j) * hStep) }
        }
        guard let coarse = found else { return Found(latitude: lat.lowerBound, height: 0, dip: false, best: ShiftSweep.best(model: [], published: [], in: shifts)) }
        for i in [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5] {
            let la = min(lat.upperBound, max(lat.lowerBound, coarse.latitude + Double(i) * latStep / 5))
            for j in (hSteps > 0 ? -4...4 : 0...0) {
                consider(la, min(hMax, max(0, coarse.height + Double(j) * hStep / 4)))
            }
        }
        return found ?? coarse
    }

    /// Each time at its point, the way the unit computes it (derived from a base zone's where
    /// the zone is), against the table.
    public func verify(_ points: ReferencePoints, derived: DerivedTimes? = nil, days: [PublishedTable.Day],
                       seasons: [PointSeason] = []) -> PerPrayer<ZoneFit.Event> {
        var p = parameters
        p.referencePoints = points
        p.pointSeasons = seasons
        p.derivedFrom = derived
        let calculator = PrayerCalculator(parameters: p)
        var out = PerPrayer(repeating: ZoneFit.Event(point: points.fajr, fit: JakimZone.Fit(days: 0, withinOne: 0, withinTwo: 0, worst: 0)))
        var counts = PerPrayer(repeating: (days: 0, one: 0, two: 0, worst: 0))
        var missed = PerPrayer<[CivilDate]>(repeating: [])
        for day in days {
            let s = calculator.schedule(for: day.date, at: points.dhuhr.coordinates, utcOffset: utcOffset)
            for prayer in Prayer.allCases {
                guard let m = day.minutes[prayer] else { continue }
                let minute = Int(((s[prayer] + Double(utcOffset) - day.date.unixMidnight) / 60).rounded(.down))
                let d = abs(minute - m)
                counts[prayer].days += 1
                counts[prayer].one += d <= 1 ? 1 : 0
                counts[prayer].two += d <= 2 ? 1 : 0
                counts[prayer].worst = max(counts[prayer].worst, d)
                if d > 1 { missed[prayer].append(day.date) }
            }
        }
        for prayer in Prayer.allCases {
            let c = counts[prayer]
            out[prayer] = ZoneFit.Event(point: points[prayer], fit: JakimZone.Fit(days: c.days, withinOne: c.one, withinTwo: c.two, worst: c.worst),
                                        missed: missed[prayer])
        }
        return out
    }
}

/// A zone's fitted points and how each meets the table.
public struct ZoneFit: Sendable {
    public struct Event: Sendable {
        public var point: ReferencePoint
        public var fit: JakimZone.Fit
        /// The days more than a minute off.
        public var missed: [CivilDate] = []
        /// The residual rule this time needed, and why.
        public var rule: String?
    }

    public let code: String
    public var events: PerPrayer<Event>
    /// The zone this one's times are derived from, if they are.
    public var base: String?
    /// The days at another height (the table's rules).
    public var seasons: [PointSeason]
    /// The years of JAKIM's tables the points were fitted over.
    public var years: [Int] = [PublishedTable.tableYear]

    /// Each time's point.
    public var points: ReferencePoints {
        var out = ReferencePoints(repeating: events.fajr.point)
        for prayer in Prayer.allCases { out[prayer] = events[prayer].point }
        return out
    }

    public init(code: String, events: PerPrayer<Event>, base: String? = nil, seasons: [PointSeason] = []) {
        (self.code, self.events, self.base, self.seasons) = (code, events, base, seasons)
    }
}
