import HTTPTypes
import HummingbirdCore
import Service
import Logging

/// POST /settings: the form checked, turned into the site settings' TOML, and applied when it
/// changes something.
extension AdminRoutes {
    func saveSettings(_ fields: [String: String], session s: Sessions.Session, _ t: AdminText) -> Response {
        let snap = backend.snapshot()
        let inForce = SettingsForm(effective: snap.effective)
        func page(_ status: HTTPResponse.Status, _ form: SettingsForm, _ error: String) -> Response {
            Self.html(status, Pages.settings(t, user: s.user, csrf: s.csrf, form: form, version: snap.version, error: error))
        }
        // Two people editing at once: the second sees the first's change rather than undoing it.
        if let base = fields["base"].flatMap({ Int($0) }), base != snap.version {
            logger.notice("admin: site settings from \(s.user) refused: made on version \(base), now \(snap.version)")
            return page(.conflict, inForce, t("settings.conflict", ["base": String(base), "version": String(snap.version)]))
        }
        // A field the page does not have, or a control character: no browser sends them from
        // this form, so the settings in force are shown again with the line saying which field.
        let form: SettingsForm
        do {
            form = try SettingsForm(fields: fields)
        } catch {
            logger.notice("admin: site settings from \(s.user) refused: \(error)")
            return page(.unprocessableContent, inForce, error.description)
        }
        let result: Result<SavedSettings, ConfigError>
        do {
            try SettingsForm.checkRanges(fields)
            try SettingsForm.checkEvents(fields)
            let toml = try form.toml(base: snap.siteTOML, current: inForce, effective: snap.effective)
            // Nothing changed: nothing stored, the version stays.
            if toml == snap.siteTOML {
                logger.notice("admin: site settings from \(s.user) change nothing: version \(snap.version) stays")
                return Self.seeOther(snap.version > 0 ? "/?saved=\(snap.version)" : "/")
            }
            result = backend.apply(toml: toml, user: s.user)
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let saved):
            logger.notice("admin: \(s.user) applied site settings version \(saved.version)\(saved.stayedHere ? " on this unit only" : "")")
            return Self.seeOther("/?saved=\(saved.version)" + (saved.stayedHere ? "&here=1" : ""))
        case .failure(let e):
            logger.notice("admin: site settings from \(s.user) refused: \(e)")
            return page(.unprocessableContent, form, e.description)
        }
    }
}
