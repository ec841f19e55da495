import Crypto
import Foundation
import Service
import SwiftASN1
import X509
import _CryptoExtras

/// The few cryptographic operations the admin page needs: swift-crypto (BoringSSL, compiled
/// into the binary) for scrypt and SHA-256, swift-certificates for the self-signed pair.
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
        do {
            let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: length,
                                               rounds: Int(n), blockSize: Int(r), parallelism: Int(p))
            return key.withUnsafeBytes { Array($0) }
        } catch {
            throw AdminError("scrypt: \(error)")
        }
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
        let privateKey = P256.Signing.PrivateKey()
        let pem: String
        do {
            let name = try DistinguishedName { CommonName(host) }
            let now = Date()
            let cert = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(privateKey.publicKey),
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(10 * 365.25 * 86400),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    SubjectAlternativeNames([.dnsName(host)])
                },
                issuerPrivateKey: .init(privateKey))
            pem = try cert.serializeAsPEM().pemString + "\n"
        } catch {
            throw AdminError("admin page: cannot make a certificate for \(host): \(error)")
        }
        do {
            try writeAtomically(Data((privateKey.pemRepresentation + "\n").utf8), to: key, mode: 0o600)
            try writeAtomically(Data(pem.utf8), to: certificate, mode: 0o644)
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
        let text = String(decoding: try readPEM(path), as: UTF8.self)
        let first: PEMDocument
        do {
            guard let d = try PEMDocument.parseMultiple(pemString: text).first(where: { $0.discriminator == "CERTIFICATE" }) else {
                throw AdminError("\(path): no certificate in it")
            }
            first = d
        } catch let e as AdminError {
            throw e
        } catch {
            throw AdminError("\(path): not a PEM certificate: \(error)")
        }
        return SHA256.hash(data: first.derBytes).map { String(format: "%02x", $0) }.joined()
    }
}
