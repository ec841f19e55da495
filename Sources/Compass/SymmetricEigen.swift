#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Eigenvalues and eigenvectors of a symmetric 3x3 matrix by cyclic Jacobi rotations.
struct SymmetricEigen {
    /// Eigenvalues, and the eigenvectors as the columns of `vectors`.
    let values: Vector3
    let vectors: Matrix3

    init(_ m: Matrix3) {
        var a = m
        var v = Matrix3.identity
        for _ in 0..<50 {
            let off = a[0, 1] * a[0, 1] + a[0, 2] * a[0, 2] + a[1, 2] * a[1, 2]
            if off < 1e-30 { break }
            for (p, q) in [(0, 1), (0, 2), (1, 2)] where abs(a[p, q]) > 1e-300 {
                let theta = (a[q, q] - a[p, p]) / (2 * a[p, q])
                let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
                let c = 1 / (t * t + 1).squareRoot(), s = t * c
                for k in 0..<3 {  // a = J^T a J
                    let akp = a[k, p], akq = a[k, q]
                    a[k, p] = c * akp - s * akq
                    a[k, q] = s * akp + c * akq
                }
                for k in 0..<3 {
                    let apk = a[p, k], aqk = a[q, k]
                    a[p, k] = c * apk - s * aqk
                    a[q, k] = s * apk + c * aqk
                }
                for k in 0..<3 {
                    let vkp = v[k, p], vkq = v[k, q]
                    v[k, p] = c * vkp - s * vkq
                    v[k, q] = s * vkp + c * vkq
                }
            }
        }
        values = Vector3(a[0, 0], a[1, 1], a[2, 2])
        vectors = v
    }

    /// V f(D) V^T for a function of the eigenvalues.
    func recomposed(_ f: (Double) -> Double) -> Matrix3 {
        var d = Matrix3(rows: Vector3(f(values.x), 0, 0), Vector3(0, f(values.y), 0), Vector3(0, 0, f(values.z)))
        d = vectors * d * vectors.transposed
        return d
    }
}
