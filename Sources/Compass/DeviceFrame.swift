/// The device frame, once for all of Mihrab:
///
/// - x points forward (out of the unit's top edge when it lies flat), y to the right, z down;
///   a right-handed frame like aircraft body axes (north-east-down when level, facing north).
/// - An accelerometer at rest measures the reaction to gravity: flat and level it reads
///   (0, 0, -9.81) m/s^2 in this frame. The "down" direction is the negative of the reading.
/// - Headings are clockwise from north seen from above, [0, 360); offsets are (-180, 180],
///   positive when the qibla is to the right.
/// - Each chip's axes are mapped into this frame by its mounting matrix (board files
///   declare it): device = M x chip. Rows of M are the device axes in chip coordinates.
public enum DeviceFrame {
    /// The unit's pointing axis: which device direction the heading is for. A unit lying
    /// flat points with its top edge (+x); one hanging on a wall points with the normal of
    /// its face (for example -z, out of the front when the face's back is the device's +z).
    public static func axis(named name: String) -> Vector3? {
        switch name {
        case "x", "+x": Vector3(1, 0, 0)
        case "-x": Vector3(-1, 0, 0)
        case "y", "+y": Vector3(0, 1, 0)
        case "-y": Vector3(0, -1, 0)
        case "z", "+z": Vector3(0, 0, 1)
        case "-z": Vector3(0, 0, -1)
        default: nil
        }
    }

    public static let axisNames = ["x", "-x", "y", "-y", "z", "-z"]
}

/// How a chip sits on the board: device = matrix x chip. Only rotations are allowed
/// (orthonormal, determinant +1): a reflection would swap clockwise and anticlockwise.
public struct Mounting: Sendable, Equatable, Codable {
    public let matrix: Matrix3

    public init?(_ matrix: Matrix3) {
        let rows = [matrix.r0, matrix.r1, matrix.r2]
        for i in 0..<3 {
            for j in 0..<3 {
                let d = rows[i].dot(rows[j])
                if abs(d - (i == j ? 1 : 0)) > 1e-6 { return nil }
            }
        }
        guard abs(matrix.determinant - 1) < 1e-6 else { return nil }
        self.matrix = matrix
    }

    public static let identity = Mounting(unchecked: .identity)

    private init(unchecked m: Matrix3) { matrix = m }

    @inline(__always) public func toDevice(_ chip: Vector3) -> Vector3 { matrix * chip }
}
