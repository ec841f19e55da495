import FoundationEssentials
import Glibc
import Platform
import UnitModel

/// A command's payload on `mihrab/v1/unit/<id>/cmd/<name>`: its id (the answer on the event
/// topic carries it) and, signed, its time, a nonce and the site key's signature over the
/// topic (so the unit and the command), the id, the time and the nonce; an urgent message's
/// (`cmd/message`) text, minutes and sender too, so none of them can be changed on the way.
public struct CommandBody: Codable, Sendable, Equatable {
    public var id: String?
    public var time: String?
    public var nonce: String?
    public var signature: String?
    /// `message`: the text ("" clears), for how many minutes, and who sends it.
    public var text: String?
    public var minutes: Int?
    public var by: String?

    public init(id: String?, time: String? = nil, nonce: String? = nil, signature: String? = nil,
                text: String? = nil, minutes: Int? = nil, by: String? = nil) {
        (self.id, self.time, self.nonce, self.signature) = (id, time, nonce, signature)
        (self.text, self.minutes, self.by) = (text, minutes, by)
    }

    func signingInput(topic: String) -> Data {
        var parts = [topic, id ?? "", time ?? "", nonce ?? ""]
        // Only a message's: the other commands' signatures stay what they were.
        if text != nil || minutes != nil || by != nil {
            parts += ["message", text ?? "", minutes.map(String.init) ?? "", by ?? ""]
        }
        return SigningInput.of("mihrab command v1", parts)
    }

    /// A signed command for `topic`, timed `now`, with a fresh nonce.
    public static func signed(topic: String, id: String, key: SigningKey, now: Date = Date(), message: MessageRequest? = nil) -> CommandBody {
        let nonce = hexString((0..<16).map { _ in UInt8.random(in: 0...255) })
        var b = CommandBody(id: id, time: utcISO8601(now.timeIntervalSince1970), nonce: nonce)
        if let message { (b.text, b.minutes, b.by) = (message.text, message.minutes, message.by) }
        b.signature = key.sign(b.signingInput(topic: topic))
        return b
    }

    public func json() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }
}
