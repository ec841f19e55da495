#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Earth's main field at one place and time, as the WMM technical report defines
/// its outputs: X north, Y east, Z down (nT), H, F (nT), inclination I, declination D and
/// grid variation GV (degrees), with their yearly rates.
public struct MagneticField: Sendable, Equatable {
    public var north: Double, east: Double, down: Double
    public var horizontal: Double, total: Double
    public var inclination: Double, declination: Double
    /// Only above 55 degrees of latitude (north or south), as in the WMM report.
    public var gridVariation: Double?
    public var northRate: Double, eastRate: Double, downRate: Double
    public var horizontalRate: Double, totalRate: Double
    public var inclinationRate: Double, declinationRate: Double
    /// False outside the model's validity (for WMM2025, 2025.0 to 2030.0): still computed.
    public var valid: Bool
}

/// A spherical-harmonic main-field model (WMM form: degree 12, linear secular variation).
/// Evaluation allocates nothing: it runs on a Pi Zero whenever the position moves.
public struct MagneticModel: Sendable {
    public let name: String
    public let epoch: Double
    public let validUntil: Double
    public let released: String
    let maxDegree: Int
    // Flat arrays indexed by k(n, m) = n(n+1)/2 + m.
    let g: [Double], h: [Double], gDot: [Double], hDot: [Double]
    /// Schmidt semi-normalisation factors sqrt(2 (n-m)! / (n+m)!) (1 for m = 0).
    let schmidt: [Double]

    /// The geomagnetic reference radius (km).
    static let referenceRadius = 6371.2

    init(name: String, epoch: Double, validUntil: Double, released: String,
         coefficients: [(Int, Int, Double, Double, Double, Double)]) {
        self.name = name
        self.epoch = epoch
        self.validUntil = validUntil
        self.released = released
        let N = coefficients.map(\.0).max() ?? 0
        maxDegree = N
        let count = (N + 1) * (N + 2) / 2
        var g = [Double](repeating: 0, count: count), h = g, gd = g, hd = g, s = g
        for (n, m, gv, hv, gdv, hdv) in coefficients {
            let k = n * (n + 1) / 2 + m
            g[k] = gv; h[k] = hv; gd[k] = gdv; hd[k] = hdv
        }
        for n in 0...N {
            for m in 0...n {
                var ratio = 1.0  // (n-m)! / (n+m)!
                if m > 0 { for i in (n - m + 1)...(n + m) { ratio /= Double(i) } }
                s[n * (n + 1) / 2 + m] = m == 0 ? 1 : (2 * ratio).squareRoot()
            }
        }
        self.g = g; self.h = h; gDot = gd; hDot = hd; schmidt = s
    }

