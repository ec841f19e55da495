#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wrap-safe smoothing of a heading: an exponential moving average of the unit vector
/// (cos, sin), so 359 and 1 average to 0, not 180. The time constant is in seconds;
/// 0 passes every sample through.
public struct HeadingFilter: Sendable {
    public var timeConstant: Double
    private var c = 0.0, s = 0.0
    private var started = false

    public init(timeConstant: Double) { self.timeConstant = max(0, timeConstant) }

    public mutating func reset() { started = false }

    /// Adds a heading (degrees) `dt` seconds after the previous one; returns the smoothed heading.
    public mutating func update(_ heading: Double, dt: Double) -> Double {
        let r = heading * (Double.pi / 180)
        let (hc, hs) = (cos(r), sin(r))
        if !started || timeConstant == 0 {
            c = hc; s = hs; started = true
            return heading
        } else {
            let alpha = 1 - exp(-max(0, dt) / timeConstant)
            c += alpha * (hc - c)
            s += alpha * (hs - s)
        }
        return value ?? heading
    }

    /// The smoothed heading, or nil before the first sample (or when opposite headings cancel).
    public var value: Double? {
        guard started, c * c + s * s > 1e-12 else { return nil }
        let h = atan2(s, c) * (180 / Double.pi)
        return h < 0 ? h + 360 : h
    }
}
