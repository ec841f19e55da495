/// Where a zone's reference points may lie: a box around the places the zone covers, and the
/// highest ground the authority could take a time for (0 for a lowland zone, the summit for a
/// zone on a mountain).
public struct ZoneBounds: Sendable {
    public let code: String
    public let latitude: ClosedRange<Double>
    public let longitude: ClosedRange<Double>
    public let maxElevation: Double
    /// The zone the authority derives this one's times from (`DerivedTimes`), if it does.
    public let base: String?

    init(_ code: String, lat: ClosedRange<Double>, lon: ClosedRange<Double>, height: Double = 0, base: String? = nil) {
        self.code = code
        latitude = lat
        longitude = lon
        maxElevation = height
        self.base = base
    }
}
