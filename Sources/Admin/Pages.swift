import FoundationEssentials
import Glibc
import PrayerTimes
import UnitModel

/// The admin pages, one function each, in the reader's language (`AdminText`); every value in
/// them escaped. The settings' own error lines are the config check's, in English, as
/// `mihrab config check` prints them.
enum Pages {
    static func login(_ t: AdminText, csrf: String, error: String? = nil) -> String {
        HTML.page(t("title"), t, """
            \(HTML.message(error, error: true))
            <form method="post" action="/login">
            <input type="hidden" name="csrf" value="\(HTML.escape(csrf))">
            \(HTML.input("user", t("login.name"), value: "admin", extra: "autocomplete=\"username\" autocapitalize=\"none\" dir=\"auto\" required"))
            \(HTML.input("password", t("login.password"), value: "", type: "password", extra: "autocomplete=\"current-password\" required"))
            <p><button class="primary" type="submit">\(HTML.escape(t("login.submit")))</button></p>
            </form>
            """)
    }

    static func locked(_ t: AdminText, minutes: Int) -> String {
        HTML.page(t("locked.title"), t, """
            \(HTML.message(t("locked.text", ["minutes": String(minutes)]), error: true))
            <p><a href="/">\(HTML.escape(t("back")))</a></p>
            """)
    }

    static func busy(_ t: AdminText, seconds: Int) -> String {
        HTML.page(t("locked.title"), t, """
            \(HTML.message(t("busy.text", ["seconds": String(seconds)]), error: true))
            <p><a href="/">\(HTML.escape(t("back")))</a></p>
            """)
    }

    static func refused(_ t: AdminText) -> String {
        HTML.page(t("refused.title"), t, "<p class=\"error\" role=\"alert\">\(HTML.escape(t("refused.text"))) <a href=\"/\">\(HTML.escape(t("refused.again")))</a>.</p>")
    }

    static func dashboard(_ t: AdminText, user: String, csrf: String, snapshot: AdminSnapshot, units: [AdminUnit], notice: String?,
                          error: String? = nil, draft: String = "") -> String {
        let online = units.filter { $0.state == "online" }.count
        let version = snapshot.version == 0 ? t("home.noVersion") : t("home.version", ["version": String(snapshot.version)])
        return HTML.page(t("title"), t, user: user, csrf: csrf, """
            \(HTML.message(notice, error: false))\(HTML.message(error, error: true))
            \(messageForm(t, csrf: csrf, units: units, draft: draft))
            <p>\(HTML.escape(version))</p>
            <p>\(HTML.escape(t("home.units", ["count": String(units.count), "online": String(online)])))</p>
            <p><a href="/settings">\(HTML.escape(t("home.settingsLink")))</a></p>
            <p><a href="/units">\(HTML.escape(t("home.unitsLink")))</a></p>
            """)
    }

    static func settings(_ t: AdminText, user: String, csrf: String, form: SettingsForm, version: Int, error: String?) -> String {
        func h(_ key: String) -> String { HTML.prose(t(key)) }
        var body = HTML.message(error, error: true)
        // The version the form shows: a save over a newer one is refused, not merged blindly.
        body += "<form method=\"post\" action=\"/settings\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"base\" value=\"\(version)\">"
        body += "<p>\(HTML.escape(version == 0 ? t("home.noVersion") : t("settings.version", ["version": String(version)])))</p>"
        body += "<h2>\(h("settings.iqamah"))</h2><p>\(h("settings.iqamahHelp"))</p><div class=\"row\">"
        for p in SettingsForm.iqamahPrayers {
            body += "<div>" + HTML.input("iqamah_\(p.rawValue)", t.prayer(p.rawValue), value: form.iqamah[p] ?? "", extra: "inputmode=\"numeric\" dir=\"ltr\"") + "</div>"
        }
        body += "</div><h2>\(h("settings.jumuah"))</h2>"
        body += HTML.input("jumuah", t("settings.jumuahTimes"), value: form.jumuah, extra: "dir=\"ltr\"")
        body += "<h2>\(h("settings.announcements"))</h2><p>\(h("settings.announcementsHelp"))</p>"
        let rows = form.announcements + Array(repeating: SettingsForm.Announcement(), count: 2)
        for (i, a) in rows.prefix(SettingsForm.maximumAnnouncements).enumerated() {
            body += HTML.input("ann_text_\(i)", t("settings.text", ["n": String(i + 1)]), value: a.text, extra: "maxlength=\"500\" dir=\"auto\"")
            body += "<div class=\"row\"><div>" + HTML.input("ann_from_\(i)", t("settings.from"), value: a.from, extra: "dir=\"ltr\"") + "</div><div>"
                + HTML.input("ann_to_\(i)", t("settings.to"), value: a.to, extra: "dir=\"ltr\"") + "</div></div>"
            body += HTML.input("ann_qr_\(i)", t("settings.qr"), value: a.qr, extra: "maxlength=\"\(UnitModel.Announcement.maximumQRBytes)\" dir=\"ltr\" inputmode=\"url\"")
        }
        body += "<h2>\(h("settings.volumeTitle"))</h2>" + HTML.input("volume", t("settings.volume"), value: form.volume, type: "number", extra: "min=\"0\" max=\"100\" dir=\"ltr\"")
        body += "<p>\(h("settings.perPrayer"))</p><div class=\"row\">"
        for p in SettingsForm.volumePrayers {
            body += "<div>" + HTML.input("volume_\(p.rawValue)", t.prayer(p.rawValue), value: form.volumes[p] ?? "", type: "number", extra: "min=\"0\" max=\"100\" dir=\"ltr\"") + "</div>"
        }
        body += "</div>" + zone(t, form) + events(t, form)
        body += "<p><button class=\"primary\" type=\"submit\">\(h("settings.save"))</button></p></form>"
        return HTML.page(t("settings.title"), t, user: user, csrf: csrf, body)
    }

