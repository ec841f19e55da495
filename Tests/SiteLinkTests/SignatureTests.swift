import Foundation
import Service
@testable import SiteLink
import Testing
import UnitModel

/// The site key's signatures, against RFC 8032's own test vectors, and what a signature
/// covers: every field of a site config and of a command, and nothing can move between them.
@Suite struct SignatureTests {
    static func bytes(_ hex: String) -> Data {
        Data(stride(from: 0, to: hex.count, by: 2).compactMap {
            UInt8(hex[hex.index(hex.startIndex, offsetBy: $0)..<hex.index(hex.startIndex, offsetBy: $0 + 2)], radix: 16)
        })
    }

    @Test func rfc8032TestVectorsOneAndTwo() throws {
        let vectors = [
            ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
             "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
             "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
            ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
             "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
             "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        ]
        for (secret, pub, message, signature) in vectors {
            let signing = try #require(SigningKey(seed: Self.bytes(secret)))
            #expect(signing.publicKey.text == "ed25519:" + Self.bytes(pub).base64EncodedString())
            let key = try #require(SiteKey("ed25519:" + Self.bytes(pub).base64EncodedString()))
            #expect(key.verifies("ed25519:" + Self.bytes(signature).base64EncodedString(), over: Self.bytes(message)))
            var wrong = Self.bytes(signature)
            wrong[5] ^= 1
            #expect(!key.verifies("ed25519:" + wrong.base64EncodedString(), over: Self.bytes(message)))
            #expect(key.verifies(signing.sign(Self.bytes(message)), over: Self.bytes(message)))
        }
        #expect(SiteKey("ed25519:AAAA") == nil)
        #expect(SiteKey("rsa:" + Data(count: 32).base64EncodedString()) == nil)
    }

    @Test func aSignedConfigVerifiesAndAnyChangeToItDoesNot() throws {
        let k = SigningKey()
        let topic = "mihrab/v1/site/central/config"
        let s = SiteSettings(version: 3, site: "central", file: "site.toml", toml: "[iqamah]\nasr = 10\n", published: "2026-03-25T09:00:00Z",
                             by: "imam", timetable: TimetableText(name: "t.csv", text: "a,b\n")).signed(with: k, topic: topic)
        try s.verify(with: k.publicKey, topic: topic)
        var changes: [(String, SiteSettings)] = []
        for (name, change) in [("version", { (x: inout SiteSettings) in x.version = 4 }), ("series", { $0.series = 1 }),
                               ("time", { $0.published = "2026-03-25T09:00:01Z" }), ("toml", { $0.toml += "fajr = 5\n" }),
                               ("by", { $0.by = "x" }), ("file", { $0.file = "other.toml" }), ("timetable", { $0.timetable?.text = "a,c\n" }),
                               ("site", { $0.site = "other" })] as [(String, (inout SiteSettings) -> Void)] {
            var c = s
            change(&c)
            changes.append((name, c))
        }
        for (name, c) in changes {
            #expect(throws: ConfigError.self, "\(name) changed") { try c.verify(with: k.publicKey, topic: topic) }
        }
        #expect(throws: ConfigError.self, "another topic") { try s.verify(with: k.publicKey, topic: "mihrab/v1/site/other/config") }
        #expect(throws: ConfigError.self, "another key") { try s.verify(with: SigningKey().publicKey, topic: topic) }
        #expect(throws: ConfigError.self, "no key on the unit") { try s.verify(with: nil, topic: topic) }
        // A field's end cannot be moved into the next: "ab" + "c" is not "a" + "bc".
        var moved = s
        (moved.by, moved.toml) = (s.by + "[", String(s.toml.dropFirst()))
        #expect(throws: ConfigError.self) { try moved.verify(with: k.publicKey, topic: topic) }
    }

    @Test func commandsAreTakenSignedOnceWithinAMinuteAndTheHarmlessOnesUnsigned() throws {
        let k = SigningKey()
        let topic = "mihrab/v1/unit/hall/cmd/reload"
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var gate = CommandGate(key: k.publicKey, unsigned: ["stop", "identify"])
        let body = CommandBody.signed(topic: topic, id: "r-1", key: k, now: now)
        #expect(gate.refusal("reload", topic: topic, body: body, now: now.addingTimeInterval(5), clockTrusted: true) == nil)
        let replay = gate.refusal("reload", topic: topic, body: body, now: now.addingTimeInterval(6), clockTrusted: true)
        #expect(replay?.contains("replayed") == true)
        // Stale by a trusted clock; by any clock, older than the newest command taken is a replay.
        let later = CommandBody.signed(topic: topic, id: "r-2", key: k, now: now.addingTimeInterval(61))
        #expect(gate.refusal("reload", topic: topic, body: later, now: now, clockTrusted: true)?.contains("stale: signed at") == true)
        #expect(gate.refusal("reload", topic: topic, body: later, now: now, clockTrusted: false) == nil)
        let old = CommandBody.signed(topic: topic, id: "r-6", key: k, now: now.addingTimeInterval(30))
        #expect(gate.refusal("reload", topic: topic, body: old, now: now.addingTimeInterval(30), clockTrusted: true)?
            .contains("replayed: signed at 2026-09-21T14:13:50Z, before the newest command this unit took (2026-09-21T14:14:21Z)") == true)
        #expect(gate.refusal("reload", topic: topic, body: old, now: now, clockTrusted: false)?.contains("replayed: signed at") == true)
        // Signed for another unit or another command: does not verify here.
        let other = CommandBody.signed(topic: "mihrab/v1/unit/women/cmd/reload", id: "r-3", key: k, now: now)
        #expect(gate.refusal("reload", topic: topic, body: other, now: now, clockTrusted: true)?.contains("does not verify") == true)
        var changed = CommandBody.signed(topic: topic, id: "r-4", key: k, now: now)
        changed.id = "r-5"
        #expect(gate.refusal("reload", topic: topic, body: changed, now: now, clockTrusted: true)?.contains("does not verify") == true)
        // Unsigned: stop and identify by default, nothing with [].
        #expect(gate.refusal("reload", topic: topic, body: CommandBody(id: "x"), now: now, clockTrusted: true)?.contains("unsigned") == true)
        #expect(gate.refusal("test-sound", topic: topic, body: CommandBody(id: "x"), now: now, clockTrusted: true) != nil)
        #expect(gate.refusal("stop", topic: topic, body: CommandBody(id: "x"), now: now, clockTrusted: true) == nil)
        var strict = CommandGate(key: k.publicKey, unsigned: [])
        #expect(strict.refusal("stop", topic: topic, body: CommandBody(id: "x"), now: now, clockTrusted: true) != nil)
        var keyless = CommandGate(key: nil, unsigned: ["stop"])
        #expect(keyless.refusal("reload", topic: topic, body: body, now: now, clockTrusted: true)?.contains("no [network] site_key") == true)
    }

