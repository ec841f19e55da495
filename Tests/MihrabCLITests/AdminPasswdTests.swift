import Foundation
import TestSupport
import Testing

/// `mihrab admin passwd` run by root keeps the file the unit's user's (the daemon reads it as
/// that user; root's own 0600 file would lock it out).
@Suite("admin passwd: the file's owner")
struct AdminPasswdTests {
    func passwd(_ args: [String], input: String) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = MihrabBinary.url
        p.arguments = ["admin", "passwd"] + args
        let stdin = Pipe(), err = Pipe()
        p.standardInput = stdin
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    @Test("--owner gives the file to a user (as root), keeps it on a change, and an unknown one is refused")
    func owner() throws {
        let file = NSTemporaryDirectory() + "mihrab-passwd-\(UUID().uuidString)"
        let (bad, message) = try passwd(["--file", file, "--owner", "no-such-user-here"], input: "correct horse battery\n")
        #expect(bad == 64 && message.contains("--owner \"no-such-user-here\" is not a user"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: file), "nothing written")
        guard geteuid() == 0, let nobody = getpwnam("nobody") else { return }  // giving a file away takes root (CI runs as root)
        #expect(try passwd(["--file", file, "--owner", "nobody"], input: "correct horse battery\n").0 == 0)
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_uid == nobody.pointee.pw_uid && st.st_mode & 0o777 == 0o600)
        // A second user added by root: the file stays nobody's.
        #expect(try passwd(["--file", file, "--user", "imam"], input: "another long password\n").0 == 0)
        #expect(stat(file, &st) == 0 && st.st_uid == nobody.pointee.pw_uid && st.st_mode & 0o777 == 0o600)
    }
}
