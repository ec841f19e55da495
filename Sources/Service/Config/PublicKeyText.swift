import FoundationEssentials
import UnitModel

/// An `ed25519:BASE64` public key as a config holds it (`[network] site_key`, a unit's key in
/// the roster): what makes one, and the keys that are refused although they decode.
public enum PublicKeyText {
    /// The 32 bytes, or why the text is not a usable key. The reason never repeats the text:
    /// a private key pasted in the wrong place must not reach the journal.
    public static func parse(_ text: String) -> Result<[UInt8], Problem> {
        if text.hasPrefix("ed25519-private:") { return .failure(.privateKey) }
        guard text.hasPrefix("ed25519:"), let d = Data(base64Encoded: String(text.dropFirst(8))), d.count == 32 else {
            return .failure(.notAKey(text.count))
        }
        let bytes = Array(d)
        return isSmallOrder(bytes) ? .failure(.weak) : .success(bytes)
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case privateKey, notAKey(Int), weak
        public var description: String {
            switch self {
            case .privateKey: "is the PRIVATE half of a key (ed25519-private:…, not repeated here): it belongs only in the signing_key file; this takes the public half, \"ed25519:BASE64\", as mihrab site keygen prints it"
            case .notAKey(let n): "is not \"ed25519:BASE64\" with 32 bytes (the line mihrab site keygen prints; this one has \(n) characters)"
            case .weak: "is a point of small order (the identity, zero and the like): any signature would pass for it; make a key with mihrab site keygen"
            }
        }
    }

    /// Whether the encoded point's order divides 8, so that signatures "verify" without its
    /// secret (RFC 8032 §5.1.7 leaves rejecting them to the verifier). The y-coordinates of the
    /// eight such points, with the sign of x cleared: 0 (order 4), 1 (the identity), p−1
    /// (order 2), the two y of the order-8 points, and the non-canonical p and p+1 (0 and 1 again).
    public static func isSmallOrder(_ key: [UInt8]) -> Bool {
        guard key.count == 32 else { return true }
        var y = key
        y[31] &= 0x7F
        let ff = [UInt8](repeating: 0xFF, count: 30)
        let small: [[UInt8]] = [
            [UInt8](repeating: 0, count: 32),
            [1] + [UInt8](repeating: 0, count: 31),
            [0xEC] + ff + [0x7F], [0xED] + ff + [0x7F], [0xEE] + ff + [0x7F],
            [0x26, 0xE8, 0x95, 0x8F, 0xC2, 0xB2, 0x27, 0xB0, 0x45, 0xC3, 0xF4, 0x89, 0xF2, 0xEF, 0x98, 0xF0,
             0xD5, 0xDF, 0xAC, 0x05, 0xD3, 0xC6, 0x33, 0x39, 0xB1, 0x38, 0x02, 0x88, 0x6D, 0x53, 0xFC, 0x05],
            [0xC7, 0x17, 0x6A, 0x70, 0x3D, 0x4D, 0xD8, 0x4F, 0xBA, 0x3C, 0x0B, 0x76, 0x0D, 0x10, 0x67, 0x0F,
             0x2A, 0x20, 0x53, 0xFA, 0x2C, 0x39, 0xCC, 0xC6, 0x4E, 0xC7, 0xFD, 0x77, 0x92, 0xAC, 0x03, 0x7A],
        ]
        return small.contains(y)
    }
}

extension NetworkConfig {
    /// The 32 bytes of an `ed25519:BASE64` public key, nil when it is not one.
    /// Keys of small order are not keys (`PublicKeyText`).
    public static func publicKeyBytes(_ text: String) -> Data? {
        guard case .success(let bytes) = PublicKeyText.parse(text) else { return nil }
        return Data(bytes)
    }
}
