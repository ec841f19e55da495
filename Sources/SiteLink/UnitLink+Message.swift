import FoundationEssentials
import Glibc
import Logging
import Platform
import Synchronization
import Service
import UnitModel

/// The site's urgent message (`mihrab/v1/unit/<id>/cmd/message`): taken as the other commands
/// are (signed with the site key, never replayed, never from what the broker keeps; unsigned
/// only where `[network] unsigned_commands` lists "message", for Home Assistant), then handed
/// to the loop, which shows it on every screen of the unit.
extension UnitLink {
    /// Who an unsigned message says sent it is not known: it is recorded as unsigned.
    static func sender(_ body: CommandBody) -> String {
        let given = body.by.map { String($0.prefix(UrgentMessage.maximumByCharacters - 11)).trimmingSpacesAndNewlines() } ?? ""
        if body.signature != nil { return given.isEmpty ? "the site key" : given }
        return given.isEmpty ? "unsigned" : "\(given) (unsigned)"
    }

    func messageCommand(_ m: MQTTClient.Message, body: CommandBody, id: String) {
        let topic = m.topic
        func refuse(_ why: String) {
            shared.withLock { $0.refusals += 1 }
            logger.error("network: message (id \(id)) refused: \(why)")
            publishEvent(UnitEvent(type: .command, at: UnitEvent.at(setup.clock), id: id, command: "message", result: "refused: \(why)",
                                   by: UnitLink.sender(body)))
        }
        if m.retained { return refuse("\(topic): retained: commands are taken only as they are sent, never from what the broker keeps") }
        let trusted = latest?.clock.trusted ?? false
        if let why = gate.refusal("message", topic: topic, body: body, now: Date(), clockTrusted: trusted) { return refuse(why) }
        guard let text = body.text else { return refuse("\(topic): a message needs its \"text\" (\"\" clears the one shown)") }
        let request = MessageRequest(text: text, minutes: body.minutes ?? UrgentMessage.defaultMinutes, by: UnitLink.sender(body)).trimmed()
        if let why = request.problem { return refuse("\(topic): \(why)") }
        if let p = gate.problem { logger.error("network: \(p)") }
        logger.notice("network: message (id \(id))\(body.signature == nil ? "" : ", signed") from \(request.by)")
        showMessage(request, id)
    }

    /// Whether this unit holds the site key's private half (`[network] signing_key`): what it
    /// sends the site's units is signed.
    public var signsCommands: Bool { shared.withLock { $0.signingKey != nil } }

    /// Sends the site's urgent message to a unit of the site (the admin page), signed with the
    /// site key when this unit holds it (without, only a unit that takes it unsigned shows it).
    public func send(_ message: MessageRequest, to unit: String, id: String) -> Bool {
        let topic = Topics.command(unit, "message")
        let body = shared.withLock { $0.signingKey }.map { CommandBody.signed(topic: topic, id: id, key: $0, message: message) }
            ?? CommandBody(id: id, text: message.text, minutes: message.minutes, by: message.by)
        return (adminClient ?? client).publish(topic, body.json(), retain: false, qos: 1) != nil
    }
}
