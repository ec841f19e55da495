import HTTPTypes
import HummingbirdCore
import Logging
import Platform

/// Setup mode: a unit with no admin password serves /setup alone (every other route of the
/// page answers 303 to it), until the form there sets one. Out of setup mode, /setup answers
/// 303 to the login page. The POST needs no session and no CSRF token: the setup code, read
/// off the unit's own screen, is what proves the form came from someone in the room.
extension AdminRoutes {
    /// The setup form is a few hundred bytes; anything over 4 KiB is refused unread.
    static let maximumSetupBody = 4 * 1024

    func respondInSetup(_ request: Request, route: Route, active: Bool, client: String) async -> Response {
        guard active, let setup else { return Self.seeOther("/") }
        guard route == .setup else {
            // A POST's body is not read: the connection ends after the answer.
            return request.method == .post
                ? Self.response(.seeOther, nil, [], extra: [.location: "/setup", .connection: "close"]) : Self.seeOther("/setup")
        }
        let t = AdminText.choose(acceptLanguage: request.headers[.acceptLanguage], unit: backend.language())
        if request.method == .get {
            return setupStep(Self.formFields(Array((request.uri.query ?? "").utf8)), setup, t)
        }
        switch await Self.readBody(request, maximum: Self.maximumSetupBody) {
        case .refused(let r): return r
        case .bytes(let body): return finishSetup(Self.formFields(body), setup, client: client, t)
        }
    }

    /// GET /setup: the search (`code`), the places of a name (`q`), or the form for a place
    /// (`lat`, `lon`, `tz`, and the place's `place`, `country`, `method`, `jakim_zone`). What
    /// the address carries is only offered in the form, checked when it comes back.
    func setupStep(_ query: [String: String], _ setup: any SetupBackend, _ t: AdminText) -> Response {
        func v(_ k: String) -> String { Self.cleaned(query[k] ?? "", SetupForm.limit(k)) }
        let code = v("code")
        if query["lat"] != nil || query["lon"] != nil || query["tz"] != nil {
            let form = SetupForm(code: code, place: v("place"), country: v("country").uppercased(), latitude: v("lat"),
                                 longitude: v("lon"), zone: v("tz"), method: v("method"), jakimZone: v("jakim_zone").uppercased(),
                                 language: t.code)
            return Self.html(.ok, SetupPages.form(t, form, errors: []))
        }
        let q = Self.cleaned(query["q"] ?? "", 100)
        guard !q.isEmpty else {
            return Self.html(.ok, SetupPages.search(t, code: code, query: nil, matches: nil, suggestions: setup.suggestedPlaces()))
        }
        switch setup.searchPlaces(q) {
        case .success(let places):
            return Self.html(.ok, SetupPages.search(t, code: code, query: q, matches: places, suggestions: []))
        case .failure(let e):
            logger.warning("admin: setup: the search for places failed: \(e.message)")
            return Self.html(.serviceUnavailable, SetupPages.search(t, code: code, query: q, matches: nil, suggestions: [], error: e.message))
        }
    }

    /// POST /setup: the fields, then the answers, then the code, then the unit's own check
    /// (`finish`). The code is asked last, when all else is sound, so that an accepted code is
    /// followed by the finish at once. Nothing is stored unless everything passes; a refused
    /// form comes back with its values, never its passwords.
    func finishSetup(_ fields: [String: String], _ setup: any SetupBackend, client: String, _ t: AdminText) -> Response {
        let form = SetupForm(fields: fields.mapValues { Self.cleaned($0, 200) })
        func again(_ status: HTTPResponse.Status, _ lines: [SetupLine]) -> Response {
            Self.html(status, SetupPages.form(t, form.withoutPasswords, errors: lines))
        }
        let lines = SetupForm.checkFields(fields, t)
        if !lines.isEmpty {
            logger.notice("admin: setup form from \(client) refused: \(lines.map(\.description).joined(separator: "; "))")
            return again(.unprocessableContent, lines)
        }
        let problems = form.problems(t)
        if !problems.isEmpty {
            logger.notice("admin: setup form from \(client) refused: \(problems.map(\.description).joined(separator: "; "))")
            return again(.unprocessableContent, problems)
        }
        guard !form.code.isEmpty else { return again(.unprocessableContent, [SetupLine(t("setup.noCode"))]) }
        switch setup.checkCode(form.code, client: client) {
        case .accepted: break
        case .wrong:
            logger.warning("admin: setup: a wrong setup code from \(client)")
            return again(.forbidden, [SetupLine(t("setup.wrongCode"))])
        case .throttled(let seconds):
            logger.warning("admin: setup: a setup code from \(client) turned away: too many wrong codes")
            return again(.tooManyRequests, [SetupLine(t("setup.throttled", ["seconds": String(max(1, seconds))]))])
        }
        switch setup.finish(SetupResult(user: form.user, password: form.password, siteTOML: form.toml()), client: client) {
        case .success:
            logger.notice("admin: setup finished from \(client): admin \(form.user)")
            return Self.html(.ok, SetupPages.done(t))
        case .failure(let e):
            logger.notice("admin: setup from \(client) not finished: \(e.message)")
            return again(.unprocessableContent, [SetupLine(e.message)])
        }
    }

    /// A value as the page may show it again: control characters as spaces, cut to `limit`
    /// characters (the check has judged the value as it came).
    static func cleaned(_ s: String, _ limit: Int) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit).map { SettingsForm.isControl($0) ? " " : $0 }))
    }
}
