/// How far a heading can be trusted, for outputs to show (and the qibla indicator to go
/// dark when it is unreliable).
///
/// What can be measured: the field strength and dip against the WMM's for the place and
/// date, whether the unit is still (gravity's magnitude), and the calibration state. What
/// cannot: a disturbance that turns the horizontal field without changing its strength or
/// dip (a steel beam beside the unit can move the heading by degrees and leave both
/// nearly untouched). The levels say the field looks like the Earth's, not that it is.
public enum HeadingAccuracy: String, Sendable, Comparable, CaseIterable {
    case unreliable, low, medium, high

    var rank: Int {
        switch self {
        case .unreliable: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    public static func < (a: HeadingAccuracy, b: HeadingAccuracy) -> Bool { a.rank < b.rank }

    /// - Parameters:
    ///   - fieldRatio: measured (calibrated) field strength / the WMM's total intensity.
    ///   - dipError: measured dip - the WMM's inclination, degrees.
    ///   - gravityRatio: acceleration magnitude / standard gravity (1 when still).
    ///   - calibrated: an accepted calibration is in use.
    public static func assess(fieldRatio: Double, dipError: Double, gravityRatio: Double,
                              calibrated: Bool) -> HeadingAccuracy {
        guard fieldRatio.isFinite, dipError.isFinite, gravityRatio.isFinite else { return .unreliable }
        let f = abs(fieldRatio - 1), d = abs(dipError), g = abs(gravityRatio - 1)
        if f > 0.25 || d > 15 || g > 0.2 { return .unreliable }
        if !calibrated || f > 0.10 || d > 6 || g > 0.05 { return .low }
        if f > 0.05 || d > 3 || g > 0.02 { return .medium }
        return .high
    }
}