    /// The JAKIM zone's list: none, then every zone, the form's selected. A code the list does
    /// not have (a refused POST shown again) is kept as an entry, so that it is what shows.
    static func zone(_ t: AdminText, _ form: SettingsForm) -> String {
        var choices = [("", t("settings.zoneNone"))] + SettingsForm.zoneChoices.map { ($0.code, $0.label) }
        if !choices.contains(where: { $0.0 == form.jakimZone }) { choices.append((form.jakimZone, form.jakimZone)) }
        var out = "<h2>\(HTML.prose(t("settings.zone")))</h2><p>\(HTML.prose(t("settings.zoneHelp")))</p>"
        out += "<label for=\"jakim_zone\">\(HTML.prose(t("settings.zone")))</label><select id=\"jakim_zone\" name=\"jakim_zone\" dir=\"auto\">"
        for (code, label) in choices {
            out += "<option value=\"\(HTML.escape(code))\"\(code == form.jakimZone ? " selected" : "")>\(HTML.escape(label))</option>"
        }
        return out + "</select>"
    }

    /// The commands a unit takes from the page, in the order of its buttons.
    static let commands = ["stop", "test-sound", "identify", "display-on", "display-off"]

    static func units(_ t: AdminText, user: String, csrf: String, units: [AdminUnit], notice: String?, error: String?) -> String {
        var body = HTML.message(notice, error: false) + HTML.message(error, error: true)
        if units.isEmpty { body += "<p>\(HTML.escape(t("units.none")))</p>" }
        var apart = false
        for u in units {
            // The roster's units first; the others, which anyone on the broker could invent, apart.
            if u.enrolled == false, !apart {
                apart = true
                body += "<h2 class=\"apart\">\(HTML.escape(t("units.strangers")))</h2>"
            }
            body += "<h2><bdi>\(HTML.escape(u.id))</bdi></h2><table>"
            for (k, v) in facts(t, u) { body += "<tr><th>\(HTML.escape(k))</th><td><bdi>\(HTML.escape(v))</bdi></td></tr>" }
            body += "</table><p>"
            if NetworkConfig.validName(u.id) {
                // The TV's commands only for a unit that steers one (`[display] power`).
                for c in commands where !c.hasPrefix("display-") || u.status?.display != nil {
                    body += "<form class=\"inline\" method=\"post\" action=\"/units/\(HTML.escape(u.id))/\(c)\">\(HTML.csrfField(csrf))<button type=\"submit\">\(HTML.escape(t("command.\(c)")))</button></form> "
                }
            }
            body += "</p>"
        }
        return HTML.page(t("units.title"), t, user: user, csrf: csrf, body)
    }

    /// A unit's table rows: what it reports, in words of the reader's language (the GPS,
    /// compass and problem lines are the unit's own, as it reports them).
    static func facts(_ t: AdminText, _ u: AdminUnit) -> [(String, String)] {
        let s = u.status
        let state = ["online", "offline", "lost", "unknown"].contains(u.state) ? t("state.\(u.state)") : u.state
        var facts: [(String, String)] = [(t("unit.state"), state)]
        facts.append((t("unit.configVersion"), s?.site.map { $0.configVersion == 0 ? t("version.own") : String($0.configVersion) } ?? t("version.noNetwork")))
        facts.append((t("unit.next"), s?.next.map { n in
            // "2026-11-24T05:34:00+00:00" as the unit's own clock time, "05:34".
            let time = String(n.at.dropFirst(11).prefix(5))
            let prayer = t.prayer(n.prayer)
            guard SiteConfig.EventKind(rawValue: n.event) != nil, n.event != n.prayer else {
                return t("next.only", ["prayer": prayer, "time": time])
            }
            return t("next.at", ["prayer": prayer, "event": t("event.\(n.event)"), "time": time])
        } ?? "-"))
        // "Eid al-Fitr prayer, 2027-03-10 07:30": its name as configured, the unit's own clock time.
        if let e = s?.special { facts.append((t("unit.special"), "\(e.name), \(e.at.prefix(10)) \(e.at.dropFirst(11).prefix(5))")) }
        facts.append((t("unit.clock"), s.map { t($0.clock.trusted ? "clock.trusted" : "clock.untrusted") } ?? "-"))
        facts.append((t("unit.gps"), s?.gps.description ?? "-"))
        facts.append((t("unit.compass"), s?.compass.description ?? "-"))
        facts.append((t("unit.sound"), s?.sound.map { snd in
            guard snd.available else { return t("sound.buzzer", ["device": snd.device]) }
            return snd.playing.map { t("sound.playing", ["name": $0]) } ?? t("sound.ready", ["device": snd.device])
        } ?? "-"))
        if let d = s?.display {
            let state = t("display.\(d.power.rawValue)")
            var text = d.until.map { t("display.override", ["state": state, "time": String($0.dropFirst(11).prefix(5))]) } ?? state
            if d.reported == .noAnswer { text += " · " + t("display.noAnswer") }
            if let p = d.problem { text += " · " + p }
            facts.append((t("unit.display"), text))
        }
        if let site = s?.site, site.login != nil || site.openBroker != nil {
            let broker = site.login == .anonymous ? "broker.noLogin" : site.openBroker == true ? "broker.open" : "broker.closed"
            facts.append((t("unit.broker"), t(broker)))
        }
        if let n = s?.site?.refusals, n > 0 { facts.append((t("unit.refusals"), String(n))) }
        if let p = s?.problem { facts.append((t("unit.problem"), p)) }
        return facts
    }
}
