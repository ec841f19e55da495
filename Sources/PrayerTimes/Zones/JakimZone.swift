/// A JAKIM prayer-time zone (Malaysia): its code, its state, the places it covers, and the
/// reference point of each of its six times, fitted to JAKIM's own e-Solat table
/// (`JakimZone+Table.swift`, made by `fit-reference-points`). With the JAKIM method's angles,
/// precautions and rounding, the points give the zone's published times.
public struct JakimZone: Sendable, Equatable {
    public let code: String
    public let state: String
    /// The places the zone covers, as JAKIM lists them.
    public let area: String
    public let points: ReferencePoints
    /// How well each time's point met the table it was fitted to.
    public let fit: PerPrayer<Fit>
    /// Where no point of the zone met the goal alone: the residual rule and why (empty otherwise).
    public let residual: String
    /// The zone whose times this zone's are derived from (`DerivedTimes`: Kedah's are KDH01's
    /// plus a difference held for a month of JAKIM's takwim), nil for a zone computed on its own.
    public let base: String?
    /// The days on which a time is computed at another height (the table's rules).
    public let seasons: [PointSeason]
    /// The years of JAKIM's tables the points were fitted over (`fit` is the last's).
    public let years: [Int]

    /// The fit of one time over the table's year: days compared, within a minute, within two,
    /// the worst difference (minutes).
    public struct Fit: Sendable, Equatable {
        public let days: Int, withinOne: Int, withinTwo: Int, worst: Int

        public init(days: Int, withinOne: Int, withinTwo: Int, worst: Int) {
            (self.days, self.withinOne, self.withinTwo, self.worst) = (days, withinOne, withinTwo, worst)
        }
    }

    public init(code: String, state: String, area: String, points: ReferencePoints, fit: PerPrayer<Fit>,
                residual: String = "", years: [Int] = [], base: String? = nil, seasons: [PointSeason] = []) {
        self.code = code
        self.state = state
        self.area = area
        self.points = points
        self.fit = fit
        self.residual = residual
        self.base = base
        self.seasons = seasons
        self.years = years
    }

    /// The method's parameters for this zone's times: the points, and the base they are
    /// derived from where they are.
    public func apply(to p: inout CalculationParameters) {
        p.referencePoints = points
        p.derivedFrom = base.flatMap(JakimZone.named).map { DerivedTimes(base: $0.points) }
        p.pointSeasons = seasons
    }

    /// Every zone, in code order.
    public static var all: [JakimZone] { table }

    /// The zone with this code (case as JAKIM writes it, upper), or nil.
    public static func named(_ code: String) -> JakimZone? {
        table.first { $0.code == code.uppercased() }
    }

    /// Where the points come from, for `--show-method` and the notes.
    public static let source = "JAKIM e-Solat 2026, every day of every zone (the Malaysia Waktu Solat Dataset, github abualif120/malaysia-waktu-solat-dataset, commit db916d0, a compilation of JAKIM's e-solat portal; CC BY 4.0), and JAKIM's 2024 and 2025 tables as fetched then (github ruqqq/prayertimes-database, commit a474760) where a zone's years say so; Kedah's zones by JAKIM's takwim months"
}

extension ReferencePoint {
    /// A table's point: the numbers are the fit's, in range by construction.
    init(_ latitude: Double, _ longitude: Double, _ elevation: Double, dip: Bool = false, adjust: Double = 0) {
        self.init(Coordinates(checked: latitude, longitude: longitude, elevation: elevation),
                  dipOnTwilight: dip, adjustmentSeconds: adjust)
    }
}

extension Coordinates {
    /// For tables in the source and the fit that makes them (this package only): values out of
    /// range are clamped rather than trapped.
    package init(checked latitude: Double, longitude: Double, elevation: Double) {
        self.latitude = min(90, max(-90, latitude))
        self.longitude = min(180, max(-180, longitude))
        self.elevation = max(0, elevation)
    }
}

extension JakimZone.Fit {
    init(_ days: Int, _ withinOne: Int, _ withinTwo: Int, _ worst: Int) {
        self.init(days: days, withinOne: withinOne, withinTwo: withinTwo, worst: worst)
    }
}

extension JakimZone {
    /// A row of the fitted table.
    static func row(_ code: String, _ state: String, _ area: String, fajr: (ReferencePoint, Fit),
                    sunrise: (ReferencePoint, Fit), dhuhr: (ReferencePoint, Fit), asr: (ReferencePoint, Fit),
                    maghrib: (ReferencePoint, Fit), isha: (ReferencePoint, Fit), residual: String = "",
                    years: [Int], base: String? = nil, seasons: [PointSeason] = []) -> JakimZone {
        var points = ReferencePoints(repeating: fajr.0), fit = PerPrayer(repeating: fajr.1)
        for (prayer, entry) in [(Prayer.sunrise, sunrise), (.dhuhr, dhuhr), (.asr, asr), (.maghrib, maghrib), (.isha, isha)] {
            points[prayer] = entry.0
            fit[prayer] = entry.1
        }
        return JakimZone(code: code, state: state, area: area, points: points, fit: fit, residual: residual, years: years,
                         base: base, seasons: seasons)
    }
}
