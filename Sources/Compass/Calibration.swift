#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hard- and soft-iron correction of a magnetometer, in the device frame:
/// corrected = softIron x (raw - hardIron). Stored and loaded as it is (Codable).
public struct MagnetometerCalibration: Sendable, Equatable, Codable {
    public var hardIron: Vector3
    public var softIron: Matrix3
    /// The field strength the fit found (the raw samples' units), and how well they fitted.
    public var fieldStrength: Double
    public var residual: Double

    public init(hardIron: Vector3, softIron: Matrix3, fieldStrength: Double, residual: Double) {
        self.hardIron = hardIron
        self.softIron = softIron
        self.fieldStrength = fieldStrength
        self.residual = residual
    }

    public static let identity = MagnetometerCalibration(hardIron: .zero, softIron: .identity, fieldStrength: 0,
                                                         residual: 0)

    @inline(__always) public func apply(_ raw: Vector3) -> Vector3 { softIron * (raw - hardIron) }
}

/// One sample gathered while the unit is turned around, in the device frame.
public struct CalibrationSample: Sendable, Equatable {
    public var accel: Vector3
    public var mag: Vector3
    public init(accel: Vector3, mag: Vector3) { self.accel = accel; self.mag = mag }
}

/// What the calibration found and whether it can be used.
public struct CalibrationReport: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Fitted and every check passed.
        case accepted
        /// Not enough directions covered yet: keep turning the unit (see `missing`).
        case incomplete
        /// Fitted, but a check failed (residual, field strength or dip): iron nearby, redo it.
        case rejected
    }

    public var status: Status
    public var calibration: MagnetometerCalibration?
    /// Fraction of the 26 directions (of the field in the device frame) with samples.
    public var coverage: Double
    /// The directions still missing, as device-frame names ("+x", "-y-z", ...).
    public var missing: [String]
    /// Why it was not accepted, one line each.
    public var problems: [String]
    /// The calibrated field strength against the expected, and the mean dip found (degrees).
    public var fieldRatio: Double?
    public var dip: Double?
}

/// Fits hard and soft iron from samples taken while the unit is turned through all
/// directions: a general ellipsoid (9 parameters) by linear least squares, then the
/// symmetric square root of its shape matrix maps it onto a sphere.
public enum MagnetometerCalibrator {
    public struct Limits: Sendable {
        public var minimumSamples = 50
        /// Directions (of 26) that must hold samples, and the six axis directions always.
        public var minimumCoverage = 20.0 / 26.0
        /// RMS of (|corrected| - strength) / strength.
        public var maximumResidual = 0.03
        /// Fitted strength against the WMM's total intensity.
        public var fieldTolerance = 0.25
        /// Mean dip against the WMM's inclination, degrees.
        public var dipTolerance = 5.0
        public init() {}
    }

    /// - Parameters:
    ///   - expectedField: the WMM's total intensity, in the samples' units.
    ///   - expectedDip: the WMM's inclination, degrees.
    public static func calibrate(_ samples: [CalibrationSample], expectedField: Double, expectedDip: Double,
                                 limits: Limits = Limits()) -> CalibrationReport {
        let good = samples.filter { $0.mag.isFinite && $0.accel.isFinite && $0.accel.length > 0 }
        let (coverage, missing) = Coverage.measure(good.map(\.mag))
        var report = CalibrationReport(status: .incomplete, calibration: nil, coverage: coverage, missing: missing,
                                       problems: [], fieldRatio: nil, dip: nil)
        if good.count < limits.minimumSamples {
            report.problems.append("only \(good.count) samples; at least \(limits.minimumSamples) are needed")
        }
        let axes = ["+x", "-x", "+y", "-y", "+z", "-z"]
        if coverage < limits.minimumCoverage || missing.contains(where: axes.contains) {
            report.problems.append("directions not yet covered: \(missing.joined(separator: " "))")
        }
        guard report.problems.isEmpty else { return report }

        guard let fit = fitEllipsoid(good.map(\.mag)) else {
            report.status = .rejected
            report.problems.append("the samples do not describe an ellipsoid")
            return report
        }
        report.calibration = fit
        report.status = .accepted
        if fit.residual > limits.maximumResidual {
            report.problems.append("fit residual \(percent(fit.residual)) exceeds \(percent(limits.maximumResidual))")
        }
        let ratio = fit.fieldStrength / expectedField
        report.fieldRatio = ratio
        if abs(ratio - 1) > limits.fieldTolerance {
            report.problems.append("field strength \(percent(ratio)) of the expected (WMM)")
        }
        var dipSum = 0.0
        for s in good {
            let m = fit.apply(s.mag), down = (-1 / s.accel.length) * s.accel
            dipSum += asin(max(-1, min(1, down.dot(m) / m.length))) * (180 / Double.pi)
        }
        let dip = dipSum / Double(good.count)
        report.dip = dip
        if abs(dip - expectedDip) > limits.dipTolerance {
            report.problems.append("dip \(String(format1: dip)) degrees, expected \(String(format1: expectedDip)) (WMM)")
        }
        if !report.problems.isEmpty { report.status = .rejected }
        return report
    }

