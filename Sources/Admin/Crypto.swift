import CTLS
import Foundation

/// The few cryptographic operations the admin page needs, over `hal/tls` (OpenSSL: already
/// linked for the TLS front, and by libmosquitto; no second crypto library in the binary).
enum Crypto {
    /// `count` bytes from OpenSSL's CSPRNG.
    static func random(_ count: Int) throws(AdminError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard mihrab_tls_random(&bytes, count) == 0 else { throw AdminError("no random bytes from OpenSSL") }
        return bytes
    }

    static func scrypt(_ password: String, salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, length: Int) throws(AdminError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        var err = [CChar](repeating: 0, count: 256)
        let count = password.utf8.count
        let rc = password.withCString { mihrab_tls_scrypt($0, count, salt, salt.count, n, r, p, &out, length, &err, err.count) }
        guard rc == 0 else { throw AdminError(text(err)) }
        return out
    }

    /// Compares in time that depends on the lengths only, never on where they differ.
    /// A NUL-terminated message from C.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }

    static func makeCertificate(certificate: String, key: String, host: String) throws(AdminError) {
        var err = [CChar](repeating: 0, count: 512)
        guard mihrab_tls_make_certificate(certificate, key, host, &err, err.count) == 0 else { throw AdminError(text(err)) }
    }

    /// SHA-256 of the certificate, hex.
    static func fingerprint(certificate: String) throws(AdminError) -> String {
        var out = [CChar](repeating: 0, count: 80)
        var err = [CChar](repeating: 0, count: 512)
        guard mihrab_tls_fingerprint(certificate, &out, out.count, &err, err.count) == 0 else { throw AdminError(text(err)) }
        return text(out)
    }
}
