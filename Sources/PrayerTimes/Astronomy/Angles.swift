#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func rad(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }
@inline(__always) func deg(_ radians: Double) -> Double { radians * (180 / Double.pi) }

/// Degrees into [0, 360).
@inline(__always) func unwind(_ d: Double) -> Double {
    let r = d.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
}

/// Degrees into (-180, 180].
@inline(__always) func wrap180(_ d: Double) -> Double {
    let r = unwind(d)
    return r > 180 ? r - 360 : r
}
