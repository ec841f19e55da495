import FoundationEssentials
import Glibc

/// The settings page's special events and Hijri offset.
extension Pages {
    /// The offset's list, then each event's row and two empty ones (as the announcements).
    static func events(_ t: AdminText, _ form: SettingsForm) -> String {
        var out = "<h2>\(HTML.prose(t("settings.events")))</h2><p>\(HTML.prose(t("settings.eventsHelp")))</p>"
        let offsets = SettingsForm.hijriOffsets.map { n in (String(n), n > 0 ? "+\(n)" : String(n)) }
        out += select("hijri_offset", t("settings.hijriOffset"), offsets, chosen: form.hijriOffset)
        out += "<p>\(HTML.prose(t("settings.hijriOffsetHelp")))</p>"
        let kinds = SettingsForm.eventKinds.map { ($0, t("settings.eventKind.\($0)")) }
        let rows = form.events + Array(repeating: SettingsForm.Event(), count: 2)
        for (i, e) in rows.prefix(SettingsForm.maximumEvents).enumerated() {
            out += HTML.input("ev_name_\(i)", t("settings.eventName", ["n": String(i + 1)]), value: e.name,
                              extra: "dir=\"auto\"")
            out += "<div class=\"row\"><div>" + select("ev_kind_\(i)", t("settings.eventKind"), kinds, chosen: e.kind) + "</div><div>"
                + HTML.input("ev_date_\(i)", t("settings.eventDate"), value: e.date, extra: "dir=\"ltr\"") + "</div></div>"
            out += "<div class=\"row\"><div>" + HTML.input("ev_times_\(i)", t("settings.eventTimes"), value: e.times, extra: "dir=\"ltr\"")
                + "</div><div>" + HTML.input("ev_sound_\(i)", t("settings.eventSound"), value: e.sound, extra: "dir=\"ltr\"")
                + "</div><div>" + HTML.input("ev_minutes_\(i)", t("settings.eventMinutes"), value: e.minutes, type: "number",
                                             extra: "min=\"0\" max=\"600\" dir=\"ltr\"") + "</div></div>"
        }
        return out
    }

    /// A list with its label, `chosen` selected. A value the list does not have (a refused
    /// POST shown again) is kept as an entry, so that it is what shows.
    static func select(_ name: String, _ label: String, _ choices: [(String, String)], chosen: String) -> String {
        var choices = choices
        if !choices.contains(where: { $0.0 == chosen }) { choices.append((chosen, chosen)) }
        var out = "<label for=\"\(HTML.escape(name))\">\(HTML.prose(label))</label><select id=\"\(HTML.escape(name))\" name=\"\(HTML.escape(name))\" dir=\"auto\">"
        for (value, text) in choices {
            out += "<option value=\"\(HTML.escape(value))\"\(value == chosen ? " selected" : "")>\(HTML.escape(text))</option>"
        }
        return out + "</select>"
    }
}
