import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import Service
@testable import Admin
import UnitModel

/// The site settings kept as the daemon keeps them: a real `SiteSettingsStore` in a temporary
/// state directory, applied as `UnitAdminBackend` applies them (checked over the unit's own
/// file, stored through `storeNext` with the time of the save in it).
final class StoreBackend: AdminBackend {
    let dir: String
    let store: SiteSettingsStore
    let configPath: String

    init(local: String = "[screen]\nlanguage = \"en\"\n") throws {
        dir = NSTemporaryDirectory() + "mihrab-admin-store-\(UInt32.random(in: 0 ... .max))"
        try FileManager.default.createDirectory(atPath: dir + "/state", withIntermediateDirectories: true)
        configPath = dir + "/mihrab.toml"
        try local.write(toFile: configPath, atomically: true, encoding: .utf8)
        store = SiteSettingsStore(directory: dir + "/state")
    }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }

    /// The stored file's bytes (nil: none).
    var file: Data? { FileManager.default.contents(atPath: store.path) }

    func snapshot() -> AdminSnapshot {
        let local = (try? SiteConfig.load(path: configPath, lenientSounds: true)) ?? SiteConfig()
        let effective = (try? store.effective(localFile: configPath)) ?? nil
        return AdminSnapshot(version: store.version, siteTOML: store.settings?.toml ?? "", effective: effective ?? local)
    }

    func apply(toml: String, user: String) -> Result<SavedSettings, ConfigError> {
        let configPath = configPath
        do throws(ConfigError) {
            let s = try store.storeNext(above: .none) { next throws(ConfigError) in
                let s = Self.settings(version: next.version, toml: toml, by: user)
                _ = try s.over(localText: try SiteSettings.localText(configPath), localFile: configPath)
                return s
            }
            return .success(SavedSettings(version: s.version))
        } catch {
            return .failure(error)
        }
    }

    /// What the admin page stores (the one place these tests make `SiteSettings`).
    static func settings(version: Int, toml: String, by user: String) -> SiteSettings {
        SiteSettings(version: version, site: "test", file: "admin page", toml: toml,
                     published: ISO8601DateFormatter().string(from: Date()), by: user)
    }

    func units() -> [AdminUnit] { [] }
    func command(_ name: String, unit: String, user: String) -> Result<String, AdminCommandError> { .failure(.init("no units")) }
    func language() -> String { "en" }
}

/// The admin page's routes driven in-process: requests made and answered without a server
/// (no TLS, no sockets), with a session open as "admin".
struct RouteHarness {
    let routes: AdminRoutes
    let token: String
    let csrf: String

    struct Answer {
        var status: Int
        var headers: HTTPFields
        var body: String
    }

    init(backend: any AdminBackend) throws {
        let sessions = Sessions(minutes: 30, now: { 1000 })
        let logger = Logger(label: "admin-routes-test") { _ in SwiftLogNoOpLogHandler() }
        routes = AdminRoutes(backend: backend, sessions: sessions, throttle: LoginThrottle(now: { 1000 }),
                             passwords: PasswordSource(path: "/nonexistent/admin.passwd", logger: logger), logger: logger)
        token = sessions.open(user: "admin")
        guard let s = sessions.session(token) else { throw AdminError("no session") }
        csrf = s.csrf
    }

    func get(_ path: String) async -> Answer {
        await send(HTTPRequest(method: .get, scheme: "https", authority: "unit", path: path), body: [])
    }

    /// A form, as a browser sends it; `csrf` added unless it is given.
    func post(_ path: String, _ fields: [(String, String)]) async -> Answer {
        let all = fields.contains { $0.0 == "csrf" } ? fields : fields + [("csrf", csrf)]
        let body = Array(all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&").utf8)
        var head = HTTPRequest(method: .post, scheme: "https", authority: "unit", path: path)
        head.headerFields[.contentType] = "application/x-www-form-urlencoded"
        head.headerFields[.contentLength] = String(body.count)
        return await send(head, body: body)
    }

    private func send(_ head: HTTPRequest, body: [UInt8]) async -> Answer {
        var head = head
        head.headerFields[.cookie] = "\(Sessions.cookieName)=\(token)"
        let response = await routes.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body))), client: "192.0.2.1")
        let sink = Sink()
        try? await response.body.write(Sink.Writer(sink: sink))
        return Answer(status: response.status.code, headers: response.headers, body: String(decoding: sink.bytes, as: UTF8.self))
    }

    static func encode(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }

    /// Every input of a page's form, in order, as its HTML gives it (unescaped): what a browser
    /// sends back when nothing is touched.
    static func inputs(_ page: String) -> [(String, String)] {
        let pattern = try? NSRegularExpression(pattern: #"<input [^>]*name="([^"]*)" value="([^"]*)""#)
        let text = page as NSString
        let fields = (pattern?.matches(in: page, range: NSRange(location: 0, length: text.length)) ?? []).map {
            (unescape(text.substring(with: $0.range(at: 1))), unescape(text.substring(with: $0.range(at: 2))))
        }
        return fields + selects(page)
    }

    /// Each list's name and the value a browser sends for it: the selected option's, else the first's.
    static func selects(_ page: String) -> [(String, String)] {
        let list = try? NSRegularExpression(pattern: #"<select [^>]*name="([^"]*)"[^>]*>(.*?)</select>"#, options: .dotMatchesLineSeparators)
        let option = try? NSRegularExpression(pattern: #"<option value="([^"]*)"( selected)?>"#)
        let text = page as NSString
        return (list?.matches(in: page, range: NSRange(location: 0, length: text.length)) ?? []).map { m in
            let body = text.substring(with: m.range(at: 2))
            let options = option?.matches(in: body, range: NSRange(location: 0, length: (body as NSString).length)) ?? []
            let chosen = options.first { $0.range(at: 2).location != NSNotFound } ?? options.first
            return (unescape(text.substring(with: m.range(at: 1))), chosen.map { unescape((body as NSString).substring(with: $0.range(at: 1))) } ?? "")
        }
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A response body's bytes, collected.
    final class Sink: @unchecked Sendable {
        var bytes: [UInt8] = []
        struct Writer: ResponseBodyWriter {
            let sink: Sink
            mutating func write(_ buffer: ByteBuffer) async throws { sink.bytes += buffer.readableBytesView }
            consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
        }
    }
}
