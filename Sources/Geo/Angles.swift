#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func rad(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }
@inline(__always) func deg(_ radians: Double) -> Double { radians * (180 / Double.pi) }

/// Degrees into [0, 360).
@inline(__always) public func normalizedBearing(_ d: Double) -> Double {
    let r = d.truncatingRemainder(dividingBy: 360)
    let v = r < 0 ? r + 360 : r
    return v == 360 ? 0 : v
}

/// Degrees into (-180, 180].
@inline(__always) public func normalizedOffset(_ d: Double) -> Double {
    let r = normalizedBearing(d)
    return r > 180 ? r - 360 : r
}

/// WGS84 ellipsoid.
enum WGS84 {
    static let a = 6378.137  // km
    static let f = 1 / 298.257223563
    static let e2 = f * (2 - f)
}
