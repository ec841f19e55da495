import FoundationEssentials
import Glibc
import Platform
import Service

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
        var b = CommandBody(id: id, time: CommandGate.iso.format(now), nonce: nonce)
        b.signature = key.sign(b.signingInput(topic: topic))
        return b
    }

    public func json() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }
}

/// Which commands a unit takes: the harmless ones it allows unsigned, the rest only signed
/// with its site key, timed within a minute of its clock (when the clock is trusted), and
/// never the same nonce twice. Mutated on the network's queue only.
public struct CommandGate: Sendable {
    let key: SiteKey?
    let unsigned: Set<String>
    /// A signed command older or newer than this (seconds, by a trusted clock) is stale.
    public static let window = 60.0
    /// Nonces are remembered this long (seconds of uptime): past the window when the clock is
    /// trusted, and for a while when it is not.
    static let memory = 600.0
    static let maximumNonces = 4096
    private var seen: [String: Double] = [:]

    /// ISO 8601 with the time zone, whole seconds ("2026-11-27T22:33:45Z"): a command's time.
    static let iso = Date.ISO8601FormatStyle()

    public init(key: SiteKey?, unsigned: [String]) {
        (self.key, self.unsigned) = (key, Set(unsigned))
    }

    /// nil when the command is taken; else why not, in one line.
    public mutating func refusal(_ name: String, topic: String, body: CommandBody, now: Date, clockTrusted: Bool, uptime: Double) -> String? {
        guard let signature = body.signature else {
            if unsigned.contains(name) { return nil }
            let allowed = unsigned.isEmpty ? "none" : unsigned.sorted().joined(separator: ", ")
            return "\(topic): unsigned: \(name) is taken only signed with the site key (mihrab site command --key); unsigned: \(allowed)"
        }
        guard let key else { return "\(topic): this unit has no [network] site_key, so it takes no signed command" }
        guard let time = body.time, let nonce = body.nonce, (16...64).contains(nonce.count), let at = try? CommandGate.iso.parse(time) else {
            return "\(topic): a signed command needs its time (ISO 8601) and a nonce (16 to 64 characters)"
        }
        guard key.verifies(signature, over: body.signingInput(topic: topic)) else {
            return "\(topic): the signature does not verify with this unit's site_key (\(key)): changed or forged"
        }
        let off = now.timeIntervalSince(at)
        if clockTrusted, abs(off) > CommandGate.window {
            return "\(topic): stale: signed at \(time), \(Int(abs(off).rounded())) s from this unit's clock (at most \(Int(CommandGate.window)))"
        }
        seen = seen.filter { uptime - $0.value < CommandGate.memory }
        if seen[nonce] != nil { return "\(topic): replayed: nonce \(nonce.prefix(16)) was taken already" }
        if seen.count >= CommandGate.maximumNonces, let oldest = seen.min(by: { $0.value < $1.value }) { seen[oldest.key] = nil }
        seen[nonce] = uptime
        return nil
    }
}
