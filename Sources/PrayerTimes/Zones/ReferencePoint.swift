/// Where an authority computes one of the day's times: a point and its height, whether the
/// dip of the horizon at that height also deepens the twilight angles (Fajr, Isha), and a
/// constant left over where no point of the zone fits the authority's table.
///
/// An authority with zones (JAKIM's, Indonesia's kabupaten) publishes one time per zone,
/// computed for a point of its own choosing, and not always the same point for every time:
/// JAKIM takes Syuruk at a zone's eastern edge. A unit with reference points shows the zone's
/// published times wherever in the zone it stands.
public struct ReferencePoint: Sendable, Equatable {
    public var coordinates: Coordinates
    /// The horizon's dip at the point's height (0.0347 x sqrt(metres) degrees) is added to the
    /// twilight angles as well as to sunrise's and sunset's altitude.
    public var dipOnTwilight: Bool
    /// Seconds added before rounding: a zone's residual rule, where no point fits.
    public var adjustmentSeconds: Double

    public init(_ coordinates: Coordinates, dipOnTwilight: Bool = false, adjustmentSeconds: Double = 0) {
        self.coordinates = coordinates
        self.dipOnTwilight = dipOnTwilight
        self.adjustmentSeconds = adjustmentSeconds
    }

    /// The horizon's dip at a height, in degrees (the calculator's own formula).
    public static func dip(elevation: Double) -> Double {
        elevation > 0 ? 0.0347 * elevation.squareRoot() : 0
    }
}

/// A point for each of the six times.
public typealias ReferencePoints = PerPrayer<ReferencePoint>

extension CalculationParameters {
    /// The place to give the calculator: the unit's own, or, where the times come from reference
    /// points (a zone's), a point of theirs when the unit has none (they need no position).
    public func place(unit: Coordinates?) -> Coordinates? {
        unit ?? referencePoints?.dhuhr.coordinates
    }
}
