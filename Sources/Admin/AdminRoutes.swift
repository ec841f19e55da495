import FoundationEssentials
import Glibc
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import UnitModel

/// The admin page's routes (served by `AdminServer`, TLS ended before them).
///
/// GET / (login page, or the dashboard), POST /login, POST /logout, GET and POST /settings,
/// GET /units, POST /units/<id>/<command>, GET /api/v1/units, GET and POST /setup (setup mode:
/// `AdminRoutes+Setup`). Anything else 404; a method
/// other than GET or POST, or the wrong one for a route, 405; a path with "..", "%2e", a
/// backslash or NUL 400; a body over 16 KiB (1 KiB for /login) 413. Every POST of a session needs its CSRF token.
struct AdminRoutes: Sendable {
    static let maximumBody = 16 * 1024

    let backend: any AdminBackend
    let sessions: Sessions
    let throttle: LoginThrottle
    let passwords: PasswordSource
    let logger: Logger
    /// The unit's setup mode (`AdminRoutes+Setup`); nil: the page has none.
    var setup: (any SetupBackend)? = nil

    /// `client`: the address the request came from (the login throttle counts by it).
    func respond(_ request: Request, client: String) async -> Response {
        let raw = request.uri.path
        let lowered = raw.lowercased()
        if raw.contains("..") || lowered.contains("%2e") || raw.contains("\\") || lowered.contains("%5c")
            || raw.contains("\0") || lowered.contains("%00") || !raw.hasPrefix("/") {
            return Self.text(.badRequest, "bad path")
        }
        guard request.method == .get || request.method == .post else { return Self.methodNotAllowed(raw) }
        guard let route = Self.route(raw) else { return Self.text(.notFound, "not found") }
        guard route.methods.contains(request.method) else { return Self.methodNotAllowed(raw) }
        // Setup mode (no admin password yet): /setup alone; /setup out of it: the login page.
        let setupActive = setup?.setupActive() == true
        if route == .setup || setupActive {
            return await respondInSetup(request, route: route, active: setupActive, client: client)
        }

        let cookies = request.headers[values: .cookie].joined(separator: "; ")
        let token = Sessions.token(fromCookieHeader: cookies)
        let session = sessions.session(token)
        let t = AdminText.choose(acceptLanguage: request.headers[.acceptLanguage], unit: backend.language())

        if request.method == .get {
            switch route {
            case .root: return root(t, session: session, query: request.uri.queryParameters)
            case .settings:
                guard let s = session else { return Self.seeOther("/") }
                let snap = backend.snapshot()
                return Self.html(.ok, Pages.settings(t, user: s.user, csrf: s.csrf, form: SettingsForm(effective: snap.effective), version: snap.version, error: nil))
            case .units:
                guard let s = session else { return Self.seeOther("/") }
                let sent = request.uri.queryParameters["sent"].map(String.init).flatMap { Self.isPlainID($0) ? $0 : nil }
                return Self.html(.ok, Pages.units(t, user: s.user, csrf: s.csrf, units: backend.units(),
                                                  notice: sent.map { t("units.sent", ["id": $0]) }, error: nil))
            case .apiUnits:
                guard session != nil else { return Self.json(.unauthorized, ["error": "log in first"]) }
                return Self.json(.ok, backend.units().map { UnitJSON(id: $0.id, state: $0.state, status: $0.status) })
            default: return Self.methodNotAllowed(raw)
            }
        }

        // POST: the body, bounded (`readBody`).
        let body: [UInt8]
        switch await Self.readBody(request, maximum: route == .login ? Self.maximumLoginBody : Self.maximumBody) {
        case .bytes(let b): body = b
        case .refused(let r): return r
        }
        let fields = Self.formFields(body)

        if case .login = route {
            // The login form's own CSRF token (double submit): refused before the password is looked at.
            guard let sent = fields["csrf"], let kept = Sessions.cookie(Sessions.loginCookieName, in: cookies),
                  sent.utf8.count == 64, Crypto.constantTimeEqual(Array(sent.utf8), Array(kept.utf8)) else {
                logger.warning("admin: a login without the login page's token refused (another site's form, or an old page)")
                return Self.html(.forbidden, Pages.refused(t))
            }
            return await login(fields, client: client, t)
        }
        guard let s = session, let token else { return Self.seeOther("/") }
        guard let csrf = fields["csrf"], Crypto.constantTimeEqual(Array(csrf.utf8), Array(s.csrf.utf8)) else {
            logger.warning("admin: \(route) by \(s.user) refused: no or a wrong CSRF token")
            return Self.html(.forbidden, Pages.refused(t))
        }
        switch route {
        case .logout:
            sessions.close(token)
            logger.notice("admin: \(s.user) logged out")
            return Self.seeOther("/", cookie: Sessions.clearCookie)
        case .settings: return saveSettings(fields, session: s, t)
        case .command(let unit, let command): return send(command, unit: unit, session: s, t)
        case .message: return sendMessage(fields, session: s, t)
        default: return Self.methodNotAllowed(raw)
        }
    }

