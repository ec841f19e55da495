/// Days each year on which an authority computes one of a zone's times at another height than
/// the rest of the year: JAKIM gives the Kinabalu summit zone (SBH06) its December Maghrib
/// as at sea level. A rule of the zone's table, kept only where more than one year's table
/// shows it, with the reason and the years.
public struct PointSeason: Sendable, Equatable {
    public let prayer: Prayer
    /// The civil months it holds in, every year.
    public let months: ClosedRange<Int>
    /// The height (m) the time is computed at in those months.
    public let elevation: Double
    public let why: String
    /// The years whose tables show it.
    public let seen: [Int]

    public init(prayer: Prayer, months: ClosedRange<Int>, elevation: Double, why: String, seen: [Int]) {
        (self.prayer, self.months, self.elevation, self.why, self.seen) = (prayer, months, elevation, why, seen)
    }

    /// The points of a day: each season's time at the season's height.
    public static func points(_ points: ReferencePoints, on date: CivilDate, _ seasons: [PointSeason]) -> ReferencePoints {
        var out = points
        for season in seasons where season.months.contains(date.month) {
            let c = out[season.prayer].coordinates
            out[season.prayer].coordinates = Coordinates(checked: c.latitude, longitude: c.longitude, elevation: season.elevation)
        }
        return out
    }
}
