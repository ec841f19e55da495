import UnitModel

/// The dashboard's urgent message: what the screens show now (from each unit's status), a
/// text and its minutes to show on every screen of the site, and a button that clears it. No
/// script: two plain forms.
extension Pages {
    static func messageForm(_ t: AdminText, csrf: String, units: [AdminUnit], draft: String) -> String {
        var body = "<section class=\"message\"><h2>\(HTML.escape(t("message.title")))</h2><p>\(HTML.escape(t("message.help")))</p>"
        // The message as the units report it (one line per different message).
        var seen: [ScreenModel.Message] = []
        for u in units { if let m = u.status?.message, !seen.contains(where: { $0.text == m.text }) { seen.append(m) } }
        for m in seen {
            body += "<p class=\"current\" dir=\"auto\">" + HTML.escape(t("message.current", ["text": m.text, "by": m.by,
                                                                                        "until": String(m.until.dropFirst(11).prefix(5))])) + "</p>"
        }
        body += "<form method=\"post\" action=\"/message\">\(HTML.csrfField(csrf))"
        body += HTML.input("text", t("message.text"), value: draft, extra: "maxlength=\"\(UrgentMessage.maximumCharacters)\" dir=\"auto\" required")
        body += HTML.input("minutes", t("message.minutes"), value: String(UrgentMessage.defaultMinutes), type: "number",
                           extra: "min=\"\(UrgentMessage.minutes.lowerBound)\" max=\"\(UrgentMessage.minutes.upperBound)\" dir=\"ltr\"")
        body += "<p><button class=\"primary\" type=\"submit\">\(HTML.escape(t("message.send")))</button></p></form>"
        if !seen.isEmpty {
            body += "<form method=\"post\" action=\"/message\">\(HTML.csrfField(csrf))<input type=\"hidden\" name=\"clear\" value=\"1\">"
            body += "<p><button type=\"submit\">\(HTML.escape(t("message.clear")))</button></p></form>"
        }
        return body + "</section>"
    }
}