    // MARK: routes

    enum Route: Equatable, CustomStringConvertible {
        case root, login, logout, settings, units, apiUnits, setup, message
        case command(unit: String, command: String)

        var methods: [HTTPRequest.Method] {
            switch self {
            case .root, .units, .apiUnits: return [.get]
            case .login, .logout, .command, .message: return [.post]
            case .settings, .setup: return [.get, .post]
            }
        }

        var description: String {
            switch self {
            case .root: return "/"
            case .login: return "/login"
            case .logout: return "/logout"
            case .settings: return "/settings"
            case .units: return "/units"
            case .apiUnits: return "/api/v1/units"
            case .setup: return "/setup"
            case .message: return "/message"
            case .command(let u, let c): return "/units/\(u)/\(c)"
            }
        }
    }

    static func route(_ path: String) -> Route? {
        switch path {
        case "/": return .root
        case "/login": return .login
        case "/logout": return .logout
        case "/settings": return .settings
        case "/units": return .units
        case "/api/v1/units": return .apiUnits
        case "/setup": return .setup
        case "/message": return .message
        default:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 4, parts[0].isEmpty, parts[1] == "units", NetworkConfig.validName(String(parts[2])),
               Pages.commands.contains(String(parts[3])) {
                return .command(unit: String(parts[2]), command: String(parts[3]))
            }
            return nil
        }
    }

    private func root(_ t: AdminText, session: Sessions.Session?, query: FlatDictionary<Substring, Substring>) -> Response {
        guard let s = session else { return Self.loginPage(.ok, t) }
        let saved = query["saved"].map(String.init)
        var notice = saved.flatMap(Int.init).map { t(query["here"] == "1" ? "home.savedHere" : "home.saved", ["version": String($0)]) }
        if let done = query["message"], done == "sent" || done == "cleared", let n = query["units"].flatMap({ Int(String($0)) }) {
            notice = t(done == "sent" ? "message.sent" : "message.cleared", ["count": String(n)]) + (query["here"] == "1" ? " " + t("message.here") : "")
        }
        return Self.html(.ok, Pages.dashboard(t, user: s.user, csrf: s.csrf, snapshot: backend.snapshot(), units: backend.units(), notice: notice))
    }

    private func send(_ command: String, unit: String, session s: Sessions.Session, _ t: AdminText) -> Response {
        switch backend.command(command, unit: unit, user: s.user) {
        case .success(let id):
            logger.notice("admin: \(s.user) sent \(command) to \(unit) (\(id))")
            return Self.seeOther(Self.isPlainID(id) ? "/units?sent=\(id)" : "/units")
        case .failure(let e):
            logger.notice("admin: \(command) to \(unit) from \(s.user) failed: \(e)")
            return Self.html(.badGateway, Pages.units(t, user: s.user, csrf: s.csrf, units: backend.units(), notice: nil,
                                                      error: t("units.failed", ["command": t("command.\(command)"), "unit": unit, "error": e.description])))
        }
    }

    /// A command's id fit to go in a URL and back on the page: 1 to 64 ASCII letters, digits, "-", "_".
    static func isPlainID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.unicodeScalars.allSatisfy { $0.isASCII && (isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_") }
    }

    struct UnitJSON: Encodable {
        var id: String
        var state: String
        var status: StatusReport?
    }
}
