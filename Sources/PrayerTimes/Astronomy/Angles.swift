#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func rad(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }
@inline(__always) func deg(_ radians: Double) -> Double { radians * (180 / Double.pi) }

/// Degrees into [0, 360).
@inline(__always) func unwind(_ d: Double) -> Double {
    let r = d - 360 * (d / 360).rounded(.down)
    return r < 360 ? r : 0  // d just below a multiple of 360 can round up to it
}

/// Degrees into [-180, 180] (a rounding, not a division's remainder: fmod costs more).
@inline(__always) func wrap180(_ d: Double) -> Double {
    d - 360 * (d / 360).rounded(.toNearestOrEven)
}
