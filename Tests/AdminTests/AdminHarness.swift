import Foundation
import WebFront
import Logging
import Service
import Synchronization
@testable import Admin
import UnitModel

/// A backend that records what the page asks of it.
final class FakeBackend: AdminBackend {
    struct State {
        var applied: [(toml: String, user: String)] = []
        var commands: [(name: String, unit: String, user: String)] = []
        var messages: [(request: MessageRequest, user: String)] = []
        /// What the units report showing (their status's `message`).
        var shown: ScreenModel.Message?
        var error: ConfigError?
        /// The next save stays on this unit (a unit on a site without its signing key).
        var staysHere = false
    }
    let state = Mutex(State())
    let siteTOML: String
    /// The unit's `[screen] language`.
    let screenLanguage: String

    init(siteTOML: String = "[calculation]\nmethod = \"mwl\"\n", language: String = "en") {
        (self.siteTOML, screenLanguage) = (siteTOML, language)
    }

    func snapshot() -> AdminSnapshot {
        var c = SiteConfig()
        c.screen.language = screenLanguage
        c.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .fixed(13 * 60 + 30)]
        return AdminSnapshot(version: 3, siteTOML: siteTOML, effective: c)
    }

    func apply(toml: String, user: String) -> Result<SavedSettings, ConfigError> {
        state.withLock { s in
            if let e = s.error { return .failure(e) }
            s.applied.append((toml, user))
            return .success(SavedSettings(version: 4, stayedHere: s.staysHere))
        }
    }

    func language() -> String { screenLanguage }

    func units() -> [AdminUnit] {
        var status: StatusReport?
        if let m = state.withLock({ $0.shown }), var s = try? JSONDecoder().decode(StatusReport.self, from: Data(FakeBackend.bareStatus.utf8)) {
            s.message = m
            status = s
        }
        return [AdminUnit(id: "hall-1", state: "online", status: status), AdminUnit(id: "<b>x</b>", state: "unknown", status: nil)]
    }

    func message(_ request: MessageRequest, user: String) -> Result<MessageSent, AdminCommandError> {
        state.withLock { $0.messages.append((request, user)) }
        return .success(MessageSent(id: "admin-1", units: 3))
    }

    /// A status with only what every status has.
    static let bareStatus = """
        {"time":"2026-03-25T12:14:00+00:00","position":{"source":"fixed"},"compass":"unreliable","clock":{"trusted":true,"steps":0},
         "status":"normal","gps":"off","sensors":{"magnetometer":"absent","accelerometer":"absent","errors":0},
         "state":{"persisted":true},"counters":{"fired":0,"missed":0,"gpioErrors":0,"rejectedFixes":0}}
        """

    func command(_ name: String, unit: String, user: String) -> Result<String, AdminCommandError> {
        state.withLock { $0.commands.append((name, unit, user)) }
        return .success("cmd-1")
    }
}

final class TestClock: Sendable {
    let t = Mutex(1_800_000_000.0)
    var now: Double { t.withLock { $0 } }
    func advance(_ s: Double) { t.withLock { $0 += s } }
}

/// An admin server on 127.0.0.1:0 with a temporary state directory and a password file
/// written by `admin passwd`'s code, driven with the real curl over real TLS.
final class AdminHarness {
    static let password = "correct horse battery"
    let dir: String
    let clock = TestClock()
    let backend: FakeBackend
    let server: AdminServer
    var config = AdminConfig()

    let log = LogCapture()

    init(backend: FakeBackend = FakeBackend(), dir: String? = nil, writePassword: Bool = true,
         limits: WebLimits = .admin, logins: LoginThrottle.Limits = .init()) async throws {
        self.dir = dir ?? NSTemporaryDirectory() + "mihrab-admin-\(UInt32.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: self.dir + "/state", withIntermediateDirectories: true)
        config.listen = "127.0.0.1:0"
        config.passwordFile = self.dir + "/admin.passwd"
        config.sessionMinutes = 30
        if writePassword { try PasswordFile.setPassword(user: "admin", password: Self.password, path: config.passwordFile) }
        self.backend = backend
        let clock = clock
        server = try AdminServer(config: config, stateDirectory: self.dir + "/state", backend: backend, logger: log.logger,
                                 now: { clock.now }, limits: limits, logins: logins)
        try await server.start()
    }

    func stop() async { await server.stop() }
    func remove() { try? FileManager.default.removeItem(atPath: dir) }

    var jar: String { dir + "/cookies" }

    struct Response {
        var code: Int
        var headers: String
        var body: String
        func header(_ name: String) -> [String] {
            headers.split(separator: "\r\n").compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == name.lowercased() ? parts[1].trimmingCharacters(in: .whitespaces) : nil
            }
        }
    }

    /// curl -sk with the cookie jar; `path` as is (no "../" folding); `from`: the address it
    /// connects from (any of 127.0.0.0/8: another machine, as the server sees it).
    func curl(_ path: String, _ args: [String] = [], cookies: Bool = true, from: String = "127.0.0.1") async throws -> Response {
        let out = dir + "/body", hdr = dir + "/headers"
        try? FileManager.default.removeItem(atPath: out)
        try? FileManager.default.removeItem(atPath: hdr)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        p.arguments = ["-sk", "--path-as-is", "--max-time", "30", "-o", out, "-D", hdr, "-w", "%{http_code}"]
            + (cookies ? ["-b", jar, "-c", jar] : []) + ["--interface", from] + args + ["https://127.0.0.1:\(server.port)\(path)"]
        let pipe = Pipe()
        p.standardOutput = pipe
        // Awaited, not waited for: a blocked pool thread would starve the server under test
        // (2 threads on a 2-CPU machine).
        let code: Data = try await withCheckedThrowingContinuation { c in
            p.terminationHandler = { _ in c.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile()) }
            do { try p.run() } catch { c.resume(throwing: error) }
        }
        return Response(code: Int(String(decoding: code, as: UTF8.self)) ?? -1,
                        headers: (try? String(contentsOfFile: hdr, encoding: .utf8)) ?? "",
                        body: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }

    /// The login page first (its CSRF token in the form and a cookie), then the form.
    func login(_ password: String = AdminHarness.password, user: String = "admin", from: String = "127.0.0.1") async throws -> Response {
        let page = try await curl("/", from: from)
        let csrf = AdminHarness.csrf(page.body) ?? ""
        return try await curl("/login", ["--data-urlencode", "user=\(user)", "--data-urlencode", "password=\(password)",
                                         "--data-urlencode", "csrf=\(csrf)"], from: from)
    }

    /// The CSRF token in a page's forms.
    static func csrf(_ page: String) -> String? {
        guard let r = page.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression) else { return nil }
        return String(page[r].dropLast().suffix(64))
    }
}

/// Keeps what is logged, to check what the page says and how often.
final class LogCapture: Sendable {
    let lines = Mutex<[String]>([])

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
            capture.lines.withLock { $0.append("\(level) \(message)") }
        }
    }

    var logger: Logger { Logger(label: "admin-test") { _ in Handler(capture: self) } }
    func count(_ fragment: String) -> Int { lines.withLock { $0.filter { $0.contains(fragment) }.count } }
}
