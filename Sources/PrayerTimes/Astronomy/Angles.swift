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
    d - 360 * roundedToEven(d / 360)
}

/// x rounded to the nearest integer, ties to even, as a Double, without a call to libm: adding
/// and taking away 1.5 x 2^52 leaves no fraction (|x| < 2^51; the default rounding mode).
@inline(__always) func roundedToEven(_ x: Double) -> Double {
    let magic = 6_755_399_441_055_744.0
    return (x + magic) - magic
}

/// The sine and cosine of x (radians, |x| < 2^20) together, without libm: x reduced to
/// [-pi/4, pi/4] by the nearest multiple of pi/2 (Cody-Waite, pi/2 in two parts, the first
/// with 33 significant bits so that k times it is exact), then fdlibm's kernel polynomials
/// (__kernel_sin, __kernel_cos: error under one unit in the last place on that interval).
/// Within a few units in the last place of libm's sin and cos, for a third of their cost.
@inline(__always) func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    let k = roundedToEven(x * (2 / Double.pi))
    let r = (x - k * 1.57079632673412561417e+00) - k * 6.07710050650619224932e-11
    let z = r * r
    let s = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04
        + z * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))))
    let hz = 0.5 * z
    let w = 1 - hz
    let tail = z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05
        + z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
    let c = w + (((1 - w) - hz) + tail)
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
