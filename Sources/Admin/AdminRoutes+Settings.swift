import HummingbirdCore
import Service

/// POST /settings: the form turned into the site settings' TOML and applied.
extension AdminRoutes {
    func saveSettings(_ fields: [String: String], session s: Sessions.Session, _ t: AdminText) -> Response {
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
}