    /// The field at a geodetic latitude and longitude (degrees), a height above the WGS84
    /// ellipsoid (km), and a decimal year (2026.5 is 1 July 2026, roughly).
    public func field(latitude: Double, longitude: Double, heightKm: Double, decimalYear: Double) -> MagneticField {
        let dt = decimalYear - epoch
        // Geodetic to geocentric spherical (WMM report, eq. 7).
        let phi = rad(latitude), lambda = rad(longitude)
        let sinPhi = sin(phi), cosPhi = cos(phi)
        let rc = WGS84.a / (1 - WGS84.e2 * sinPhi * sinPhi).squareRoot()
        let p = (rc + heightKm) * cosPhi
        let z = (rc * (1 - WGS84.e2) + heightKm) * sinPhi
        let r = (p * p + z * z).squareRoot()
        let phiC = asin(z / r)
        let x = sin(phiC)
        // cos of the geocentric latitude, kept off zero at the poles.
        let c = max(cos(phiC), 1e-12)

        let N = maxDegree
        let count = (N + 1) * (N + 2) / 2
        // Three scratch buffers, each under 1 KiB so that they live on the stack (one larger
        // temporary allocation goes to the heap); degree 12 needs 91 + 91 + 26 doubles.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { pBuf in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { dPBuf in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (N + 1)) { trig in
            guard let P = pBuf.baseAddress, let dP = dPBuf.baseAddress, let cosM = trig.baseAddress else {
                return MagneticModel.derived(north: .nan, east: .nan, down: .nan, northRate: .nan, eastRate: .nan,
                                             downRate: .nan, latitude: latitude, longitude: longitude, valid: false)
            }
            let sinM = cosM + (N + 1)
            // Unnormalised associated Legendre functions of sin(phi') and their derivatives
            // with respect to phi', then Schmidt semi-normalised.
            for m in 0...N {
                cosM[m] = cos(Double(m) * lambda)
                sinM[m] = sin(Double(m) * lambda)
            }
            P[0] = 1
            for m in 0...N {
                let kmm = m * (m + 1) / 2 + m
                if m > 0 {
                    let prev = (m - 1) * m / 2 + (m - 1)
                    P[kmm] = P[prev] * Double(2 * m - 1) * c
                }
                if m + 1 <= N {
                    let k = (m + 1) * (m + 2) / 2 + m
                    P[k] = x * Double(2 * m + 1) * P[kmm]
                }
                if m + 2 <= N {
                    for n in (m + 2)...N {
                        let k = n * (n + 1) / 2 + m
                        let k1 = (n - 1) * n / 2 + m, k2 = (n - 2) * (n - 1) / 2 + m
                        P[k] = (Double(2 * n - 1) * x * P[k1] - Double(n + m - 1) * P[k2]) / Double(n - m)
                    }
                }
            }
            for n in 0...N {
                for m in 0...n {
                    let k = n * (n + 1) / 2 + m
                    let below = m <= n - 1 ? P[(n - 1) * n / 2 + m] : 0
                    // dP/dphi' = [(n+m) P(n-1,m) - n x P(n,m)] / cos(phi')
                    dP[k] = (Double(n + m) * below - Double(n) * x * P[k]) / c
                }
            }
            for k in 0..<count {
                P[k] *= schmidt[k]
                dP[k] *= schmidt[k]
            }

            // Field sums (WMM report, eqs. 10-12) for the coefficients and their rates.
            var X = 0.0, Y = 0.0, Z = 0.0, Xd = 0.0, Yd = 0.0, Zd = 0.0
            let ratio = MagneticModel.referenceRadius / r
            var power = ratio * ratio
            for n in 1...N {
                power *= ratio  // (a/r)^(n+2)
                for m in 0...n {
                    let k = n * (n + 1) / 2 + m
                    let gt = g[k] + dt * gDot[k], ht = h[k] + dt * hDot[k]
                    let a = gt * cosM[m] + ht * sinM[m]
                    let b = gt * sinM[m] - ht * cosM[m]
                    let ad = gDot[k] * cosM[m] + hDot[k] * sinM[m]
                    let bd = gDot[k] * sinM[m] - hDot[k] * cosM[m]
                    X -= power * a * dP[k]
                    Y += power * Double(m) * b * P[k]
                    Z -= power * Double(n + 1) * a * P[k]
                    Xd -= power * ad * dP[k]
                    Yd += power * Double(m) * bd * P[k]
                    Zd -= power * Double(n + 1) * ad * P[k]
                }
            }
            Y /= c
            Yd /= c
            // Back to the geodetic frame (eq. 17).
            let psi = phiC - phi
            let (cp, sp) = (cos(psi), sin(psi))
            let north = X * cp - Z * sp, down = X * sp + Z * cp
            let northRate = Xd * cp - Zd * sp, downRate = Xd * sp + Zd * cp
            return MagneticModel.derived(north: north, east: Y, down: down, northRate: northRate, eastRate: Yd,
                                         downRate: downRate, latitude: latitude, longitude: longitude,
                                         valid: decimalYear >= epoch && decimalYear <= validUntil)
        }
        }
        }
    }

    /// H, F, I, D, GV and their rates from X, Y, Z and theirs (WMM report, eqs. 19 and 20).
    static func derived(north X: Double, east Y: Double, down Z: Double, northRate Xd: Double,
                        eastRate Yd: Double, downRate Zd: Double, latitude: Double, longitude: Double,
                        valid: Bool) -> MagneticField {
        let H = (X * X + Y * Y).squareRoot()
        let F = (H * H + Z * Z).squareRoot()
        let I = deg(atan2(Z, H)), D = deg(atan2(Y, X))
        let Hd = (X * Xd + Y * Yd) / H
        let Fd = (X * Xd + Y * Yd + Z * Zd) / F
        let Id = deg((H * Zd - Z * Hd) / (F * F))
        let Dd = deg((X * Yd - Y * Xd) / (H * H))
        var gv: Double?
        if latitude > 55 { gv = normalizedOffset(D - longitude) }
        if latitude < -55 { gv = normalizedOffset(D + longitude) }
        return MagneticField(north: X, east: Y, down: Z, horizontal: H, total: F, inclination: I, declination: D,
                             gridVariation: gv, northRate: Xd, eastRate: Yd, downRate: Zd, horizontalRate: Hd,
                             totalRate: Fd, inclinationRate: Id, declinationRate: Dd, valid: valid)
    }
}

/// A civil date and time of day as a decimal year (2026-07-02 12:00 is about 2026.5).
public func decimalYear(year: Int, dayOfYear: Int, fractionOfDay: Double = 0.5) -> Double {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return Double(year) + (Double(dayOfYear - 1) + fractionOfDay) / (leap ? 366 : 365)
}
