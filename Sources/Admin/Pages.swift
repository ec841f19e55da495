import Foundation
import PrayerTimes
import Service

/// The admin pages, one function each; every value in them escaped.
enum Pages {
    static func login(csrf: String, error: String? = nil) -> String {
        HTML.page("Mihrab admin", """
            \(HTML.message(error, error: true))
            <form method="post" action="/login">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            \(HTML.input("user", "Name", value: "admin", extra: "autocomplete=\"username\" autocapitalize=\"none\" required"))
            \(HTML.input("password", "Password", value: "", type: "password", extra: "autocomplete=\"current-password\" required"))
            <p><button class="primary" type="submit">Log in</button></p>
            </form>
            """)
    }

    static func locked(minutes: Int) -> String {
        HTML.page("Too many attempts", """
            <p class="error" role="alert">Too many wrong passwords. Logging in is locked for \(minutes) more minute\(minutes == 1 ? "" : "s"); try again then.</p>
            <p><a href="/">Back</a></p>
            """)
    }

    static func dashboard(user: String, csrf: String, snapshot: AdminSnapshot, units: [AdminUnit], notice: String?) -> String {
        let online = units.filter { $0.state == "online" }.count
        return HTML.page("Mihrab admin", user: user, csrf: csrf, """
            \(HTML.message(notice, error: false))
            <p>Site settings version \(snapshot.version == 0 ? "none yet (each unit's own file)" : String(snapshot.version)).</p>
            <p>\(units.count) unit\(units.count == 1 ? "" : "s"), \(online) online.</p>
            <p><a href="/settings">Iqamah, Jumu'ah, announcements, volume</a></p>
            <p><a href="/units">Units: state, test sound, identify, stop</a></p>
            """)
    }

    static func settings(user: String, csrf: String, form: SettingsForm, version: Int, error: String?) -> String {
        var body = HTML.message(error, error: true)
        // The version the form shows: a save over a newer one is refused, not merged blindly.
        body += "<form method=\"post\" action=\"/settings\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"base\" value=\"\(version)\">"
        body += "<p>Site settings version \(version). Iqamah: minutes after the adhan (0 to 120) or a fixed time HH:MM; empty: none.</p>"
        body += "<h2>Iqamah</h2><div class=\"row\">"
        for p in SettingsForm.iqamahPrayers {
            body += "<div>" + HTML.input("iqamah_\(p.rawValue)", p.rawValue.capitalized, value: form.iqamah[p] ?? "", extra: "inputmode=\"numeric\"") + "</div>"
        }
        body += "</div><h2>Jumu'ah</h2>"
        body += HTML.input("jumuah", "Times (comma-separated HH:MM, or dhuhr)", value: form.jumuah)
        body += "<h2>Announcements</h2><p>Dates optional: YYYY-MM-DD or YYYY-MM-DDTHH:MM. An empty text removes it.</p>"
        let rows = form.announcements + Array(repeating: SettingsForm.Announcement(), count: 2)
        for (i, a) in rows.prefix(SettingsForm.maximumAnnouncements).enumerated() {
            body += HTML.input("ann_text_\(i)", "Text \(i + 1)", value: a.text, extra: "maxlength=\"500\"")
            body += "<div class=\"row\"><div>" + HTML.input("ann_from_\(i)", "From", value: a.from) + "</div><div>"
                + HTML.input("ann_to_\(i)", "To", value: a.to) + "</div></div>"
        }
        body += "<h2>Volume</h2>" + HTML.input("volume", "Volume (0 to 100)", value: form.volume, type: "number", extra: "min=\"0\" max=\"100\"")
        body += "<p>Per prayer (empty: as the volume above)</p><div class=\"row\">"
        for p in SettingsForm.volumePrayers {
            body += "<div>" + HTML.input("volume_\(p.rawValue)", p.rawValue.capitalized, value: form.volumes[p] ?? "", type: "number", extra: "min=\"0\" max=\"100\"") + "</div>"
        }
        body += "</div><p><button class=\"primary\" type=\"submit\">Save and apply</button></p></form>"
        return HTML.page("Settings", user: user, csrf: csrf, body)
    }

    static let commands: [(name: String, label: String)] = [("stop", "Stop"), ("test-sound", "Test sound"), ("identify", "Identify")]

    static func units(user: String, csrf: String, units: [AdminUnit], notice: String?, error: String?) -> String {
        var body = HTML.message(notice, error: false) + HTML.message(error, error: true)
        if units.isEmpty { body += "<p>No units known yet.</p>" }
        for u in units {
            let s = u.status
            var facts: [(String, String)] = [("State", u.state)]
            facts.append(("Config version", s?.site.map { $0.configVersion == 0 ? "none yet (its own file)" : String($0.configVersion) } ?? "none (no network)"))
            // "2026-11-24T05:34:00+00:00" as the unit's own clock time, "05:34".
            facts.append(("Next", s?.next.map { "\($0.prayer.capitalized) \($0.event) at \($0.at.dropFirst(11).prefix(5))" } ?? "-"))
            facts.append(("Clock", s.map { $0.clock.trusted ? "trusted" : "not trusted" } ?? "-"))
            facts.append(("GPS", s?.gps ?? "-"))
            facts.append(("Compass", s?.compass ?? "-"))
            facts.append(("Sound", s?.sound.map { $0.available ? ($0.playing.map { "playing \($0)" } ?? "ready (\($0.device))") : "buzzer only (\($0.device))" } ?? "-"))
            if let p = s?.problem { facts.append(("Problem", p)) }
            body += "<h2>\(HTML.escape(u.id))</h2><table>"
            for (k, v) in facts { body += "<tr><th>\(HTML.escape(k))</th><td>\(HTML.escape(v))</td></tr>" }
            body += "</table><p>"
            if NetworkConfig.validName(u.id) {
                for c in commands {
                    body += "<form class=\"inline\" method=\"post\" action=\"/units/\(HTML.escape(u.id))/\(c.name)\">\(HTML.csrfField(csrf))<button type=\"submit\">\(c.label)</button></form> "
                }
            }
            body += "</p>"
        }
        return HTML.page("Units", user: user, csrf: csrf, body)
    }
}
