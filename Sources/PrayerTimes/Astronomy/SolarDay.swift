#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Sun as seen from one place over about three days around one transit.
///
/// The solar theory is evaluated at three instants one day apart and interpolated
/// quadratically (Meeus, eq. 3.3) in between: the interpolation error is below
/// 0.0001 degree, while each event iteration then costs a few multiplications and two
/// trigonometric calls instead of a full solar theory (the hot path: a Pi Zero
/// recomputes schedules at will). Every event is found by iterating on the Sun's
/// position at the event itself, not at noon or at 0h UT.
struct SolarDay {
    static let siderealRate = 360.98564736629  // degrees of hour angle per day
    /// The Sun's mean horizontal parallax, degrees.
    static let parallax = 8.794 / 3600

    let latitude: Double
    let longitude: Double
    private let sinLat: Double
    private let cosLat: Double
    /// The middle node (unix seconds) and the sidereal time there.
    private let t0: Double
    private let gast0: Double
    private let ra: (Double, Double, Double)
    private let dec: (Double, Double, Double)

    init(latitude: Double, longitude: Double, around t0: Double) {
        self.latitude = latitude
        self.longitude = longitude
        sinLat = sin(rad(latitude))
        cosLat = cos(rad(latitude))
        self.t0 = t0
        let p1 = SolarCoordinates(unix: t0 - 86_400, siderealTime: false)
        let p2 = SolarCoordinates(unix: t0, siderealTime: true)
        let p3 = SolarCoordinates(unix: t0 + 86_400, siderealTime: false)
        gast0 = p2.apparentSiderealTime
        // Right ascension made continuous across 0/360.
        let r2 = p2.rightAscension
        ra = (r2 + wrap180(p1.rightAscension - r2), r2, r2 + wrap180(p3.rightAscension - r2))
        dec = (p1.declination, p2.declination, p3.declination)
    }

    @inline(__always)
    private static func interpolate(_ y: (Double, Double, Double), _ n: Double) -> Double {
        let a = y.1 - y.0, b = y.2 - y.1
        return y.1 + n / 2 * (a + b + n * (b - a))
    }

    /// Declination (degrees) and local hour angle (degrees, (-180, 180]) at t.
    @inline(__always)
    func declinationAndHourAngle(at t: Double) -> (dec: Double, hourAngle: Double) {
        let n = (t - t0) / 86_400
        let alpha = SolarDay.interpolate(ra, n)
        let delta = SolarDay.interpolate(dec, n)
        let theta = gast0 + SolarDay.siderealRate * n
        return (delta, wrap180(theta + longitude - alpha))
    }

    /// Altitude of the Sun's centre (degrees, airless, topocentric) at t.
    func altitude(at t: Double) -> Double {
        let (d, h) = declinationAndHourAngle(at: t)
        let dr = rad(d)
        let geocentric = deg(asin(sinLat * sin(dr) + cosLat * cos(dr) * cos(rad(h))))
        return geocentric - SolarDay.parallax * cos(rad(geocentric))
    }

    /// The upper transit nearest to `guess` (unix seconds).
    func transit(near guess: Double) -> Double {
        var t = guess
        for _ in 0..<6 {
            let dt = -declinationAndHourAngle(at: t).hourAngle / SolarDay.siderealRate * 86_400
            t += dt
            // What is left after a step is about 1/360 of it (the Sun's own motion).
            if abs(dt) < 0.5 { break }
        }
        return t
    }

    /// The instant the Sun's centre is at `altitude` degrees on the morning side
    /// (`after == false`) or the evening side of `transit`, or nil when it never gets
    /// there that day (polar day or night, or a twilight that never ends).
    func time(ofAltitude altitude: Double, transit: Double, after: Bool) -> Double? {
        // Topocentric: parallax lowers the Sun by 8.794" x cos(h); aim the geocentric
        // altitude that much higher.
        let sinH0 = sin(rad(altitude + SolarDay.parallax * cos(rad(altitude))))
        var t = transit
        var converged = false
        var cosH = 0.0
        for _ in 0..<12 {
            let (d, h) = declinationAndHourAngle(at: t)
            let dr = rad(d)
            cosH = (sinH0 - sinLat * sin(dr)) / (cosLat * cos(dr))
            // Out of reach with this declination: aim at the culmination and look again
            // there, since the declination at the event is what decides (a grazing twilight
            // can be reached at midnight with the declination of midnight, not of noon).
            let target = deg(acos(min(1, max(-1, cosH)))) * (after ? 1 : -1)
            // Hour angle measured continuously on the event's side of the transit, so that
            // a target at the lower culmination (180) does not wrap to the other side.
            let side = after ? (h < -90 ? h + 360 : h) : (h > 90 ? h - 360 : h)
            let dt = (target - side) / SolarDay.siderealRate * 86_400
            t += dt
            // What is left after a step is a small fraction of it (the change of the
            // declination over the step): a step under a second leaves milliseconds.
            if abs(dt) < 1 { converged = true; break }
        }
        // Never reached, or not on its side of the transit within half a day.
        guard converged, cosH >= -1, cosH <= 1,
              after ? (t > transit && t < transit + 43_500) : (t < transit && t > transit - 43_500)
        else { return nil }
        return t
    }

    /// The Sun's altitude at the transit (degrees): the noon altitude.
    func noonAltitude(transit: Double) -> Double { altitude(at: transit) }

    /// Declination at t (degrees).
    func declination(at t: Double) -> Double { declinationAndHourAngle(at: t).dec }
}
