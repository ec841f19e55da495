import CQRencode
#if canImport(Glibc)
import Glibc
#endif

/// A QR code's modules, `size` a side, row after row: what libqrencode made, copied out of its
/// buffer (freed at once). A value: compared, kept and sent between threads freely.
public struct QRMatrix: Sendable, Equatable {
    /// Modules a side (21 for version 1, 4 more each version), without the quiet zone.
    public let size: Int
    /// `size * size` modules, row after row, true for dark.
    private let modules: [Bool]

    /// The most bytes (UTF-8) taken: a setup address is well under it, and a code holding more
    /// (version 19 at level M, 93 modules a side) is hard to read from across a room.
    public static let maxBytes = 500

    /// Made from `size * size` modules, row after row (true for dark). Nil when the count is wrong.
    public init?(size: Int, modules: [Bool]) {
        guard size > 0, modules.count == size * size else { return nil }
        self.size = size
        self.modules = modules
    }

    /// `code[x, y]`: the module at column `x`, row `y` (0 at the top left); outside the code, light (the
    /// quiet zone around it).
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// `text`'s UTF-8 bytes in the smallest code at error-correction level M (15% of the modules
    /// may be lost), by Debian's libqrencode (libqrencode4), opened on the first call. Safe from
    /// any thread: that library is built reentrant (pthread).
    public static func encode(_ text: String) throws(QRError) -> QRMatrix {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxBytes else { throw .tooLong(bytes: bytes.count, limit: maxBytes) }
        if let reason = mihrab_qrencode_library_error() { throw .libraryMissing(reason: String(cString: reason)) }
        var errorCode: Int32 = 0
        let made = bytes.withUnsafeBufferPointer { mihrab_qrencode_encode($0.baseAddress, $0.count, &errorCode) }
        guard let code = made else {
            // ERANGE: more than version 40 holds (not reached under maxBytes, kept for a smaller limit).
            if errorCode == ERANGE { throw .tooLong(bytes: bytes.count, limit: maxBytes) }
            throw .encodingFailed(errno: errorCode)
        }
        defer { mihrab_qrencode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { throw .encodingFailed(errno: 0) }
        let modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
        guard let matrix = QRMatrix(size: width, modules: modules) else { throw .encodingFailed(errno: 0) }
        return matrix
    }

    /// One string a row, "1" dark and "0" light, without the quiet zone: a compact form a JSON
    /// API can carry and a page can draw.
    public func rows() -> [String] {
        (0..<size).map { y in String((0..<size).map { self[$0, y] ? "1" : "0" }) }
    }
}
