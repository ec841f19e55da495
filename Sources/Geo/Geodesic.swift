#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Geodesics on the WGS84 ellipsoid: Vincenty's inverse method (Survey Review, 1975),
/// accurate to well under a millimetre and 1e-8 degree where it converges, which is
/// everywhere but within a few hundred kilometres of the antipode; there it gives nil
/// rather than a wrong answer. (Karney's algorithm, as geographiclib implements it, is the
/// reference the tests compare with.)
public enum Geodesic {
    public struct Inverse: Sendable, Equatable {
        /// Initial azimuth at the first point, degrees clockwise from north, [0, 360).
        public let azimuth: Double
        public let distanceKm: Double
    }

    public static func inverse(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Inverse? {
        let a = WGS84.a * 1000, f = WGS84.f, b = a * (1 - f)
        let L = rad(normalizedOffset(lon2 - lon1))
        let U1 = atan((1 - f) * tan(rad(lat1))), U2 = atan((1 - f) * tan(rad(lat2)))
        let sinU1 = sin(U1), cosU1 = cos(U1), sinU2 = sin(U2), cosU2 = cos(U2)

        var lambda = L
        var sinSigma = 0.0, cosSigma = 0.0, sigma = 0.0, cos2Alpha = 0.0, cos2SigmaM = 0.0
        var sinLambda = 0.0, cosLambda = 0.0
        var converged = false
        for _ in 0..<200 {
            sinLambda = sin(lambda)
            cosLambda = cos(lambda)
            let t1 = cosU2 * sinLambda, t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return Inverse(azimuth: 0, distanceKm: 0) }  // coincident points
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cos2Alpha = 1 - sinAlpha * sinAlpha
            cos2SigmaM = cos2Alpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cos2Alpha : 0  // equatorial line
            let C = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let previous = lambda
            lambda = L + (1 - C) * f * sinAlpha
                * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda) > Double.pi { return nil }  // the antipodal case the method cannot handle
            if abs(lambda - previous) < 1e-13 { converged = true; break }
        }
        guard converged else { return nil }
        let u2 = cos2Alpha * (a * a - b * b) / (b * b)
        let A = 1 + u2 / 16_384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
        let B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
        let deltaSigma = B * sinSigma * (cos2SigmaM + B / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
            - B / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        let s = b * A * (sigma - deltaSigma)
        let alpha1 = atan2(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
        return Inverse(azimuth: normalizedBearing(deg(alpha1)), distanceKm: s / 1000)
    }
}
