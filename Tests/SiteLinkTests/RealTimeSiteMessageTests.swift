import Foundation
import Service
import SiteLink
import TestSupport
import Testing
import UnitModel

/// The site's urgent message over a real broker to three simulated units: `mihrab site message`
/// reaches each within 2 real seconds; a forged, an unsigned and a replayed one are refused
/// with their lines; sent during Dhuhr's iqamah countdown it waits as a banner and fills the
/// screens once the iqamah has come; it ends on time, in virtual and in real time.
@Suite(.serialized, .enabled(if: Mosquitto.available)) struct RealTimeSiteMessageTests {
    let ids = ["entrance", "hall", "women"]
    static let speed = 6.0

    /// The record's message lines of a unit.
    static func messageLines(_ u: SiteUnit) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: u.directory + "/record.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["type"] as? String == "message" }
    }

    static func instant(_ iso: String?) -> Double? {
        guard let iso else { return nil }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (f.date(from: iso) ?? ISO8601DateFormatter().date(from: iso))?.timeIntervalSince1970
    }

    @Test func testTheMessageReachesEveryUnitWaitsForTheIqamahAndEndsOnTime() throws {
        let broker = try Mosquitto(units: ids)
        let watch = try BrokerWatch(broker)
        defer { watch.stop(); broker.kill() }
        // Dhuhr at 12:06 in London on 25 March 2026 (MWL), its iqamah at 12:16 (dhuhr = 10):
        // at 12:14 the screens count down to it.
        var units: [SiteUnit] = []
        defer { for u in units { u.killHard() } }
        // No prayer screen after the iqamah (prayer_minutes = 0): the message fills the screens from 12:16.
        for id in ids {
            units.append(try SiteUnit(id, broker: broker, start: "2026-03-25T12:14", speed: Self.speed, extra: "[screen]\nprayer_minutes = 0"))
        }
        for id in ids { #expect((watch.wait(20) { $0 == "mihrab/v1/unit/\(id)/state" && $1 == "online" }) != nil, Comment(rawValue: id)) }
        let admin = try broker.credentialsFile("admin")
        func site(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
            try tool(MihrabBinary.url.path, ["site", "message"] + args + ["--broker", broker.url, "--site", "central", "--credentials", admin,
                                                                        "--timeout", "5", "--key", TestSiteKey.file])
        }
        func publish(_ unit: String, _ payload: String) throws {
            let r = try tool("/usr/bin/mosquitto_pub", broker.login("admin") + ["-t", "mihrab/v1/unit/\(unit)/cmd/message", "-q", "1", "-m", payload])
            #expect(r.status == 0, Comment(rawValue: r.err))
        }
        func answer(_ unit: String, id: String, from: Int) -> String? {
            watch.wait(5, from: from) { t, p in t == "mihrab/v1/unit/\(unit)/event" && p.contains("\"id\":\"\(id)\"") }?.payload
        }

        // 1. Sent to the three, during the iqamah's countdown: each shows it within 2 s.
        let text = "The grey car AB12 CDE is blocking the gate"
        var before = watch.messages.count
        let sentAt = Date()
        let sent = try site([text, "--minutes", "3", "--by", "imam"] + ids.flatMap { ["--unit", $0] })
        #expect(sent.status == 0, Comment(rawValue: sent.out + sent.err))
        var shownAfter: [String: Double] = [:]
        #expect(eventually(10) {
            for u in units where shownAfter[u.id] == nil && Self.messageLines(u).contains(where: { $0["step"] as? String == "shown" }) {
                shownAfter[u.id] = Date().timeIntervalSince(sentAt)
            }
            return shownAfter.count == units.count
        }, Comment(rawValue: units.map(\.log).joined(separator: "\n")))
        for (id, s) in shownAfter { #expect(s <= 2.0, "\(id): shown \(s) s after the command was started") }
        for id in ids {
            #expect(sent.out.contains("\(id): message (id ") && sent.out.contains("showing until"), Comment(rawValue: sent.out))
        }
        let taken = try #require(watch.wait(0, from: before) { t, _ in t == "mihrab/v1/unit/hall/cmd/message" }).payload
        let event = try #require(watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"command\":\"message\"") }).payload
        #expect(event.contains("\"by\":\"imam\"") && event.contains(text), Comment(rawValue: event))
        for u in units { #expect(u.log.contains("message: from imam for 3 min"), Comment(rawValue: u.log)) }
        // In the countdown it is a banner under it.
        #expect(eventually(3) { units.allSatisfy { $0.status?.message?.banner == true } },
                Comment(rawValue: units.map { "\($0.id): \(String(describing: $0.status?.message))" }.joined(separator: "\n")))
        let until = try #require(Self.instant(units[1].status?.message?.until))

        // 2. A forged one (another key), an unsigned one, and the genuine one replayed: refused, each with its line.
        let other = SigningKey()
        let forged = CommandBody.signed(topic: "mihrab/v1/unit/hall/cmd/message", id: "forged-1", key: other,
                                        message: MessageRequest(text: "Fire! Leave now", minutes: 60, by: "imam"))
        before = watch.messages.count
        try publish("hall", String(decoding: forged.json(), as: UTF8.self))
        #expect(answer("hall", id: "forged-1", from: before)?.contains("does not verify with this unit's site_key") == true)
        try publish("hall", #"{"id":"unsigned-1","text":"Fire! Leave now"}"#)
        #expect(answer("hall", id: "unsigned-1", from: before)?.contains("unsigned: message is taken only signed") == true)
        // Its text changed under the genuine signature: no longer the signed text.
        try publish("hall", taken.replacingOccurrences(of: "blocking the gate", with: "on fire"))
        let changed = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("does not verify") && !p.contains("forged-1") }
        #expect(changed != nil, "a changed text refused")
        try publish("hall", taken)
        let replay = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("replayed") }
        #expect(replay != nil, Comment(rawValue: watch.messages.dropFirst(before).map(\.payload).joined(separator: "\n")))
        #expect(units[1].status?.message?.text == text, "the hall still shows the genuine message")

        // 3. The iqamah comes at 12:16: the message fills the screens (no longer a banner).
        #expect(eventually(30) { units.allSatisfy { $0.status?.message?.banner == false } },
                Comment(rawValue: units.map { "\($0.id): \(String(describing: $0.status?.message)) \($0.status?.time ?? "")" }.joined(separator: "\n")))

        // 4. It ends at its time: the record's line within 2 virtual seconds of it, and the real
        // time between shown and ended as three minutes at this speed.
        var ended: [String: [String: Any]] = [:]
        #expect(eventually(60) {
            for u in units { if let e = Self.messageLines(u).first(where: { $0["step"] as? String == "ended" }) { ended[u.id] = e } }
            return ended.count == units.count
        }, Comment(rawValue: units.map { Self.messageLines($0).description }.joined(separator: "\n")))
        let realShown = shownAfter["hall"] ?? 0, realEnded = Date().timeIntervalSince(sentAt)
        for u in units {
            let end = Self.instant(ended[u.id]?["t"] as? String) ?? 0
            let shownLine = Self.messageLines(u).first { $0["step"] as? String == "shown" }
            let unitUntil = Self.instant(shownLine?["until"] as? String) ?? 0
            #expect(end >= unitUntil && end - unitUntil <= 2, "\(u.id): ended at \(end), until \(unitUntil)")
        }
        #expect(abs(until - (Self.instant(ended["hall"]?["t"] as? String) ?? 0)) <= 2)
        #expect(realEnded - realShown >= 180 / Self.speed - 1.5 && realEnded - realShown <= 180 / Self.speed + 4,
                "shown at \(realShown) s, ended by \(realEnded) s (real)")
        #expect(eventually(3) { units.allSatisfy { $0.status?.message == nil } })
    }
}
