#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Vector3: Sendable, Equatable, Codable {
    public var x: Double, y: Double, z: Double

    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x; self.y = y; self.z = z
    }

    public static let zero = Vector3(0, 0, 0)

    @inline(__always) public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inline(__always) public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inline(__always) public static func * (s: Double, v: Vector3) -> Vector3 { Vector3(s * v.x, s * v.y, s * v.z) }
    @inline(__always) public static prefix func - (v: Vector3) -> Vector3 { Vector3(-v.x, -v.y, -v.z) }
    @inline(__always) public func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    @inline(__always) public func cross(_ o: Vector3) -> Vector3 {
        Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }
    @inline(__always) public var length: Double { (x * x + y * y + z * z).squareRoot() }
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    subscript(i: Int) -> Double {
        get { i == 0 ? x : (i == 1 ? y : z) }
        set { if i == 0 { x = newValue } else if i == 1 { y = newValue } else { z = newValue } }
    }
}

/// A 3x3 matrix by rows.
public struct Matrix3: Sendable, Equatable, Codable {
    public var r0: Vector3, r1: Vector3, r2: Vector3

    public init(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        self.r0 = r0; self.r1 = r1; self.r2 = r2
    }

    /// From nine numbers, row by row; nil unless there are nine finite numbers.
    public init?(rows values: [Double]) {
        guard values.count == 9, values.allSatisfy(\.isFinite) else { return nil }
        self.init(rows: Vector3(values[0], values[1], values[2]), Vector3(values[3], values[4], values[5]),
                  Vector3(values[6], values[7], values[8]))
    }

    public static let identity = Matrix3(rows: Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1))

    @inline(__always) public static func * (m: Matrix3, v: Vector3) -> Vector3 {
        Vector3(m.r0.dot(v), m.r1.dot(v), m.r2.dot(v))
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let t = b.transposed
        return Matrix3(rows: Vector3(a.r0.dot(t.r0), a.r0.dot(t.r1), a.r0.dot(t.r2)),
                       Vector3(a.r1.dot(t.r0), a.r1.dot(t.r1), a.r1.dot(t.r2)),
                       Vector3(a.r2.dot(t.r0), a.r2.dot(t.r1), a.r2.dot(t.r2)))
    }

    public var transposed: Matrix3 {
        Matrix3(rows: Vector3(r0.x, r1.x, r2.x), Vector3(r0.y, r1.y, r2.y), Vector3(r0.z, r1.z, r2.z))
    }

    public var determinant: Double { r0.dot(r1.cross(r2)) }

    subscript(i: Int, j: Int) -> Double {
        get { (i == 0 ? r0 : (i == 1 ? r1 : r2))[j] }
        set {
            switch i {
            case 0: r0[j] = newValue
            case 1: r1[j] = newValue
            default: r2[j] = newValue
            }
        }
    }

    public var inverse: Matrix3? {
        let d = determinant
        guard abs(d) > 1e-300, d.isFinite else { return nil }
        let c0 = r1.cross(r2), c1 = r2.cross(r0), c2 = r0.cross(r1)
        return Matrix3(rows: c0, c1, c2).transposed.scaled(1 / d)
    }

    func scaled(_ s: Double) -> Matrix3 { Matrix3(rows: s * r0, s * r1, s * r2) }
}
