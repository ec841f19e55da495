import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import Service
@testable import Admin
import UnitModel

/// A unit in setup mode as the page sees it: a code, a throttle answer, a small table of
/// places (GeoNames' own rows: geonames.org, cities15000), and every finish recorded.
final class FakeSetup: SetupBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var _active = true
    private var _finished: [SetupResult] = []
    private var _codesAsked: [String] = []
    var throttled: Int?
    var finishFailure: SetupFailure?
    let code = "K7P2QX"

    static let kualaLumpur = SetupPlace(name: "Kuala Lumpur", country: "MY", latitude: 3.1412, longitude: 101.68653,
                                        zone: "Asia/Kuala_Lumpur", method: "jakim", jakimZone: "WLY01", population: 1_453_975)
    static let london = SetupPlace(name: "London", country: "GB", latitude: 51.50853, longitude: -0.12574,
                                   zone: "Europe/London", method: "mwl", population: 8_961_989)
    static let mecca = SetupPlace(name: "Mecca", country: "SA", latitude: 21.42664, longitude: 39.82563,
                                  zone: "Asia/Riyadh", method: "umm-al-qura", population: 1_323_624)

    var active: Bool {
        get { lock.withLock { _active } }
        set { lock.withLock { _active = newValue } }
    }
    var finished: [SetupResult] { lock.withLock { _finished } }
    var codesAsked: [String] { lock.withLock { _codesAsked } }

    func setupActive() -> Bool { active }

    func checkCode(_ code: String, client: String) -> SetupCodeCheck {
        lock.withLock { _codesAsked.append(code) }
        if let s = throttled { return .throttled(seconds: s) }
        return code == self.code ? .accepted : .wrong
    }

    func searchPlaces(_ name: String) -> Result<[SetupPlace], SetupFailure> {
        .success([Self.kualaLumpur, Self.london, Self.mecca].filter { $0.name.lowercased().hasPrefix(name.lowercased()) })
    }

    func suggestedPlaces() -> [SetupPlace] { [Self.london] }

    func finish(_ result: SetupResult, client: String) -> Result<Void, SetupFailure> {
        lock.withLock { _finished.append(result) }
        if let f = finishFailure { return .failure(f) }
        return .success(())
    }
}

/// An admin backend with nothing in it: the setup page asks it only for the unit's language.
struct QuietAdmin: AdminBackend {
    func snapshot() -> AdminSnapshot { AdminSnapshot(version: 0, siteTOML: "", effective: SiteConfig()) }
    func apply(toml: String, user: String) -> Result<SavedSettings, ConfigError> { .success(SavedSettings(version: 1)) }
    func units() -> [AdminUnit] { [] }
    func command(_ name: String, unit: String, user: String) -> Result<String, AdminCommandError> { .failure(.init("none")) }
    func language() -> String { "en" }
}

/// The admin page's routes with a setup backend, driven in-process (no session, no cookie).
struct SetupHarness {
    let routes: AdminRoutes
    let setup: FakeSetup

    init(setup: FakeSetup = FakeSetup()) {
        self.setup = setup
        let logger = Logger(label: "admin-setup-test") { _ in SwiftLogNoOpLogHandler() }
        routes = AdminRoutes(backend: QuietAdmin(), sessions: Sessions(minutes: 30, now: { 1000 }), throttle: LoginThrottle(now: { 1000 }),
                             passwords: PasswordSource(path: "/nonexistent/admin.passwd", logger: logger), logger: logger, setup: setup)
    }

    func get(_ path: String, language: String = "en") async -> RouteHarness.Answer {
        await send(HTTPRequest(method: .get, scheme: "https", authority: "unit", path: path), body: [], language: language)
    }

    func post(_ path: String, _ fields: [(String, String)], language: String = "en") async -> RouteHarness.Answer {
        let body = Array(fields.map { "\(RouteHarness.encode($0.0))=\(RouteHarness.encode($0.1))" }.joined(separator: "&").utf8)
        var head = HTTPRequest(method: .post, scheme: "https", authority: "unit", path: path)
        head.headerFields[.contentType] = "application/x-www-form-urlencoded"
        head.headerFields[.contentLength] = String(body.count)
        return await send(head, body: body, language: language)
    }

    func send(_ head: HTTPRequest, body: [UInt8], language: String) async -> RouteHarness.Answer {
        var head = head
        head.headerFields[.acceptLanguage] = language
        let response = await routes.respond(Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body))), client: "192.0.2.7")
        let sink = RouteHarness.Sink()
        try? await response.body.write(RouteHarness.Sink.Writer(sink: sink))
        return RouteHarness.Answer(status: response.status.code, headers: response.headers, body: String(decoding: sink.bytes, as: UTF8.self))
    }

    /// The form's fields as the page for Kuala Lumpur fills them, the passwords typed.
    func kualaLumpurForm(language: String = "en") async -> [(String, String)] {
        let page = await get("/setup?code=K7P2QX&place=Kuala%20Lumpur&country=MY&lat=3.1412&lon=101.68653&tz=Asia%2FKuala_Lumpur&method=jakim&jakim_zone=WLY01",
                             language: language)
        return RouteHarness.inputs(page.body).map { k, v in
            (k, k == "password" || k == "password2" ? "correct horse battery" : v)
        }
    }

    static func replacing(_ fields: [(String, String)], _ changes: [String: String]) -> [(String, String)] {
        fields.map { field in changes[field.0].map { (field.0, $0) } ?? field }
    }
}
