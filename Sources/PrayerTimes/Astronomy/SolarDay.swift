#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Sun as seen from one place over about three days around one transit.
///
/// The solar theory (Meeus, Astronomical Algorithms, 2nd ed., chapter 25, "low accuracy",
/// with the apparent sidereal time of chapter 12) is evaluated once, at the middle instant
/// t0, with the first and second time derivatives of the Sun's apparent longitude (of the
/// theory's own terms). Across the days around t0 the longitude is its Taylor expansion,
/// quadratic in time, and the right ascension and the sine of the declination follow from
/// it by their own expansions (`position(at:)`): a few multiplications per instant, no
/// trigonometry. Over a day either side of t0 they stay within 0.000003 degree in
/// declination and 0.015 s in hour angle of the theory evaluated at each instant (checked
/// over 2020-2030), as did the quadratic interpolation between three days' positions
/// (Meeus, eq. 3.3) that this replaces, for a third of its cost: one evaluation of the
/// theory instead of three. The theory itself is good to about 0.01 degree.
///
/// Every event is then found by iterating on the Sun's position at the event itself, not
/// at noon or at 0h UT: a Newton step (`time(of:transit:from:after:)`) that lands within
/// milliseconds of the event from the transit, and a second evaluation that confirms it.
struct SolarDay {
    static let siderealRate = 360.98564736629  // degrees of hour angle per day
    /// The Sun's mean horizontal parallax, degrees.
    static let parallax = 8.794 / 3600

    let latitude: Double
    let longitude: Double
    private let sinLat: Double
    private let cosLat: Double
    /// The middle instant (unix seconds, UT).
    private let t0: Double
    /// Greenwich apparent sidereal time at t0 plus the longitude (degrees): the local
    /// sidereal time at t0.
    private let localSidereal0: Double
    /// The first and second derivatives of the apparent longitude at t0 (radians per day,
    /// per day squared), and the sine and cosine of the longitude there.
    private let lambda1: Double, lambda2: Double
    private let sinLambda0: Double, cosLambda0: Double
    private let sinEps: Double
    /// The right ascension at t0 (degrees) and its first and second derivatives with
    /// respect to the longitude (dimensionless, per radian).
    private let alpha0: Double
    private let alphaL: Double, alphaLL: Double

    /// The Sun at one instant, as the event searches need it.
    struct Position {
        /// Unix seconds.
        let t: Double
        let sinDec: Double
        /// cos of the declination: always positive (|declination| < 24 degrees).
        let cosDec: Double
        /// Local hour angle, degrees [-180, 180].
        let hourAngle: Double
        /// d(sin declination)/dt and d(hour angle)/dt, per day and degrees per day.
        let sinDecRate: Double
        let hourAngleRate: Double

        /// Declination, degrees.
        var declination: Double { deg(asin(sinDec)) }
    }

    /// A topocentric altitude of the Sun's centre, as the sine of the geocentric altitude
    /// to aim at: the parallax lowers the Sun by 8.794" x cos(h), so aim that much higher.
    struct Aim {
        let sine: Double

        init(altitude: Double) {
            let (s, c) = sinCos(rad(altitude))
            self.init(sin: s, cos: c)
        }

        /// From the sine and cosine of the altitude: sin(h + e) = sin h cos e + cos h sin e
        /// with e = p cos h below 0.00005 radian, so cos e = 1 - e^2/2 and sin e = e (to 1e-14).
        init(sin s: Double, cos c: Double) {
            let shift = rad(SolarDay.parallax) * c
            sine = s * (1 - shift * shift / 2) + c * shift
        }
    }