    @Test func anUrgentMessagesTextMinutesAndSenderAreSignedAndNoneCanBeChanged() throws {
        let k = SigningKey()
        let topic = "mihrab/v1/unit/hall/cmd/message"
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let request = MessageRequest(text: "Car AB12 CDE is blocking the gate", minutes: 10, by: "imam")
        let body = CommandBody.signed(topic: topic, id: "m-1", key: k, now: now, message: request)
        var gate = CommandGate(key: k.publicKey, unsigned: [])
        #expect(gate.refusal("message", topic: topic, body: body, now: now, clockTrusted: true) == nil)
        for change in [{ (b: inout CommandBody) in b.text = "Fire! Leave now" }, { $0.minutes = 1440 }, { $0.by = "the imam" },
                       { $0.text = nil }, { $0.text = "" }] {
            var forged = CommandBody.signed(topic: topic, id: "m-2", key: k, now: now, message: request)
            change(&forged)
            var fresh = CommandGate(key: k.publicKey, unsigned: [])
            #expect(fresh.refusal("message", topic: topic, body: forged, now: now, clockTrusted: true)?.contains("does not verify") == true,
                    Comment(rawValue: "\(forged)"))
        }
        // Unsigned only where the unit's file lists it.
        #expect(gate.refusal("message", topic: topic, body: CommandBody(id: "u", text: "hi"), now: now, clockTrusted: true)?.contains("unsigned") == true)
        var ha = CommandGate(key: k.publicKey, unsigned: ["message"])
        #expect(ha.refusal("message", topic: topic, body: CommandBody(id: "u", text: "hi"), now: now, clockTrusted: true) == nil)
        #expect(UnitLink.sender(CommandBody(id: "u", text: "hi", by: "Home Assistant")) == "Home Assistant (unsigned)")
        #expect(UnitLink.sender(body) == "imam")
    }

    @Test func theConfigRefusesABadSiteKeyAndCommandsThatMayNotBeUnsigned() throws {
        let base = "[network]\nmqtt = \"mqtt://127.0.0.1\"\nunit_id = \"hall\"\nsite = \"central\"\n"
        #expect(throws: ConfigError.self) { try SiteConfig.parse(base + "site_key = \"ed25519:abc\"\n", file: "m.toml") }
        #expect(throws: ConfigError.self) { try SiteConfig.parse(base + "unsigned_commands = [\"reload\"]\n", file: "m.toml") }
        let key = SigningKey().publicKey.text
        let c = try SiteConfig.parse(base + "site_key = \"\(key)\"\nunsigned_commands = []\n", file: "m.toml")
        #expect(c.network.siteKey == key)
        #expect(c.network.unsignedCommands.isEmpty)
    }

    /// The identity point and the all-zero key passed as `site_key`, and with the identity a
    /// constant forged signature was applied. Every point whose order divides 8 (libsodium's
    /// blocklist, either sign of x) is refused, by the config's check and as a key.
    @Test func keysOfSmallOrderAreRefused() throws {
        let ff = String(repeating: "ff", count: 30)
        let small = ["00" + String(repeating: "00", count: 31), "01" + String(repeating: "00", count: 31),
                     "ec\(ff)7f", "ed\(ff)7f", "ee\(ff)7f",
                     "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
                     "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"]
        for hex in small {
            for sign: UInt8 in [0, 0x80] {
                var b = Self.bytes(hex)
                b[31] |= sign
                let text = "ed25519:" + b.base64EncodedString()
                #expect(SiteKey(text) == nil, Comment(rawValue: hex))
                #expect(throws: ConfigError.self) {
                    try SiteConfig.parse("[network]\nsite_key = \"\(text)\"\n", file: "k.toml")
                }
            }
        }
        let identity = "ed25519:" + Self.bytes("01" + String(repeating: "00", count: 31)).base64EncodedString()
        do {
            _ = try SiteConfig.parse("[network]\nsite_key = \"\(identity)\"\n", file: "k.toml")
            Issue.record("the identity passed")
        } catch {
            #expect(error.description.contains("is a point of small order"), Comment(rawValue: error.description))
        }
        #expect(SiteKey(SigningKey().publicKey.text) != nil)
    }

    /// A private key pasted into `site_key` is refused without a character of it in the line.
    @Test func aPrivateKeyInSiteKeyIsNeverPrinted() throws {
        let secret = "ed25519-private:" + Data((0..<32).map { UInt8($0) }).base64EncodedString()
        do {
            _ = try SiteConfig.parse("[network]\nsite_key = \"\(secret)\"\n", file: "k.toml")
            Issue.record("taken")
        } catch {
            #expect(error.description.contains("is the PRIVATE half of a key"), Comment(rawValue: error.description))
            #expect(!error.description.contains(String(secret.dropFirst(16).prefix(8))), Comment(rawValue: error.description))
        }
    }

    /// What a unit took is on disk: after a restart the same command is still a replay, and
    /// so is one signed before it; a new site key starts with nothing taken.
    @Test func theCommandLedgerOutlivesARestartAndFollowsTheKey() throws {
        let path = NSTemporaryDirectory() + "mihrab-ledger-\(UUID().uuidString).json"
        defer { unlink(path) }
        let k = SigningKey()
        let topic = "mihrab/v1/unit/hall/cmd/reload"
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var gate = CommandGate(key: k.publicKey, unsigned: [], path: path)
        let body = CommandBody.signed(topic: topic, id: "r-1", key: k, now: now)
        let before = CommandBody.signed(topic: topic, id: "r-0", key: k, now: now.addingTimeInterval(-1000 * 86400))
        #expect(gate.refusal("reload", topic: topic, body: body, now: now, clockTrusted: false) == nil)
        var restarted = CommandGate(key: k.publicKey, unsigned: [], path: path)
        #expect(restarted.refusal("reload", topic: topic, body: body, now: now, clockTrusted: false)?.contains("replayed: nonce") == true)
        #expect(restarted.refusal("reload", topic: topic, body: before, now: now, clockTrusted: false)?.contains("replayed: signed at") == true)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let k2 = SigningKey()
        var rekeyed = CommandGate(key: k2.publicKey, unsigned: [], path: path)
        #expect(rekeyed.refusal("reload", topic: topic, body: CommandBody.signed(topic: topic, id: "r-2", key: k2, now: now.addingTimeInterval(-5)),
                                now: now, clockTrusted: false) == nil)
    }
}
