import FlyingFox
import Foundation
import Logging
import Service
import Synchronization

/// The admin page's routes, behind the TLS front (FlyingFox sees only the unix socket).
///
/// GET / (login page, or the dashboard), POST /login, POST /logout, GET and POST /settings,
/// GET /units, POST /units/<id>/<command>, GET /api/v1/units. Anything else 404; a method
/// other than GET or POST, or the wrong one for a route, 405; a path with "..", "%2e", a
/// backslash or NUL 400; a body over 16 KiB 413. Every POST of a session needs its CSRF token.
struct AdminRoutes: HTTPHandler {
    static let maximumBody = 16 * 1024

    let backend: any AdminBackend
    let sessions: Sessions
    let throttle: LoginThrottle
    let passwords: PasswordSource
    let logger: Logger

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let raw = request.target.path(percentEncoded: true)
        let lowered = raw.lowercased()
        if raw.contains("..") || lowered.contains("%2e") || raw.contains("\\") || lowered.contains("%5c")
            || raw.contains("\0") || lowered.contains("%00") || !raw.hasPrefix("/") {
            return Self.text(.badRequest, "bad path")
        }
        guard request.method == .GET || request.method == .POST else { return Self.methodNotAllowed(raw) }
        guard let route = Self.route(raw) else { return Self.text(.notFound, "not found") }
        guard route.methods.contains(request.method) else { return Self.methodNotAllowed(raw) }

        let token = Sessions.token(fromCookieHeader: request.headers[HTTPHeader("Cookie")])
        let session = sessions.session(token)
        let t = AdminText.choose(acceptLanguage: request.headers[HTTPHeader("Accept-Language")], unit: backend.language())

        if request.method == .GET {
            switch route {
            case .root: return root(t, session: session, query: request.query)
            case .settings:
                guard let s = session else { return Self.seeOther("/") }
                let snap = backend.snapshot()
                return Self.html(.ok, Pages.settings(t, user: s.user, csrf: s.csrf, form: SettingsForm(effective: snap.effective), version: snap.version, error: nil))
            case .units:
                guard let s = session else { return Self.seeOther("/") }
                let sent = (request.query.first { $0.name == "sent" }?.value).flatMap { Self.isPlainID($0) ? $0 : nil }
                return Self.html(.ok, Pages.units(t, user: s.user, csrf: s.csrf, units: backend.units(),
                                                  notice: sent.map { t("units.sent", ["id": $0]) }, error: nil))
            case .apiUnits:
                guard session != nil else { return Self.json(.unauthorized, ["error": "log in first"]) }
                return Self.json(.ok, backend.units().map { UnitJSON(id: $0.id, state: $0.state, status: $0.status) })
            default: return Self.methodNotAllowed(raw)
            }
        }

        // POST: the body, bounded. A form always has a Content-Length; a chunked body is refused
        // unread (FlyingFox decodes chunks a byte at a time: 16 KiB of them is seconds of CPU).
        if request.headers[.transferEncoding] != nil {
            return Self.text(HTTPStatusCode(411, phrase: "Length Required"), "a request body needs a Content-Length", close: true)
        }
        if let length = request.headers[.contentLength] {
            guard let n = Int(length), n >= 0 else { return Self.text(.badRequest, "bad Content-Length") }
            if n > Self.maximumBody { return Self.text(Self.contentTooLarge, "request body over \(Self.maximumBody) bytes", close: true) }
        }
        var body = Data()
        for try await chunk in request.bodySequence {
            body.append(chunk)
            if body.count > Self.maximumBody { return Self.text(Self.contentTooLarge, "request body over \(Self.maximumBody) bytes", close: true) }
        }
        let fields = Self.formFields(body)

