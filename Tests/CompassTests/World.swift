#if canImport(Glibc)
import Glibc
#endif
@testable import Compass
import Geo

/// A deterministic random source (SplitMix64), so failures can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func gaussian() -> Double {
        let u1 = max(Double.random(in: 0..<1, using: &self), 1e-300), u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

/// The simulated world for compass tests: body-to-NED rotation from yaw, pitch, roll
/// (aerospace ZYX), the Earth's field in NED (north is true north), gravity.
enum World {
    static let g = 9.80665

    static func rotation(yaw: Double, pitch: Double, roll: Double) -> Matrix3 {
        let (y, p, r) = (yaw * .pi / 180, pitch * .pi / 180, roll * .pi / 180)
        let rz = Matrix3(rows: Vector3(cos(y), -sin(y), 0), Vector3(sin(y), cos(y), 0), Vector3(0, 0, 1))
        let ry = Matrix3(rows: Vector3(cos(p), 0, sin(p)), Vector3(0, 1, 0), Vector3(-sin(p), 0, cos(p)))
        let rx = Matrix3(rows: Vector3(1, 0, 0), Vector3(0, cos(r), -sin(r)), Vector3(0, sin(r), cos(r)))
        return rz * ry * rx
    }

    /// Field (uT) in NED at a place on 2026-07-01 from the WMM.
    static func field(lat: Double, lon: Double) -> (ned: Vector3, field: MagneticField) {
        let f = MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0, decimalYear: 2026.5)
        return (Vector3(f.north / 1000, f.east / 1000, f.down / 1000), f)
    }

    /// What ideal sensors in the device frame read at an attitude.
    static func sample(_ r: Matrix3, fieldNED: Vector3) -> (accel: Vector3, mag: Vector3) {
        let rt = r.transposed
        return (rt * Vector3(0, 0, -g), rt * fieldNED)
    }
}
