#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Sun's apparent geocentric equatorial position at one instant: Meeus,
/// Astronomical Algorithms (2nd ed.), chapter 25, "low accuracy" (about 0.01 degree),
/// with the apparent sidereal time of chapter 12.
struct SolarCoordinates {
    /// Degrees.
    let declination: Double
    /// Degrees, [0, 360).
    let rightAscension: Double
    /// Greenwich apparent sidereal time, degrees [0, 360).
    let apparentSiderealTime: Double

    /// `siderealTime: false` skips the sidereal time (and its nutation), which only the
    /// middle node of a SolarDay needs; `apparentSiderealTime` is then 0.
    init(unix t: Double, siderealTime: Bool = true) {
        let jd = t / 86_400 + 2_440_587.5
        let jde = jd + deltaT(julianDay: jd) / 86_400
        let T = (jde - 2_451_545) / 36_525

        let L0 = 280.46646 + T * (36_000.76983 + T * 0.0003032)
        let M = rad(357.52911 + T * (35_999.05029 - T * 0.0001537))
        let C = (1.914602 - T * (0.004817 + T * 0.000014)) * sin(M)
            + (0.019993 - T * 0.000101) * sin(2 * M) + 0.000289 * sin(3 * M)
        let omega = rad(125.04 - 1934.136 * T)
        let lambda = rad(L0 + C - 0.00569 - 0.00478 * sin(omega))
        let eps0 = 23.439291111 + T * (-0.013004167 + T * (-1.6389e-7 + T * 5.0361e-7))
        let eps = rad(eps0 + 0.00256 * cos(omega))

        rightAscension = unwind(deg(atan2(cos(eps) * sin(lambda), cos(lambda))))
        declination = deg(asin(sin(eps) * sin(lambda)))

        guard siderealTime else {
            apparentSiderealTime = 0
            return
        }
        // Nutation in longitude (Meeus 22, the four largest terms), arcseconds.
        let Lmoon = rad(218.3165 + 481_267.8813 * T)
        let dPsi = -17.20 * sin(omega) - 1.32 * sin(2 * rad(L0)) - 0.23 * sin(2 * Lmoon) + 0.21 * sin(2 * omega)
        let d = jd - 2_451_545
        let Tu = d / 36_525
        let gmst = 280.46061837 + 360.98564736629 * d + Tu * Tu * (0.000387933 - Tu / 38_710_000)
        apparentSiderealTime = unwind(gmst + dPsi / 3600 * cos(eps))
    }
}

/// TT - UT in seconds. Observed values stay near 69 s for 2015-2030 (IERS); the
/// Espenak-Meeus long-term parabola serves far from that. An error of 10 s in
/// Delta T moves the Sun by 0.0001 degree: far below what the events need.
func deltaT(julianDay jd: Double) -> Double {
    let year = 2000 + (jd - 2_451_545) / 365.25
    if year >= 2000 && year <= 2050 {
        return year < 2015 ? 63.8 + (year - 2000) * 0.36 : 69.2
    }
    let u = (year - 1820) / 100
    return -20 + 32 * u * u
}
