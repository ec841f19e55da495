import FoundationEssentials
import Glibc
import Platform

/// A command's payload on `mihrab/v1/unit/<id>/cmd/<name>`: its id (the answer on the event
/// topic carries it) and, signed, its time, a nonce and the site key's signature over the
/// topic (so the unit and the command), the id, the time and the nonce.
public struct CommandBody: Codable, Sendable, Equatable {
    public var id: String?
    public var time: String?
    public var nonce: String?
    public var signature: String?

    public init(id: String?, time: String? = nil, nonce: String? = nil, signature: String? = nil) {
        (self.id, self.time, self.nonce, self.signature) = (id, time, nonce, signature)
    }

    func signingInput(topic: String) -> Data {
        SigningInput.of("mihrab command v1", [topic, id ?? "", time ?? "", nonce ?? ""])
    }

    /// A signed command for `topic`, timed `now`, with a fresh nonce.
    public static func signed(topic: String, id: String, key: SigningKey, now: Date = Date()) -> CommandBody {
        let nonce = hexString((0..<16).map { _ in UInt8.random(in: 0...255) })
        var b = CommandBody(id: id, time: utcISO8601(now.timeIntervalSince1970), nonce: nonce)
        b.signature = key.sign(b.signingInput(topic: topic))
        return b
    }

    public func json() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }
}
