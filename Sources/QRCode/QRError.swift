#if canImport(Glibc)
import Glibc
#endif

/// Why a QR code could not be made: one line, naming what is missing or wrong.
public enum QRError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libqrencode could not be opened (dlopen, on first use): the loader's one line.
    case libraryMissing(reason: String)
    /// Nothing to encode.
    case empty
    /// More bytes (UTF-8) than a code on a screen is read from: `limit` is the most taken.
    case tooLong(bytes: Int, limit: Int)
    /// libqrencode refused the text: its errno.
    case encodingFailed(errno: Int32)

    public var description: String {
        switch self {
        case .libraryMissing(let reason):
            return "QR code: libqrencode4 is not installed (\(reason))"
        case .empty:
            return "QR code: the text is empty"
        case .tooLong(let bytes, let limit):
            return "QR code: text of \(bytes) bytes is too long (at most \(limit))"
        case .encodingFailed(let code):
            return "QR code: libqrencode could not encode the text: \(String(cString: strerror(code)))"
        }
    }
}
