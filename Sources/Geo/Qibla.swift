#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The direction of the Kaaba from a place.
public struct Qibla: Sendable, Equatable {
    public enum Model: String, Sendable, CaseIterable {
        /// The initial great-circle bearing on a sphere (the default, as adhan and its ports use).
        case greatCircle = "great-circle"
        /// The initial azimuth of the WGS84 geodesic.
        case ellipsoidal
    }

    public enum Undefined: Error, Equatable, CustomStringConvertible {
        case atKaaba
        case atAntipode
        /// The ellipsoidal solution does not converge this close to the antipode.
        case nearAntipode(distanceKm: Double)

        public var description: String {
            switch self {
            case .atKaaba: "the qibla is undefined at the Kaaba itself (every direction faces it)"
            case .atAntipode: "the qibla is undefined at the Kaaba's antipode (every direction leads to it)"
            case .nearAntipode(let d):
                "the ellipsoidal qibla is not defined this close to the Kaaba's antipode " +
                    "(\(Int(d.rounded())) km from it); the great-circle one is"
            }
        }
    }

    /// The Kaaba (as adhan and its ports use it).
    public static let kaabaLatitude = 21.4225241
    public static let kaabaLongitude = 39.8261818
    /// The IUGG mean Earth radius (km) for great-circle distances.
    public static let earthRadiusKm = 6371.0088
    /// Closer than this to the Kaaba or its antipode, the direction is undefined (km).
    public static let undefinedWithinKm = 0.01

    /// Degrees clockwise from true north, [0, 360).
    public let bearing: Double
    public let distanceKm: Double
    public let model: Model

    public init(latitude: Double, longitude: Double, model: Model = .greatCircle) throws(Undefined) {
        let phi1 = rad(latitude), phi2 = rad(Qibla.kaabaLatitude)
        let dLambda = rad(Qibla.kaabaLongitude - longitude)
        // Haversine central angle.
        let h = pow(sin((phi2 - phi1) / 2), 2) + cos(phi1) * cos(phi2) * pow(sin(dLambda / 2), 2)
        let sigma = 2 * atan2(h.squareRoot(), (1 - h).squareRoot())
        let sphereKm = sigma * Qibla.earthRadiusKm
        if sphereKm < Qibla.undefinedWithinKm { throw .atKaaba }
        if Double.pi * Qibla.earthRadiusKm - sphereKm < Qibla.undefinedWithinKm { throw .atAntipode }
        self.model = model
        switch model {
        case .greatCircle:
            let y = sin(dLambda) * cos(phi2)
            let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
            bearing = normalizedBearing(deg(atan2(y, x)))
            distanceKm = sphereKm
        case .ellipsoidal:
            guard let g = Geodesic.inverse(lat1: latitude, lon1: longitude,
                                           lat2: Qibla.kaabaLatitude, lon2: Qibla.kaabaLongitude)
            else { throw .nearAntipode(distanceKm: Double.pi * Qibla.earthRadiusKm - sphereKm) }
            bearing = g.azimuth
            distanceKm = g.distanceKm
        }
    }
}
