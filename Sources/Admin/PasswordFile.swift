import FoundationEssentials
import Glibc
import Service
import Synchronization
import Platform

/// Who may log in to the admin page: one line per user, `user:scrypt$N$r$p$SALT$HASH` (salt
/// and hash base64), written by `mihrab admin passwd`. Lines starting with `#` and blank lines
/// are ignored; a malformed line is skipped with a one-line warning naming file and line. A
/// file that group or others may read is refused whole.
public struct PasswordFile: Sendable {
    public struct Entry: Sendable, Equatable {
        public var n: UInt64, r: UInt64, p: UInt64
        public var salt: [UInt8]
        public var hash: [UInt8]
    }

    /// scrypt's cost: 2^15 x 8 x 128 bytes = 32 MiB and a fraction of a second on a Pi.
    public static let n: UInt64 = 1 << 15, r: UInt64 = 8, p: UInt64 = 1
    static let saltBytes = 16, hashBytes = 32
    static let maximumBytes = 64 * 1024
    /// A line asking scrypt for more (128 x N x r bytes) is refused: twice the default at most.
    static let maximumScryptMemory: UInt64 = 64 << 20

    public let path: String
    public private(set) var entries: [String: Entry] = [:]
    /// One line each: "FILE:LINE: why the line was skipped".
    public private(set) var warnings: [String] = []

    /// The shortest password `mihrab admin passwd` and the setup page take.
    public static let minimumPasswordLength = 10

    /// Why a new password is refused ("must be at least 10 characters (got 4)"), nil when it
    /// is good: the rule `mihrab admin passwd` and the setup page apply.
    public static func passwordProblem(_ password: String) -> String? {
        password.count >= minimumPasswordLength ? nil : "must be at least \(minimumPasswordLength) characters (got \(password.count))"
    }

    /// A name a password file can hold: 1 to 64 letters, digits, ".", "-", "_".
    public static func validUser(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.unicodeScalars.allSatisfy {
            isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    /// Parses a file's text (no permission check: `load` does that).
    public init(text: String, path: String) {
        self.path = path
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let (user, entry) = PasswordFile.parse(line) else {
                warnings.append("\(path):\(i + 1): not \"user:scrypt$N$r$p$salt$hash\": line skipped")
                continue
            }
            entries[user] = entry
        }
    }

    static func parse(_ line: String) -> (String, Entry)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let user = String(line[..<colon])
        let fields = line[line.index(after: colon)...].split(separator: "$", omittingEmptySubsequences: false)
        guard validUser(user), fields.count == 6, fields[0] == "scrypt",
              let n = UInt64(fields[1]), let r = UInt64(fields[2]), let p = UInt64(fields[3]),
              n >= 1024, n <= 1 << 20, n & (n - 1) == 0, (1...32).contains(r), (1...4).contains(p),
              128 * n * r <= maximumScryptMemory,
              let salt = Data(base64Encoded: String(fields[4])), (8...64).contains(salt.count),
              let hash = Data(base64Encoded: String(fields[5])), (16...64).contains(hash.count) else { return nil }
        return (user, Entry(n: n, r: r, p: p, salt: Array(salt), hash: Array(hash)))
    }

    /// Reads and parses the file; refuses one that group or others may read.
    public static func load(path: String) throws(AdminError) -> PasswordFile {
        let text = try readPrivate(path)
        return PasswordFile(text: text, path: path)
    }

    /// The file's text, checked to be the owner's alone.
    static func readPrivate(_ path: String) throws(AdminError) -> String {
        let (text, mode) = try readText(path)
        guard mode & 0o077 == 0 else { throw AdminError("\(path): readable by others (chmod 600)") }
        return text
    }

    /// The file's text and permission bits (of the very file read), size-checked before it is read.
    private static func readText(_ path: String) throws(AdminError) -> (text: String, mode: mode_t) {
        switch readSmallFileAndMode(path, limit: maximumBytes) {
        case .success(let file?):
            guard let text = String(validating: file.data, as: UTF8.self) else { throw AdminError("\(path): not UTF-8 text") }
            return (text, file.mode)
        case .success(nil): throw AdminError("\(path): \(String(cString: strerror(ENOENT)))")
        case .failure(.tooLarge(let size, _)): throw AdminError("\(path): \(size) bytes: larger than a password file may be (\(maximumBytes))")
        case .failure(.unreadable(let why)): throw AdminError("\(path): \(why)")
        }
    }

    /// scrypt runs one at a time (32 MiB each: a burst of logins must not exhaust a Pi Zero).
    private static let hashing = Mutex<Void>(())

    /// Whether `password` is `user`'s. An unknown user costs the same time as a known one.
    public func verify(user: String, password: String) -> Bool {
        let known = entries[user]
        let e = known ?? Entry(n: PasswordFile.n, r: PasswordFile.r, p: PasswordFile.p,
                               salt: [UInt8](repeating: 0, count: PasswordFile.saltBytes), hash: [UInt8](repeating: 0, count: PasswordFile.hashBytes))
        let computed = PasswordFile.hashing.withLock { _ in
            try? Crypto.scrypt(password, salt: e.salt, n: e.n, r: e.r, p: e.p, length: e.hash.count)
        }
        guard let computed else { return false }
        return Crypto.constantTimeEqual(computed, e.hash) && known != nil
    }

    /// A new line for `user` (a fresh random salt).
    public static func line(user: String, password: String) throws(AdminError) -> String {
        guard validUser(user) else { throw AdminError("\(quotedName(user)): a user name is 1 to 64 letters, digits, \".\", \"-\" or \"_\"") }
        let salt = Crypto.random(saltBytes)
        let hash = try hashing.withLock { _ throws(AdminError) in try Crypto.scrypt(password, salt: salt, n: n, r: r, p: p, length: hashBytes) }
        return "\(user):scrypt$\(n)$\(r)$\(p)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// `text` with `user`'s line replaced by `line` (or `line` added); every other line kept.
    public static func replacing(user: String, with line: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var found = false
        lines = lines.compactMap { l in
            guard l.hasPrefix(user + ":") else { return l }
            if found { return nil }
            found = true
            return line
        }
        if !found { lines.append(line) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Sets `user`'s password in the file at `path` (made if absent), written atomically with
    /// mode 0600.
    public static func setPassword(user: String, password: String, path: String) throws(AdminError) {
        let line = try line(user: user, password: password)
        var text = ""
        if access(path, F_OK) == 0 {
            // A file open to others is rewritten 0600 (its hashes are kept): its mode is not checked here.
            text = try readText(path).text
        }
        do {
            try writeAtomically(Data(replacing(user: user, with: line, in: text).utf8), to: path, mode: 0o600)
        } catch {
            throw AdminError(error.description)
        }
    }

    /// A name for a message: quoted, cut to 64, anything unprintable a "?".
    public static func quotedName(_ s: String) -> String {
        "\"" + String(s.prefix(64).map { $0.isASCII && !$0.isWhitespace || $0 == " " ? $0 : "?" }) + "\""
    }
}