    init(latitude: Double, longitude: Double, around t0: Double) {
        self.latitude = latitude
        self.longitude = longitude
        (sinLat, cosLat) = sinCos(rad(latitude))
        self.t0 = t0

        // Meeus chapter 25 at t0 (dynamical time for the theory, universal time for the
        // sidereal time).
        let jd = t0 / 86_400 + 2_440_587.5
        let jde = jd + deltaT(julianDay: jd) / 86_400
        let T = (jde - 2_451_545) / 36_525
        let L0 = 280.46646 + T * (36_000.76983 + T * 0.0003032)
        let M = rad(357.52911 + T * (35_999.05029 - T * 0.0001537))
        // sin and cos of 2M and 3M from those of M (the multiple-angle formulas).
        let (sinM, cosM) = sinCos(M)
        let sin2M = 2 * sinM * cosM, cos2M = 1 - 2 * sinM * sinM
        let sin3M = sinM * (3 - 4 * sinM * sinM), cos3M = cosM * (4 * cosM * cosM - 3)
        let c1 = 1.914602 - T * (0.004817 + T * 0.000014), c2 = 0.019993 - T * 0.000101, c3 = 0.000289
        let C = c1 * sinM + c2 * sin2M + c3 * sin3M
        let omega = rad(125.04 - 1934.136 * T)
        let (sinOmega, cosOmega) = sinCos(omega)
        // The apparent longitude: L0 plus the equation of the centre, aberration and nutation.
        let lambdaMinusL0 = C - 0.00569 - 0.00478 * sinOmega
        let lambda = rad(L0 + lambdaMinusL0)
        let eps0 = 23.439291111 + T * (-0.013004167 + T * (-1.6389e-7 + T * 5.0361e-7))
        let (sinE, cosEps) = sinCos(rad(eps0 + 0.00256 * cosOmega))
        sinEps = sinE
        (sinLambda0, cosLambda0) = sinCos(lambda)

        // The longitude's rates: L0 and M are polynomials in T; the equation of the centre
        // C is differentiated term by term (dM/dt in radians per day). The nutation and
        // aberration terms move by under 0.00001 degree a day: left constant, as is the
        // obliquity.
        let daysPerCentury = 36_525.0
        let dL0 = (36_000.76983 + 2 * 0.0003032 * T) / daysPerCentury
        let dM = rad((35_999.05029 - 2 * 0.0001537 * T) / daysPerCentury)
        let dC = (c1 * cosM + 2 * c2 * cos2M + 3 * c3 * cos3M) * dM
        let ddC = -(c1 * sinM + 4 * c2 * sin2M + 9 * c3 * sin3M) * dM * dM
        lambda1 = rad(dL0 + dC)
        lambda2 = rad(ddC)

        // The right ascension, tan(alpha) = cos(eps) tan(lambda), and its derivatives in
        // lambda: d(alpha)/d(lambda) = cos(eps) / cos^2(delta), and d2 = 2 cos(eps)
        // sin^2(eps) sin(lambda) cos(lambda) / cos^4(delta), with sin(delta) = sin(eps) sin(lambda).
        alpha0 = deg(SolarDay.rightAscension(sinLambda: sinLambda0, cosLambda: cosLambda0, lambda: lambda, cosEps: cosEps))
        let sinDec0 = sinEps * sinLambda0
        let cos2Dec0 = 1 - sinDec0 * sinDec0
        alphaL = cosEps / cos2Dec0
        alphaLL = 2 * cosEps * sinEps * sinEps * sinLambda0 * cosLambda0 / (cos2Dec0 * cos2Dec0)

        // The apparent sidereal time: the mean (Meeus 12.4) plus the nutation in longitude
        // (Meeus 22, its four largest terms, arcseconds) times cos(eps). sin(2 L0) there comes
        // from sin and cos of lambda: 2 L0 = 2 lambda - x, x = 2 (lambda - L0) < 0.07 radian,
        // whose sine and cosine take three terms of their series (error < 1e-10).
        let x = 2 * rad(lambdaMinusL0)
        let sinX = x * (1 - x * x / 6 * (1 - x * x / 20)), cosX = 1 - x * x / 2 * (1 - x * x / 12)
        let sin2L0 = 2 * sinLambda0 * cosLambda0 * cosX - (1 - 2 * sinLambda0 * sinLambda0) * sinX
        let Lmoon = rad(218.3165 + 481_267.8813 * T)
        let dPsi = -17.20 * sinOmega - 1.32 * sin2L0 - 0.23 * sinCos(2 * Lmoon).sin + 0.21 * (2 * sinOmega * cosOmega)
        let d = jd - 2_451_545
        let Tu = d / 36_525
        let gmst = 280.46061837 + 360.98564736629 * d + Tu * Tu * (0.000387933 - Tu / 38_710_000)
        localSidereal0 = unwind(gmst + dPsi / 3600 * cosEps + longitude)
    }

    /// The right ascension (radians, near lambda rather than wrapped) of the ecliptic longitude
    /// lambda, tan(alpha) = cos(eps) tan(lambda), by the series of the reduction to the equator,
    /// alpha = lambda + sum over n of (-y)^n / n sin(2 n lambda), y = tan^2(eps / 2) = 0.043: its
    /// 12 terms reach 1e-17 radian, with sin(2 n lambda) by the Chebyshev recurrence, no atan2.
    @inline(__always)
    static func rightAscension(sinLambda: Double, cosLambda: Double, lambda: Double, cosEps: Double) -> Double {
        let y = (1 - cosEps) / (1 + cosEps)
        let cos2 = 1 - 2 * sinLambda * sinLambda
        var previous = 0.0, current = 2 * sinLambda * cosLambda  // sin(0), sin(2 lambda)
        var coefficient = -y, sum = 0.0
        for n in 1...12 {
            sum += coefficient / Double(n) * current
            (previous, current) = (current, 2 * cos2 * current - previous)
            coefficient *= -y
        }
        return lambda + sum
    }