    /// a x^2 + b y^2 + c z^2 + 2d xy + 2e xz + 2f yz + 2g x + 2h y + 2i z = 1, least squares.
    static func fitEllipsoid(_ points: [Vector3]) -> MagnetometerCalibration? {
        guard points.count >= 9 else { return nil }
        // Scale for conditioning: work in units of the mean magnitude.
        let scale = points.reduce(0) { $0 + $1.length } / Double(points.count)
        guard scale > 0, scale.isFinite else { return nil }
        var ata = [Double](repeating: 0, count: 81), atb = [Double](repeating: 0, count: 9)
        for p0 in points {
            let p = (1 / scale) * p0
            let row = [p.x * p.x, p.y * p.y, p.z * p.z, 2 * p.x * p.y, 2 * p.x * p.z, 2 * p.y * p.z,
                       2 * p.x, 2 * p.y, 2 * p.z]
            for i in 0..<9 {
                atb[i] += row[i]
                for j in 0..<9 { ata[i * 9 + j] += row[i] * row[j] }
            }
        }
        guard let u = solve(ata, atb, n: 9) else { return nil }
        let Q = Matrix3(rows: Vector3(u[0], u[3], u[4]), Vector3(u[3], u[1], u[5]), Vector3(u[4], u[5], u[2]))
        guard let Qi = Q.inverse else { return nil }
        let center = -1 * (Qi * Vector3(u[6], u[7], u[8]))
        let k = 1 + center.dot(Q * center)
        guard k > 0 else { return nil }
        let M = Q.scaled(1 / k)
        let eig = SymmetricEigen(M)
        guard eig.values.x > 0, eig.values.y > 0, eig.values.z > 0 else { return nil }
        // Mean radius (geometric), then W = sqrt(M) x radius maps the ellipsoid onto that sphere.
        let radius = pow(eig.values.x * eig.values.y * eig.values.z, -1.0 / 6.0)
        let W = eig.recomposed { $0.squareRoot() }.scaled(radius)
        let hard = scale * center
        var sq = 0.0
        for p in points {
            let m = W * (p - hard)
            let e = m.length / (radius * scale) - 1
            sq += e * e
        }
        return MagnetometerCalibration(hardIron: hard, softIron: W, fieldStrength: radius * scale,
                                       residual: (sq / Double(points.count)).squareRoot())
    }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ a0: [Double], _ b0: [Double], n: Int) -> [Double]? {
        var a = a0, b = b0
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r * n + col]) > abs(a[pivot * n + col]) { pivot = r }
            guard abs(a[pivot * n + col]) > 1e-12 else { return nil }
            if pivot != col {
                for j in 0..<n { a.swapAt(col * n + j, pivot * n + j) }
                b.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = a[r * n + col] / a[col * n + col]
                if f == 0 { continue }
                for j in col..<n { a[r * n + j] -= f * a[col * n + j] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for j in (r + 1)..<n { s -= a[r * n + j] * x[j] }
            x[r] = s / a[r * n + r]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    private static func percent(_ v: Double) -> String { "\(Int((v * 100).rounded()))%" }
}

/// Which of 26 directions (the cube's faces, edges and corners) the field has been seen in,
/// in the device frame, around the middle of the samples' range.
public enum Coverage {
    public static func measure(_ mags: [Vector3]) -> (fraction: Double, missing: [String]) {
        guard let first = mags.first else { return (0, names(excluding: [])) }
        var lo = first, hi = first
        for m in mags {
            lo = Vector3(min(lo.x, m.x), min(lo.y, m.y), min(lo.z, m.z))
            hi = Vector3(max(hi.x, m.x), max(hi.y, m.y), max(hi.z, m.z))
        }
        let center = 0.5 * (lo + hi)
        var seen = Set<Int>()
        for m in mags {
            let d = m - center
            let l = d.length
            guard l > 0 else { continue }
            let u = (1 / l) * d
            // The nearest of the 26 directions.
            var best = -2.0, bestKey = 0
            for key in keys {
                let v = direction(key)
                let c = u.dot(v)
                if c > best { best = c; bestKey = key }
            }
            seen.insert(bestKey)
        }
        return (Double(seen.count) / 26, names(excluding: seen))
    }

    static let keys: [Int] = (0..<27).filter { $0 != 13 }

    static func direction(_ key: Int) -> Vector3 {
        let v = Vector3(Double(key / 9 - 1), Double(key / 3 % 3 - 1), Double(key % 3 - 1))
        return (1 / v.length) * v
    }

    static func name(_ key: Int) -> String {
        let parts = [(key / 9 - 1, "x"), (key / 3 % 3 - 1, "y"), (key % 3 - 1, "z")]
        return parts.compactMap { s, a in s == 0 ? nil : (s > 0 ? "+" : "-") + a }.joined()
    }

    static func names(excluding seen: Set<Int>) -> [String] {
        keys.filter { !seen.contains($0) }.sorted { name($0).count < name($1).count || (name($0).count == name($1).count && $0 < $1) }.map(name)
    }
}

extension String {
    init(format1 v: Double) {
        let r = (v * 10).rounded() / 10
        self = r == r.rounded() ? "\(Int(r)).0" : "\(r)"
    }
}
