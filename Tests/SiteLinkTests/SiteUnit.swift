import Foundation
import Service
import SiteLink
import TestSupport
import UnitModel

/// The site key of every test site in this process: its private half in a file of mode 600
/// (what `mihrab site publish --key` reads), its public half in each unit's file.
enum TestSiteKey {
    static let key = SigningKey()
    static let file: String = {
        let path = NSTemporaryDirectory() + "mihrab-site-key-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? key.write(to: path)
        return path
    }()
    /// The same private key in a file of the test broker's own: `site publish` keeps the
    /// highest version it signed beside its key file, and each test's site starts at none.
    static func file(beside broker: Mosquitto) -> String {
        let path = broker.directory + "/site.key"
        if !FileManager.default.fileExists(atPath: path) { try? key.write(to: path) }
        return path
    }
    static var line: String { "site_key = \"\(key.publicKey.text)\"" }

    /// A config as a publisher signs it, for the site "central".
    static func signed(_ s: SiteSettings) -> Data { s.signed(with: key, topic: Topics.siteConfig("central")).encoded() }
}

/// A simulated unit (`mihrab run` on the simulated board) of the site "central" on a test
/// broker, with its own config, state directory, record and log.
final class SiteUnit: @unchecked Sendable {
    let id: String
    let directory: String
    let process = Process()

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// `extra`: more TOML for the unit's file; `args`: more for `mihrab run`.
    init(_ id: String, broker: Mosquitto, start: String, speed: Double, extra: String = "", args: [String] = [],
         url: String? = nil, credentials: Bool = true) throws {
        self.id = id
        directory = broker.directory + "/unit-\(id)"
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        let config = """
        [location]
        source = "fixed"
        latitude = 51.5074
        longitude = -0.1278
        [time]
        zone = "Europe/London"
        assume_synchronized = true
        [compass]
        rate_hz = 1
        [iqamah]
        dhuhr = 10
        [network]
        mqtt = "\(url ?? broker.url)"
        unit_id = "\(id)"
        site = "central"
        \(credentials ? "credentials = \"\(try broker.credentialsFile(id))\"" : "")
        \(TestSiteKey.line)
        \(extra)
        """
        try config.write(toFile: directory + "/mihrab.toml", atomically: true, encoding: .utf8)
        process.executableURL = MihrabBinary.url
        process.arguments = ["run", "--board", "board/simulated.toml", "--config", directory + "/mihrab.toml", "--state-dir", directory + "/state",
                             "--quiet", "--screen", "", "--speed", "\(speed)", "--start", start, "--record", directory + "/record.jsonl"] + args
        process.currentDirectoryURL = MihrabBinary.packageRoot
        FileManager.default.createFile(atPath: directory + "/log", contents: nil)
        FileManager.default.createFile(atPath: directory + "/stdout", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: directory + "/stdout")
        process.standardError = FileHandle(forWritingAtPath: directory + "/log")
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var log: String { (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "" }
    var stdout: String { (try? String(contentsOfFile: directory + "/stdout", encoding: .utf8)) ?? "" }

    /// The first number after `prefix` in `text` (a port in a URL), once it is there.
    static func port(after prefix: String, in text: String) -> Int? {
        guard let r = text.range(of: prefix) else { return nil }
        return Int(text[r.upperBound...].prefix { $0.isNumber })
    }

    /// Its status.json now.
    var status: StatusReport? {
        guard let d = FileManager.default.contents(atPath: directory + "/state/status.json") else { return nil }
        return try? JSONDecoder().decode(StatusReport.self, from: d)
    }

    /// Every line of its --record file that is an event (fired or missed).
    var events: [[String: String]] {
        let text = (try? String(contentsOfFile: directory + "/record.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.compactMap { o in o["event"] == nil ? nil : o.compactMapValues { $0 as? String } }
    }

    /// Real seconds late of its adhan for `prayer` scheduled on `date` ("2026-03-29"), by the
    /// wall clock (`RecordTiming`), for a unit started at `start` at `speed`.
    func adhanLateness(_ prayer: String, on date: String, start: String, speed: Double) -> Double? {
        RecordTiming.events(directory + "/record.jsonl")
            .first { $0["event"] as? String == "adhan" && $0["prayer"] as? String == prayer && ($0["scheduled"] as? String)?.hasPrefix(date) == true }
            .flatMap { RecordTiming.lateness($0, start: RecordTiming.start(start, zone: "Europe/London"), speed: speed) }
    }

    /// Lines of its --record file about an output (LEDs).
    var outputChanges: [[String: Any]] {
        let text = (try? String(contentsOfFile: directory + "/record.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["output"] != nil }
    }

    func terminate() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    func killHard() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { killHard() }
}

/// Runs a command-line tool; its status and output.
func tool(_ path: String, _ args: [String], input: String? = nil, timeout: Double = 30) throws -> (status: Int32, out: String, err: String) {
    let r = try MihrabBinary.runProgram(URL(fileURLWithPath: path), args, input: input, timeout: timeout)
    return (r.status, r.stdout, r.stderr)
}

/// Polls until `condition` holds or `timeout` passes; whether it held.
func eventually(_ timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        if condition() { return true }
        usleep(50_000)
    } while Date() < deadline
    return condition()
}