        if case .login = route {
            // The login form's own CSRF token (double submit): refused before the password is looked at.
            guard let sent = fields["csrf"], let kept = Sessions.cookie(Sessions.loginCookieName, in: request.headers[HTTPHeader("Cookie")]),
                  sent.utf8.count == 64, Crypto.constantTimeEqual(Array(sent.utf8), Array(kept.utf8)) else {
                logger.warning("admin: a login without the login page's token refused (another site's form, or an old page)")
                return Self.html(.forbidden, Pages.refused(t))
            }
            return await login(fields, t)
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
        default: return Self.methodNotAllowed(raw)
        }
    }

    // MARK: routes

    enum Route: Equatable, CustomStringConvertible {
        case root, login, logout, settings, units, apiUnits
        case command(unit: String, command: String)

        var methods: [HTTPMethod] {
            switch self {
            case .root, .units, .apiUnits: return [.GET]
            case .login, .logout, .command: return [.POST]
            case .settings: return [.GET, .POST]
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
        default:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 4, parts[0].isEmpty, parts[1] == "units", NetworkConfig.validName(String(parts[2])),
               Pages.commands.contains(String(parts[3])) {
                return .command(unit: String(parts[2]), command: String(parts[3]))
            }
            return nil
        }
    }

    private func root(_ t: AdminText, session: Sessions.Session?, query: [HTTPRequest.QueryItem]) -> HTTPResponse {
        guard let s = session else { return Self.loginPage(.ok, t) }
        let saved = query.first { $0.name == "saved" }?.value
        return Self.html(.ok, Pages.dashboard(t, user: s.user, csrf: s.csrf, snapshot: backend.snapshot(), units: backend.units(),
                                              notice: saved.flatMap(Int.init).map { t("home.saved", ["version": String($0)]) }))
    }

    /// scrypt (a fraction of a second, 32 MiB) on a thread of its own, one at a time: never on
    /// the shared pool that the screen's server and the rest of the daemon's tasks run on.
    private static let hashing = DispatchQueue(label: "mihrab-admin-scrypt")

    private static func verify(_ file: PasswordFile, user: String, password: String) async -> Bool {
        await withCheckedContinuation { done in
            hashing.async { done.resume(returning: file.verify(user: user, password: password)) }
        }
    }

    private func login(_ fields: [String: String], _ t: AdminText) async -> HTTPResponse {
        let user = String((fields["user"] ?? "").trimmingCharacters(in: .whitespaces).prefix(64))
        let password = fields["password"] ?? ""
        if case .locked(let until) = throttle.attempt(user) {
            logger.warning("admin: login as \(PasswordFile.quotedName(user)) refused: locked out after too many failures")
            return Self.html(.tooManyRequests, Pages.locked(t, minutes: max(1, Int(((until - throttle.now()) / 60).rounded(.up)))))
        }
        let file = passwords.current()
        let valid = !user.isEmpty && PasswordFile.validUser(user)
        if valid, let file, await Self.verify(file, user: user, password: password) {
            throttle.succeeded(user)
            let token = sessions.open(user: user)
            logger.notice("admin: \(user) logged in")
            return Self.seeOther("/", cookie: sessions.cookie(token))
        }
        logger.warning("admin: failed login as \(PasswordFile.quotedName(user))")
        try? await Task.sleep(nanoseconds: UInt64(throttle.failureDelay * 1e9))
        return Self.loginPage(.unauthorized, t, error: t("login.wrong"))
    }

    private func saveSettings(_ fields: [String: String], session s: Sessions.Session, _ t: AdminText) -> HTTPResponse {
        let snap = backend.snapshot()
        // Two people editing at once: the second sees the first's change rather than undoing it.
        if let base = fields["base"].flatMap({ Int($0) }), base != snap.version {
            logger.notice("admin: site settings from \(s.user) refused: made on version \(base), now \(snap.version)")
            return Self.html(.conflict, Pages.settings(t, user: s.user, csrf: s.csrf, form: SettingsForm(effective: snap.effective), version: snap.version,
                                                       error: t("settings.conflict", ["base": String(base), "version": String(snap.version)])))
        }
        let form = SettingsForm(fields: fields)
        let result: Result<Int, ConfigError>
        do {
            let toml = try form.toml(base: snap.siteTOML, current: SettingsForm(effective: snap.effective), effective: snap.effective)
            result = backend.apply(toml: toml, user: s.user)
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let version):
            logger.notice("admin: \(s.user) applied site settings version \(version)")
            return Self.seeOther("/?saved=\(version)")
        case .failure(let e):
            logger.notice("admin: site settings from \(s.user) refused: \(e)")
            return Self.html(.unprocessableContent, Pages.settings(t, user: s.user, csrf: s.csrf, form: form, version: snap.version, error: e.description))
        }
    }

    private func send(_ command: String, unit: String, session s: Sessions.Session, _ t: AdminText) -> HTTPResponse {
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
            && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    struct UnitJSON: Encodable {
        var id: String
        var state: String
        var status: StatusReport?
    }

    // MARK: responses

    /// No scripts at all; styles only inline; forms only back here; never framed.
    static let securityHeaders: HTTPHeaders = [
        .cacheControl: "no-store",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
        HTTPHeader("Content-Security-Policy"): "default-src 'none'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        HTTPHeader("Referrer-Policy"): "no-referrer",
    ]

    static let contentTooLarge = HTTPStatusCode(413, phrase: "Content Too Large")

    static func response(_ status: HTTPStatusCode, _ type: String?, _ body: Data, extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = securityHeaders
        if let type { headers[.contentType] = type }
        for (k, v) in extra { headers[k] = v }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    static func html(_ status: HTTPStatusCode, _ page: String) -> HTTPResponse {
        response(status, "text/html; charset=utf-8", Data(page.utf8))
    }

    /// The login page with a fresh CSRF token, in its form and in a cookie.
    static func loginPage(_ status: HTTPStatusCode, _ t: AdminText, error: String? = nil) -> HTTPResponse {
        let token = Sessions.newLoginToken()
        return response(status, "text/html; charset=utf-8", Data(Pages.login(t, csrf: token, error: error).utf8),
                        extra: [HTTPHeader("Set-Cookie"): Sessions.loginCookie(token)])
    }

    static func text(_ status: HTTPStatusCode, _ s: String, close: Bool = false) -> HTTPResponse {
        response(status, "text/plain; charset=utf-8", Data((s + "\n").utf8), extra: close ? [.connection: "close"] : [:])
    }

    static func json(_ status: HTTPStatusCode, _ value: some Encodable) -> HTTPResponse {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return response(status, "application/json", (try? e.encode(value)) ?? Data("{}".utf8))
    }

    static func seeOther(_ location: String, cookie: String? = nil) -> HTTPResponse {
        var extra: HTTPHeaders = [.location: location]
        if let cookie { extra[HTTPHeader("Set-Cookie")] = cookie }
        return response(.seeOther, nil, Data(), extra: extra)
    }

    static func methodNotAllowed(_ path: String) -> HTTPResponse {
        let allow = route(path)?.methods.map(\.rawValue).joined(separator: ", ") ?? "GET, POST"
        return response(.methodNotAllowed, "text/plain; charset=utf-8", Data("method not allowed\n".utf8), extra: [HTTPHeader("Allow"): allow])
    }

    /// application/x-www-form-urlencoded: "+" a space, %XX a byte; the last of a repeated name wins.
    static func formFields(_ body: Data) -> [String: String] {
        guard let text = String(data: body, encoding: .utf8) else { return [:] }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String? { s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let k = decode(kv[0]), let v = kv.count > 1 ? decode(kv[1]) : "" else { continue }
            fields[k] = v
        }
        return fields
    }
}

/// The password file, read again at each login (a password set with `mihrab admin passwd`
/// counts at once, no restart), its problems logged once each.
final class PasswordSource: Sendable {
    let path: String
    let logger: Logger
    private let logged = Mutex<Set<String>>([])

    init(path: String, logger: Logger) {
        (self.path, self.logger) = (path, logger)
    }

    /// The file, or nil (every login fails) when it is missing, refused or empty.
    func current() -> PasswordFile? {
        do {
            let file = try PasswordFile.load(path: path)
            for w in file.warnings { once(w) { logger.warning("\($0)") } }
            if file.entries.isEmpty {
                once("empty") { _ in logger.warning("no admin password: set one with mihrab admin passwd (\(path) has no user)") }
                return nil
            }
            return file
        } catch {
            if access(path, F_OK) != 0 {
                once("missing") { _ in logger.warning("no admin password: set one with mihrab admin passwd (\(path) is missing)") }
            } else {
                once(error.description) { logger.error("\($0)") }
            }
            return nil
        }
    }

    private func once(_ key: String, _ log: (String) -> Void) {
        let first = logged.withLock { $0.insert(key).inserted }
        if first { log(key) }
    }
}
