import CCrypto
import FoundationEssentials
import Glibc
import Platform
import Service

/// The few cryptographic operations the admin page needs, from Debian's libcrypto (hal/crypto):
/// scrypt, SHA-256 and the self-signed pair. TLS itself is NIOSSL's.
enum Crypto {
    /// PEM files larger than this are not read (a certificate chain is a few KiB).
    static let maximumPEMBytes = 256 * 1024

    /// `count` bytes from the system's CSPRNG (getrandom(2)).
    static func random(_ count: Int) -> [UInt8] {
        var g = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &g) }
    }

    /// scrypt (RFC 7914). N a power of two from 2^10 to 2^20, r 1 to 32, p 1 to 16, 16 to 64
    /// bytes out: a hostile password file cannot make it take gigabytes.
    static func scrypt(_ password: String, salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, length: Int) throws(AdminError) -> [UInt8] {
        guard n >= 1 << 10, n <= 1 << 20, n & (n - 1) == 0, (1...32).contains(r), (1...16).contains(p), (16...64).contains(length), !salt.isEmpty else {
            throw AdminError("scrypt: parameters out of range (N \(n), r \(r), p \(p), \(length) bytes, \(salt.count) bytes of salt)")
        }
        var key = [UInt8](repeating: 0, count: length)
        let password = Array(password.utf8)
        let rc = mihrab_scrypt(password, password.count, salt, salt.count, n, r, p, &key, length)
        if rc == MIHRAB_CRYPTO_NO_LIBRARY { throw libraryMissing() }
        guard rc == 0 else {
            throw AdminError("scrypt: could not derive the key (N \(n), r \(r), p \(p))")
        }
        return key
    }

    /// libcrypto could not be opened (dlopen, on first use: hal/dynamic): the loader's one line.
    static func libraryMissing() -> AdminError {
        AdminError("libcrypto cannot be loaded: \(mihrab_crypto_library_error().map { String(cString: $0) } ?? "unknown reason")")
    }

    /// Compares in time that depends on the lengths only, never on where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }

    /// A self-signed certificate for `host` (EC P-256, CN and subjectAltName DNS:host, 10 years),
    /// written as PEM: the key first (mode 0600), each file whole or not at all.
    static func makeCertificate(certificate: String, key: String, host: String) throws(AdminError) {
        var (certPEM, keyPEM): (UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?) = (nil, nil)
        var problem = [CChar](repeating: 0, count: 256)
        guard mihrab_self_signed(host, Int64(Date().timeIntervalSince1970), Int64(10 * 365.25 * 86400), &certPEM, &keyPEM, &problem, problem.count) == 0,
              let certPEM, let keyPEM else {
            throw AdminError("admin page: cannot make a certificate for \(host): \(stringFromCBuffer(problem))")
        }
        defer { mihrab_crypto_free(certPEM); mihrab_crypto_free(keyPEM) }
        do {
            try writeAtomically(Data(String(cString: keyPEM).utf8), to: key, mode: 0o600)
            try writeAtomically(Data(String(cString: certPEM).utf8), to: certificate, mode: 0o644)
        } catch {
            throw AdminError("admin page: cannot write the certificate: \(error)")
        }
    }

    /// A PEM file's bytes, size-checked before it is read.
    static func readPEM(_ path: String) throws(AdminError) -> [UInt8] {
        switch readSmallFile(path, limit: maximumPEMBytes) {
        case .success(let data?): return Array(data)
        case .success(nil): throw AdminError("\(path): no such file")
        case .failure(let problem): throw AdminError("\(path): \(problem)")
        }
    }

    /// SHA-256 of the first certificate in a PEM file (its DER bytes), 64 lowercase hex digits.
    static func fingerprint(certificate path: String) throws(AdminError) -> String {
        let pem = try readPEM(path)
        var digest = [UInt8](repeating: 0, count: 32)
        switch mihrab_pem_certificate_sha256(pem, pem.count, &digest) {
        case 0: return hexString(digest)
        case -1: throw AdminError("\(path): no certificate in it")
        case MIHRAB_CRYPTO_NO_LIBRARY: throw libraryMissing()
        default: throw AdminError("\(path): not a PEM certificate")
        }
    }
}