    /// The Sun at t: the expansions about t0 in n = (t - t0) / 1 day.
    @inline(__always)
    func position(at t: Double) -> Position {
        let n = (t - t0) / 86_400
        // The longitude's change since t0 (radians) and its rate.
        let dl = n * (lambda1 + n * lambda2 / 2)
        let dlRate = lambda1 + n * lambda2
        // sin(lambda0 + dl) to third order in dl (dl < 0.02 radian: error < 1e-8); the cosine,
        // which only gives a rate, to second order.
        let dl2 = dl * dl
        let sinL = sinLambda0 * (1 - dl2 / 2) + cosLambda0 * dl * (1 - dl2 / 6)
        let cosL = cosLambda0 * (1 - dl2 / 2) - sinLambda0 * dl
        let sinDec = sinEps * sinL
        // Right ascension (degrees) to second order in dl.
        let alpha = alpha0 + deg(dl * (alphaL + dl * alphaLL / 2))
        let alphaRate = deg((alphaL + dl * alphaLL) * dlRate)
        return Position(t: t, sinDec: sinDec, cosDec: (1 - sinDec * sinDec).squareRoot(),
                        hourAngle: wrap180(localSidereal0 + SolarDay.siderealRate * n - alpha),
                        sinDecRate: sinEps * cosL * dlRate,
                        hourAngleRate: SolarDay.siderealRate - alphaRate)
    }

    /// The upper transit nearest to `guess`: the Sun there.
    func transit(near guess: Double) -> Position {
        var p = position(at: guess)
        for _ in 0..<6 {
            // Newton: the hour angle's rate includes the Sun's own motion in right ascension,
            // so what is left after a step is of the order of its square (microseconds).
            let dt = -p.hourAngle / p.hourAngleRate * 86_400
            p = position(at: p.t + dt)
            if abs(dt) < 0.5 { break }
        }
        return p
    }

    /// The instant the Sun's centre is at `aim` on the morning side (`after == false`) or
    /// the evening side of `transit`, or nil when it never gets there that day (polar day
    /// or night, or a twilight that never ends). `start` is where the search begins: the
    /// transit itself, or the Sun a day before or after it for the neighbouring days' events
    /// (then `transit` is that day's transit, `start.t` close enough to it).
    func time(of aim: Aim, transit: Double, from start: Position, after: Bool) -> Double? {
        var p = start
        var t = start.t
        var converged = false
        var cosH = 0.0
        let sign = after ? 1.0 : -1.0
        for _ in 0..<12 {
            let denominator = cosLat * p.cosDec
            cosH = (aim.sine - sinLat * p.sinDec) / denominator
            // Out of reach with this declination: aim at the culmination and look again
            // there, since the declination at the event is what decides (a grazing twilight
            // can be reached at midnight with the declination of midnight, not of noon).
            let c = min(1, max(-1, cosH))
            let target = deg(acos(c)) * sign
            // Hour angle measured continuously on the event's side of the transit, so that
            // a target at the lower culmination (180) does not wrap to the other side.
            let h = p.hourAngle
            let side = after ? (h < -90 ? h + 360 : h) : (h > 90 ? h - 360 : h)
            // Newton on side(t) - target(t): the target moves with the declination,
            // d(target)/dt = -sign / sin(H) x d(cos H)/d(sin dec) x d(sin dec)/dt, with
            // d(cos H)/d(sin dec) = (sin h0 sin dec - sin lat) / (cos lat cos^3 dec). What is
            // left after a Newton step is of the order of its square: a step under a second
            // leaves milliseconds. Where the event grazes (sin H near 0) the target races:
            // there the plain step on the hour angle's own rate, which converges linearly, so
            // it goes on until a step is under 0.02 s.
            var rate = p.hourAngleRate
            var tolerance = 0.02
            let sinH2 = 1 - c * c
            if sinH2 > 0.01 {
                let dCosH = (aim.sine * p.sinDec - sinLat) / (denominator * p.cosDec * p.cosDec) * p.sinDecRate
                let targetRate = -sign * deg(dCosH / sinH2.squareRoot())
                if abs(targetRate) < 0.5 * rate {
                    rate -= targetRate
                    tolerance = 1
                }
            }
            let dt = (target - side) / rate * 86_400
            t = p.t + dt
            if abs(dt) < tolerance { converged = true; break }
            p = position(at: t)
        }
        // Never reached, or not on its side of the transit within half a day.
        guard converged, cosH >= -1, cosH <= 1,
              after ? (t > transit && t < transit + 43_500) : (t < transit && t > transit - 43_500)
        else { return nil }
        return t
    }

    /// The Sun's altitude at the transit (airless, topocentric) as its sine and cosine, with
    /// no inverse trigonometry: the hour angle there is under 0.01 degree, so cos H is
    /// 1 - H^2/2; the parallax lowers the Sun by p cos h (p = 8.794"), a rotation of
    /// (sin h, cos h) by that small angle (first order in it: error < 1e-9).
    func noonAltitude(transit p: Position) -> (sin: Double, cos: Double) {
        let h = rad(p.hourAngle)
        let sinGeocentric = sinLat * p.sinDec + cosLat * p.cosDec * (1 - h * h / 2)
        let cosGeocentric = (1 - sinGeocentric * sinGeocentric).squareRoot()
        let shift = rad(SolarDay.parallax) * cosGeocentric
        return (sinGeocentric - shift * cosGeocentric, cosGeocentric + shift * sinGeocentric)
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
