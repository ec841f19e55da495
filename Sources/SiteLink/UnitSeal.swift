import FoundationEssentials
import Glibc
import Platform

/// A unit's own signature on what it publishes about itself (its status and events): the JSON
/// object as written, with one more key at its end, `zsig` (last in sorted order, so the text
/// stays the sorted JSON Home Assistant and scripts read), holding the time it was signed (UTC,
/// the unit's real clock) and the unit key's signature over the topic, that time and the text
/// before it. Whoever holds the site's roster (`[units]`: each unit's public key) can tell a
/// unit's own words from anyone else's on the broker, and how old they are.
public enum UnitSeal {
    static let marker = Data(",\"zsig\":{\"at\":\"".utf8)

    /// `json` (an object, `{…}`) signed by `key` for `topic`, at `now`.
    public static func seal(_ json: Data, topic: String, key: SigningKey, now: Date = Date()) -> Data {
        guard json.count > 2, json.first == UInt8(ascii: "{"), json.last == UInt8(ascii: "}") else { return json }
        let at = utcISO8601(now.timeIntervalSince1970)
        let signature = key.sign(input(topic: topic, at: at, body: json))
        var out = Data(json.dropLast())
        out.append(contentsOf: marker)
        out.append(contentsOf: Array("\(at)\",\"sig\":\"\(signature)\"}}".utf8))
        return Data(out)
    }

    /// What a sealed payload says, when `key` signed it for `topic`: the text as it was signed,
    /// and when. nil when it carries no seal, or one that does not verify.
    public static func open(_ payload: Data, topic: String, key: SiteKey) -> (body: Data, signedAt: Date)? {
        let bytes = Array(payload)
        guard let start = lastRange(of: Array(marker), in: bytes) else { return nil }
        var body = Data(bytes[..<start])
        body.append(UInt8(ascii: "}"))
        let tail = String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        // `AT","sig":"ed25519:…"}}`
        guard let quote = tail.firstIndex(of: "\""), tail.hasSuffix("\"}}") else { return nil }
        let at = String(tail[..<quote])
        let rest = tail[quote...]
        guard rest.hasPrefix("\",\"sig\":\"") else { return nil }
        let signature = String(rest.dropFirst(9).dropLast(3))
        guard let date = try? CommandGate.iso.parse(at), key.verifies(signature, over: input(topic: topic, at: at, body: body)) else { return nil }
        return (body, date)
    }

    static func input(topic: String, at: String, body: Data) -> Data {
        SigningInput.of("mihrab unit v1", [topic, at, String(decoding: body, as: UTF8.self)])
    }

    private static func lastRange(of needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        var i = hay.count - needle.count
        while i >= 0 {
            if hay[i] == needle[0], Array(hay[i..<(i + needle.count)]) == needle { return i }
            i -= 1
        }
        return nil
    }
}
