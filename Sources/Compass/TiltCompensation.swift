#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A heading from one accelerometer and one magnetometer sample in the device frame.
///
/// East = down x B and North = East x down are the horizontal directions in the device
/// frame; the heading of the pointing axis p is atan2(p.East, p.North). No Euler angles
/// are involved, so it stays well-behaved at pitch +-90 degrees, where a wall unit stands.
/// Allocation-free (it runs at 25-100 Hz).
public struct HeadingSolution: Sendable, Equatable {
    /// Degrees clockwise from magnetic north, [0, 360).
    public let magneticHeading: Double
    /// Degrees, positive nose (device +x) up.
    public let pitch: Double
    /// Degrees, positive right side (device +y) down.
    public let roll: Double
    /// The magnetic field's dip below the horizontal, degrees (positive down).
    public let dip: Double
    /// Field strength and acceleration magnitude (the sample's own units).
    public let fieldStrength: Double
    public let accelerationMagnitude: Double

    /// Nil when the sample cannot give a heading: a zero or non-finite vector, the field
    /// parallel to gravity, or the pointing axis vertical.
    public init?(accel: Vector3, mag: Vector3, pointing: Vector3) {
        guard accel.isFinite, mag.isFinite else { return nil }
        let g = accel.length, f = mag.length
        guard g > 0, f > 0 else { return nil }
        let down = (-1 / g) * accel
        let east = down.cross(mag)
        let e = east.length
        guard e > 1e-9 * f else { return nil }
        let eastU = (1 / e) * east
        let northU = eastU.cross(down)
        let pe = pointing.dot(eastU), pn = pointing.dot(northU)
        guard (pe * pe + pn * pn) > 1e-6 else { return nil }
        let h = atan2(pe, pn) * (180 / Double.pi)
        magneticHeading = h < 0 ? h + 360 : (h >= 360 ? h - 360 : h)
        pitch = asin(max(-1, min(1, -down.x))) * (180 / Double.pi)
        roll = atan2(down.y, down.z) * (180 / Double.pi)
        dip = asin(max(-1, min(1, down.dot(mag) / f))) * (180 / Double.pi)
        fieldStrength = f
        accelerationMagnitude = g
    }

    /// True heading: magnetic heading plus the declination (east positive), [0, 360).
    public func trueHeading(declination: Double) -> Double {
        let t = (magneticHeading + declination).truncatingRemainder(dividingBy: 360)
        return t < 0 ? t + 360 : t
    }
}

/// Qibla offset: how far to turn from the true heading to face the qibla, (-180, 180],
/// positive to the right (clockwise).
public func qiblaOffset(qiblaBearing: Double, trueHeading: Double) -> Double {
    var d = (qiblaBearing - trueHeading).truncatingRemainder(dividingBy: 360)
    if d <= -180 { d += 360 }
    if d > 180 { d -= 360 }
    return d
}
