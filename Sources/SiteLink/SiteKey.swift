import CCrypto
import FoundationEssentials
import Glibc
import Service
import UnitModel

/// The site key's public half (`ed25519:BASE64`, in each unit's own `[network] site_key`): the
/// one key whose signed settings and commands a unit takes. A unit never takes it from the
/// broker.
/// Ed25519 from Debian's libcrypto (hal/crypto), the one place the unit's signatures come from.
public struct SiteKey: Sendable, Equatable, CustomStringConvertible {
    /// The public key's 32 bytes (RFC 8032).
    let key: [UInt8]
    /// `ed25519:` and the 32 bytes in base64, as `mihrab site keygen` prints it.
    public let text: String

    public init?(_ text: String) {
        guard let bytes = NetworkConfig.publicKeyBytes(text), bytes.count == 32 else { return nil }
        (self.key, self.text) = (Array(bytes), text)
    }

    init(raw key: [UInt8]) {
        self.key = key
        text = "ed25519:" + Data(key).base64EncodedString()
    }

    public static func == (a: SiteKey, b: SiteKey) -> Bool { a.text == b.text }

    /// Whether `signature` (`ed25519:BASE64`) is this key's over `message`.
    public func verifies(_ signature: String, over message: Data) -> Bool {
        guard signature.hasPrefix("ed25519:"), let s = Data(base64Encoded: String(signature.dropFirst(8))), s.count == 64 else { return false }
        let (sig, message) = (Array(s), Array(message))
        return mihrab_ed25519_verify(key, message, message.count, sig) == 0
    }

    /// The start of the key, enough to tell two apart in a message.
    public var description: String { String(text.prefix(20)) + "…" }
}

/// The site key's private half, in a file of mode 600 that only the publisher (the office's
/// `mihrab site publish`, or the unit whose admin page publishes) holds.
public struct SigningKey: Sendable {
    /// RFC 8032's 32-byte secret, from which the public key and every signature follow.
    let seed: [UInt8]
    let publicBytes: [UInt8]
    static let prefix = "ed25519-private:"

    public init() {
        var g = SystemRandomNumberGenerator()
        var (seed, pub) = ([UInt8](), [UInt8](repeating: 0, count: 32))
        // Any 32 bytes are an Ed25519 seed: the call fails only when libcrypto cannot allocate.
        var rc: Int32
        repeat {
            seed = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &g) }
            rc = mihrab_ed25519_public(seed, &pub)
            // A programming error: the command checks the library first (checkLibrary).
            if rc == MIHRAB_CRYPTO_NO_LIBRARY { preconditionFailure("SigningKey() before SigningKey.checkLibrary()") }
        } while rc != 0
        (self.seed, publicBytes) = (seed, pub)
    }

    /// RFC 8032's 32-byte secret (its test vectors, our own tests).
    public init?(seed: Data) {
        var pub = [UInt8](repeating: 0, count: 32)
        guard seed.count == 32, mihrab_ed25519_public(Array(seed), &pub) == 0 else { return nil }
        (self.seed, publicBytes) = (Array(seed), pub)
    }

    public var publicKey: SiteKey { SiteKey(raw: publicBytes) }

    /// libcrypto (signatures: hal/crypto, opened on first use) can be loaded; else its one line.
    /// Called before `SigningKey()`; `load` and every MQTT client check it themselves.
    public static func checkLibrary() throws(MQTTError) {
        if let reason = mihrab_crypto_library_error() { throw MQTTError.libraryMissing("libcrypto", String(cString: reason)) }
    }

    /// `ed25519:BASE64` over `message` (RFC 8032: deterministic, the same bytes each time).
    public func sign(_ message: Data) -> String {
        var sig = [UInt8](repeating: 0, count: 64)
        let message = Array(message)
        guard mihrab_ed25519_sign(seed, message, message.count, &sig) == 0 else { return "ed25519:" }
        return "ed25519:" + Data(sig).base64EncodedString()
    }

    /// Reads a key file; refused when group or others may read it, or when it is not one.
    public static func load(_ path: String) throws(MQTTError) -> SigningKey {
        try checkLibrary()
        // O_NONBLOCK: a FIFO in the key's place cannot hang the open (readSmallFile refuses it).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw MQTTError("\(path): cannot be read (\(errno == ENXIO ? "not a regular file" : String(cString: strerror(errno))))")
        }
        var st = stat()
        let mode = fstat(fd, &st) == 0 ? st.st_mode : 0o777
        close(fd)
        guard mode & 0o077 == 0 else {
            throw MQTTError("\(path): readable by others (mode \(String(mode & 0o777, radix: 8))): chmod 600 it, it is the site's private key")
        }
        let text: String
        switch readSmallFile(path, limit: 4096) {
        case .success(let data?): text = String(decoding: data, as: UTF8.self)
        case .success(nil): throw MQTTError("\(path): cannot be read (no such file)")
        case .failure(let problem): throw MQTTError("\(path): \(problem)")
        }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard line.hasPrefix(prefix), let seed = Data(base64Encoded: String(line.dropFirst(prefix.count))), let k = SigningKey(seed: seed) else {
            throw MQTTError("\(path): not a site key (one line \"\(prefix)BASE64\", as mihrab site keygen writes it)")
        }
        return k
    }

    /// Writes the key to a new file of mode 600 (never over an existing one).
    public func write(to path: String) throws(MQTTError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let e = errno
            throw MQTTError("\(path): \(e == EEXIST ? "already exists (a site key is never overwritten; remove it first if you mean to)" : "cannot be written (\(String(cString: strerror(e))))")")
        }
        defer { close(fd) }
        let text = Array((SigningKey.prefix + Data(seed).base64EncodedString() + "\n").utf8)
        guard text.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == text.count, fsync(fd) == 0 else {
            unlink(path)
            throw MQTTError("\(path): cannot be written (\(String(cString: strerror(errno))))")
        }
    }
}

/// What a signature covers: a tag naming what is signed, then each field as its length in
/// bytes and its bytes, so that no field's end can be moved into the next.
enum SigningInput {
    static func of(_ tag: String, _ fields: [String]) -> Data {
        var d = Data((tag + "\n").utf8)
        for f in fields {
            d.append(contentsOf: Array("\(f.utf8.count):".utf8))
            d.append(contentsOf: Array(f.utf8))
            d.append(0x0A)
        }
        return d
    }
}
