import FoundationEssentials
import HTTPTypes
import HummingbirdCore
import Logging
import Platform
import UnitModel

/// `POST /message`: the site's urgent message from the dashboard's form, to every unit of the
/// site (`AdminBackend.message`); `text` empty clears it. Back to the dashboard with what was
/// done, or the dashboard again with why not.
extension AdminRoutes {
    func sendMessage(_ fields: [String: String], session s: Sessions.Session, _ t: AdminText) -> Response {
        let text = fields["text"] ?? ""
        let minutesField = (fields["minutes"] ?? "").trimmingSpacesAndNewlines()
        func refuse(_ status: HTTPResponse.Status, _ why: String) -> Response {
            logger.notice("admin: a message from \(s.user) refused: \(why)")
            return Self.html(status, Pages.dashboard(t, user: s.user, csrf: s.csrf, snapshot: backend.snapshot(), units: backend.units(),
                                                     notice: nil, error: t("message.failed", ["error": why]), draft: text))
        }
        guard let minutes = minutesField.isEmpty ? UrgentMessage.defaultMinutes : Int(minutesField) else {
            return refuse(.unprocessableContent, "minutes: \(minutesField.prefix(20)) is not a whole number")
        }
        let clearing = fields["clear"] != nil
        let request = MessageRequest(text: clearing ? "" : text, minutes: minutes, by: String(s.user.prefix(UrgentMessage.maximumByCharacters))).trimmed()
        if let why = request.problem { return refuse(.unprocessableContent, why) }
        // Spaces alone are no message (and no clearing either: that is the other button's).
        if !clearing, request.text.isEmpty { return refuse(.unprocessableContent, t("message.empty")) }
        switch backend.message(request, user: s.user) {
        case .success(let sent):
            logger.notice("admin: \(s.user) \(request.clears ? "cleared the message" : "sent a message for \(request.minutes) min") on \(sent.units) unit(s) (id \(sent.id))\(sent.problem.map { ": \($0)" } ?? "")")
            return Self.seeOther("/?message=\(request.clears ? "cleared" : "sent")&units=\(sent.units)\(sent.problem == nil ? "" : "&here=1")")
        case .failure(let e):
            return refuse(.badGateway, e.description)
        }
    }
}
