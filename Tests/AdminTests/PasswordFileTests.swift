import Foundation
import Testing
@testable import Admin

@Suite("Admin password file")
struct PasswordFileTests {
    static func tempDir() -> String {
        let d = NSTemporaryDirectory() + "mihrab-pw-\(UInt32.random(in: 0 ... .max))"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test("A line made by setPassword verifies with its password and not with another, nor for another user")
    func verifies() throws {
        let d = Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let path = d + "/admin.passwd"
        try PasswordFile.setPassword(user: "admin", password: "correct horse battery", path: path)
        let f = try PasswordFile.load(path: path)
        #expect(f.warnings.isEmpty)
        #expect(f.verify(user: "admin", password: "correct horse battery"))
        #expect(!f.verify(user: "admin", password: "correct horse batterz"))
        #expect(!f.verify(user: "imam", password: "correct horse battery"))
        let line = try String(contentsOfFile: path, encoding: .utf8)
        #expect(line.hasPrefix("admin:scrypt$32768$8$1$"))
        // Mode 0600.
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    @Test("Setting a second user keeps the first; setting the first again replaces its line only")
    func replaces() throws {
        let d = Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let path = d + "/p"
        try PasswordFile.setPassword(user: "admin", password: "first password", path: path)
        try PasswordFile.setPassword(user: "imam", password: "imam's password", path: path)
        try PasswordFile.setPassword(user: "admin", password: "second password", path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2)
        let f = try PasswordFile.load(path: path)
        #expect(f.verify(user: "admin", password: "second password"))
        #expect(!f.verify(user: "admin", password: "first password"))
        #expect(f.verify(user: "imam", password: "imam's password"))
    }

    @Test("A malformed line is skipped with a warning naming file and line; the others still count")
    func malformed() throws {
        let good = try PasswordFile.line(user: "admin", password: "a good password")
        let f = PasswordFile(text: "# comment\nbroken line\nx:scrypt$3$8$1$AAAA$BBBB\n\(good)\n", path: "/etc/p")
        #expect(f.warnings == ["/etc/p:2: not \"user:scrypt$N$r$p$salt$hash\": line skipped",
                               "/etc/p:3: not \"user:scrypt$N$r$p$salt$hash\": line skipped"])
        #expect(f.entries.keys.sorted() == ["admin"])
        #expect(f.verify(user: "admin", password: "a good password"))
    }

    @Test("A password file readable by others is refused in one line")
    func readableByOthers() throws {
        let d = Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: d) }
        let path = d + "/p"
        try PasswordFile.setPassword(user: "admin", password: "correct horse battery", path: path)
        chmod(path, 0o644)
        #expect(throws: AdminError("\(path): readable by others (chmod 600)")) { try PasswordFile.load(path: path) }
        chmod(path, 0o640)
        #expect(throws: AdminError("\(path): readable by others (chmod 600)")) { try PasswordFile.load(path: path) }
        // Setting a password rewrites it 0600, the lines it held kept.
        try PasswordFile.setPassword(user: "imam", password: "another good password", path: path)
        #expect(try PasswordFile.load(path: path).entries.keys.sorted() == ["admin", "imam"])
    }

    @Test("Hashing refuses hostile parameters instead of taking gigabytes")
    func hostileParameters() {
        #expect(throws: AdminError.self) { try Crypto.scrypt("x", salt: [1, 2, 3, 4], n: 1 << 30, r: 8, p: 1, length: 32) }
        #expect(throws: AdminError.self) { try Crypto.scrypt("x", salt: [1, 2, 3, 4], n: 1000, r: 8, p: 1, length: 32) }
        #expect(PasswordFile(text: "a:scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", path: "p").entries.isEmpty)
        // 2^20 x 32 x 128 bytes = 4 GiB, and 2^17 x 8 x 128 = 128 MiB: refused; 2^16 x 8 (64 MiB) taken.
        for (n, r, taken) in [(1 << 20, 32, false), (1 << 17, 8, false), (1 << 16, 8, true)] {
            let line = "a:scrypt$\(n)$\(r)$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
            #expect(PasswordFile(text: line, path: "p").entries.isEmpty == !taken, "\(line)")
        }
    }
}
