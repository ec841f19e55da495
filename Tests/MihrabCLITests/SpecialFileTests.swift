import Foundation
import TestSupport
import Testing

/// Something other than a file where a file is named: a FIFO (which blocks the open until a
/// writer comes, and blocked `config check`, `run` and reload before), a Unix socket, and a
/// character device. Each is refused with one line naming it, in every role a config gives a
/// file, and the command returns at once.
@Suite("FIFOs, sockets and devices named as files are refused, never waited on")
struct SpecialFileTests {
    enum Kind: String, CaseIterable { case fifo, socket, device }

    /// A temporary folder, and in it `name` made as `kind`: mkfifo; a bound Unix socket; a
    /// character device: the null device's own node (as root), else a link to /dev/null.
    static func make(_ kind: Kind, _ path: String) throws {
        switch kind {
        case .fifo: try #require(mkfifo(path, 0o600) == 0)
        case .device:
            // A node of its own for the null device (1, 3), mode 600 from the start, where
            // mknod is allowed (root); else a link to /dev/null, never chmodded: chmod follows
            // a link, and as root that made /dev/null itself 0600 for the whole machine.
            if mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) != 0 {  // makedev(1, 3)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
            }
        case .socket:
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            defer { close(fd) }  // the socket's file stays after its descriptor closes
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            try #require(bytes.count < MemoryLayout.size(ofValue: addr.sun_path))
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
            let bound = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
        }
        if kind != .device { chmod(path, 0o600) }
    }

    static func folder() throws -> String {
        // Short: a Unix socket's path has at most 107 bytes.
        let d = "/tmp/mh-special-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    /// A role a file plays: the config's text naming `special` (the odd file's path), the
    /// arguments after `config check CONFIG`, and what the one line must contain.
    struct Role {
        let name: String
        let toml: String
        let extra: [String]
        let says: String
    }

    static func roles(_ p: String) -> [Role] {
        let network = "[network]\nmqtt = \"mqtt://127.0.0.1\"\nunit_id = \"a\"\nsite = \"s\"\n"
        let notRegular = "\(p): cannot be read (not a regular file)"
        return [
            Role(name: "the config itself", toml: "", extra: [], says: notRegular),
            Role(name: "the board file", toml: "[location]\n", extra: ["--board", p], says: notRegular),
            Role(name: "a sound", toml: "[sounds]\ndirectories = []\nadhan = \"\(p)\"\n", extra: [],
                 says: "sounds.adhan: \(p): not a regular file (a FIFO, a socket or a device is never read)"),
            Role(name: "the timetable", toml: "[calculation]\ntimetable = \"\(p)\"\n", extra: [], says: notRegular),
            Role(name: "the site key's private half", toml: network + "signing_key = \"\(p)\"\n", extra: [], says: "network: " + notRegular),
            Role(name: "the broker login", toml: network + "credentials = \"\(p)\"\n", extra: [], says: "network: " + notRegular),
            Role(name: "the broker's CA", toml: network.replacing("mqtt://", with: "mqtts://") + "ca_file = \"\(p)\"\n", extra: [],
                 says: "network.ca_file: " + notRegular),
            Role(name: "the admin password file", toml: "[admin]\nlisten = \"127.0.0.1:8443\"\npassword_file = \"\(p)\"\n", extra: [],
                 says: "admin.password_file: \(p): not a regular file"),
            Role(name: "the admin certificate", toml: "[admin]\nlisten = \"127.0.0.1:8443\"\ncertificate = \"\(p)\"\nkey = \"\(p)\"\n", extra: [],
                 says: "admin.certificate: " + notRegular),
        ]
    }

    @Test("config check: every role, as a FIFO, a socket and a device: exit 78 with one line, at once",
          arguments: Kind.allCases)
    func configCheck(kind: Kind) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for i in Self.roles("").indices {
            let special = dir + "/\(i)-\(kind.rawValue)"
            try Self.make(kind, special)
            let r = Self.roles(special)[i]
            var config = dir + "/\(i).toml"
            if r.name == "the config itself" { config = special } else {
                try r.toml.write(toFile: config, atomically: true, encoding: .utf8)
            }
            let started = Date()
            let out = try MihrabBinary.run(["config", "check", config] + r.extra, timeout: 20)
            let took = Date().timeIntervalSince(started)
            let lines = out.stderr.split(separator: "\n")
            #expect(!out.signalled && out.status == 78, "\(r.name) as a \(kind): status \(out.status) after \(took) s: \(out.stderr)")
            #expect(lines.count == 1 && out.stderr.contains(r.says), "\(r.name) as a \(kind): \(out.stderr)")
        }
    }

    @Test("mihrab run with a FIFO as the adhan: its line, the buzzer's pattern instead, and the day runs")
    func runRefusesAFIFO() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.make(.fifo, dir + "/adhan.wav")
        try "[location]\nsource = \"fixed\"\n[sounds]\ndirectories = []\nadhan = \"\(dir)/adhan.wav\"\n"
            .write(toFile: dir + "/mihrab.toml", atomically: true, encoding: .utf8)
        let out = try MihrabBinary.run(["run", "--config", dir + "/mihrab.toml", "--board", "board/simulated.toml", "--quiet", "--screen", "",
                                        "--state-dir", dir + "/state", "--speed", "3600", "--tz", "UTC", "--start", "2026-03-25T11:00",
                                        "--until", "2026-03-25T13:00", "--record", dir + "/record.jsonl"], timeout: 60)
        #expect(!out.signalled && out.status == 0, "\(out.status) \(out.stderr)")
        #expect(out.stderr.contains("sounds.adhan: \(dir)/adhan.wav: not a regular file (a FIFO, a socket or a device is never read): the buzzer's adhan pattern instead"),
                "\(out.stderr)")
        let record = (try? String(contentsOfFile: dir + "/record.jsonl", encoding: .utf8)) ?? ""
        #expect(record.contains("\"prayer\":\"dhuhr\"") && record.contains("\"fired\""), "Dhuhr's adhan fired: \(record.suffix(2000))")
    }
}
