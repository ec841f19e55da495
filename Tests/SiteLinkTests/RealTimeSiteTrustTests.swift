import Foundation
import Service
import SiteLink
import TestSupport
import Testing
import UnitModel

/// Issue 43's network cases, against a real mosquitto that takes anonymous clients, with three
/// simulated units: nothing retained, cleared or replayed steers a unit, and a new site key
/// counts from the reload that brings it.
@Suite(.serialized, .enabled(if: Mosquitto.available)) struct RealTimeSiteTrustTests {
    let ids = ["entrance", "hall", "women"]

    final class Site {
        let broker: Mosquitto
        let watch: BrokerWatch
        var units: [SiteUnit] = []
        init(_ ids: [String]) throws {
            broker = try Mosquitto(units: ids, open: true)
            watch = try BrokerWatch(broker)
        }
        deinit {
            for u in units { u.killHard() }
            watch.stop()
            broker.kill()
        }
        var logs: String { units.map { "== \($0.id)\n\($0.log)" }.joined(separator: "\n") }

        func start(_ id: String, extra: String = "") throws -> SiteUnit {
            try SiteUnit(id, broker: broker, start: "2026-03-25T09:00", speed: 1, extra: extra)
        }

        /// Anonymous, as anyone on the LAN: `payload` nil clears the retained message.
        func anonymous(_ topic: String, _ payload: Data?, retain: Bool = true) throws {
            let args = ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", topic, "-q", "1"] + (retain ? ["-r"] : [])
                + (payload == nil ? ["-n"] : ["-s"])
            let r = try tool("/usr/bin/mosquitto_pub", args, input: payload.map { String(decoding: $0, as: UTF8.self) })
            #expect(r.status == 0, Comment(rawValue: r.err))
        }

        func publish(_ toml: String, key: String? = nil) throws -> (status: Int32, out: String, err: String) {
            let key = key ?? TestSiteKey.file(beside: broker)
            let file = broker.directory + "/site.toml"
            try toml.write(toFile: file, atomically: true, encoding: .utf8)
            return try tool(MihrabBinary.url.path, ["site", "publish", file, "--broker", broker.url, "--site", "central",
                                                    "--credentials", try broker.credentialsFile("admin"), "--timeout", "4", "--key", key])
        }

        /// Every unit of `ids` reports `version` (series 0) in a status published after `from`.
        func applied(_ version: Int, by ids: [String], from: Int, within: Double = 6) -> Bool {
            eventually(within) {
                ids.allSatisfy { id in
                    self.watch.wait(0, from: from) { t, p in
                        t == "mihrab/v1/unit/\(id)/status"
                            && (try? JSONDecoder().decode(StatusReport.self, from: Data(p.utf8))).map { $0.site?.configVersion == version } == true
                    } != nil
                }
            }
        }

        func online(_ ids: [String], from: Int = 0) -> Bool {
            ids.allSatisfy { id in watch.wait(20, from: from) { $0 == "mihrab/v1/unit/\(id)/state" && $1 == "online" } != nil }
        }
    }

    @Test("cleared retained topics do not block a publish; a fresh unit joins at the newest version, not at a replayed one; a cleared applied topic comes back")
    func clearedAndReplayedConfigs() throws {
        let site = try Site(ids)
        site.units = try ids.prefix(2).map { try site.start($0) }
        #expect(site.online(Array(ids.prefix(2))), Comment(rawValue: site.logs))
        let topic = "mihrab/v1/site/central/config"
        var before = site.watch.messages.count
        var r = try site.publish("[iqamah]\nasr = 20\n")
        #expect(r.status == 0 && r.out.contains("published version 1 of"), Comment(rawValue: r.out + r.err))
        #expect(r.out.contains("entrance: applied") && r.out.contains("hall: applied") && r.out.contains("applied by 2 of the 2 units online"),
                Comment(rawValue: r.out))
        #expect(site.applied(1, by: Array(ids.prefix(2)), from: before), Comment(rawValue: site.logs))
        let v1 = try #require(site.watch.wait(0, from: before) { t, _ in t == topic }).payload
        r = try site.publish("[iqamah]\nasr = 25\n")
        #expect(r.status == 0 && r.out.contains("published version 2 of"), Comment(rawValue: r.out + r.err))

        // Everything retained cleared: the publisher signs above what it signed before (3, not
        // 1), and every unit takes it.
        for t in [topic] + ids.map({ "mihrab/v1/unit/\($0)/config" }) { try site.anonymous(t, nil) }
        // Each unit sets its own applied topic again at once.
        #expect(eventually(5) { ids.prefix(2).allSatisfy { id in
            site.watch.messages.last { $0.topic == "mihrab/v1/unit/\(id)/config" }.map { $0.payload.contains("\"version\":2") } == true
        } }, Comment(rawValue: site.logs))
        before = site.watch.messages.count
        r = try site.publish("[iqamah]\nasr = 30\n")
        #expect(r.status == 0 && r.out.contains("published version 3 of"), Comment(rawValue: r.out + r.err))
        #expect(site.applied(3, by: Array(ids.prefix(2)), from: before), Comment(rawValue: site.logs))

        // Version 1 replayed (retained) on the site's topic: a fresh unit joins at 3, never at 1.
        try site.anonymous(topic, Data(v1.utf8))
        before = site.watch.messages.count
        site.units.append(try site.start("women"))
        #expect(site.applied(3, by: ["women"], from: before, within: 20), Comment(rawValue: site.logs))
        let women = site.units[2].log
        #expect(women.contains("site config version 3 from") && !women.contains("site config version 1 from"), Comment(rawValue: women))

        // Version 4, then a copy of it without its "key" (which the signature does not cover)
        // retained on the site's topic: a unit restarted at 3 still takes 4 (the copy, or a peer's).
        let entranceAt3 = site.units[0]
        entranceAt3.killHard()
        before = site.watch.messages.count
        r = try site.publish("[iqamah]\nasr = 31\n")
        #expect(r.status == 0 && r.out.contains("published version 4 of"), Comment(rawValue: r.out + r.err))
        let v4 = try #require(site.watch.wait(5, from: before) { t, _ in t == topic }).payload
        var stripped = try #require(try JSONSerialization.jsonObject(with: Data(v4.utf8)) as? [String: Any])
        stripped["key"] = nil
        try site.anonymous(topic, try JSONSerialization.data(withJSONObject: stripped))
        before = site.watch.messages.count
        site.units[0] = try site.start("entrance")
        #expect(site.applied(4, by: ["entrance"], from: before, within: 20), Comment(rawValue: site.units[0].log))

        // A publish nobody can take (every unit stopped): printed, and exit 69.
        for u in site.units { u.terminate() }
        r = try site.publish("[iqamah]\nasr = 35\n")
        #expect(r.status == 69 && r.err.contains("no unit applied version 5"), Comment(rawValue: r.out + r.err))
    }

    @Test("a signed command is never taken from a retained message, nor again after a restart, nor when signed 1,000 days ago")
    func commandsAreNotReplayed() throws {
        let site = try Site(ids)
        // The hall holds the site key's private half, but readable by others: config check
        // refuses it as run does, and run keeps its link (only its admin page cannot sign).
        let loose = site.broker.directory + "/loose.key"
        try TestSiteKey.key.write(to: loose)
        chmod(loose, 0o644)
        site.units = [try site.start("hall", extra: "signing_key = \"\(loose)\"")]
        let check = try tool(MihrabBinary.url.path, ["config", "check", site.units[0].directory + "/mihrab.toml"])
        #expect(check.status == 78 && check.err.contains("\(loose): readable by others (mode 644)"), Comment(rawValue: check.out + check.err))
        #expect(!check.err.contains("ed25519-private:"), "no key material in the line")
        #expect(site.online(["hall"]), Comment(rawValue: site.logs))
        #expect(site.units[0].log.contains("this unit's admin page cannot sign"), Comment(rawValue: site.units[0].log))
        let hall = { site.units[0] }
        func reloads() -> Int { hall().log.components(separatedBy: "configuration reloaded").count - 1 }
        let topic = "mihrab/v1/unit/hall/cmd/reload"
        var before = site.watch.messages.count
        let sent = try tool(MihrabBinary.url.path, ["site", "command", "hall", "reload", "--broker", site.broker.url, "--site", "central",
                                                    "--timeout", "5", "--key", TestSiteKey.file])
        #expect(sent.status == 0, Comment(rawValue: sent.err))
        #expect(eventually(3) { reloads() == 1 }, Comment(rawValue: hall().log))
        let captured = try #require(site.watch.wait(0, from: before) { t, _ in t == topic }).payload

        // Captured and published retained: the broker hands it on at once as sent (MQTT 3.1.1
        // clears the flag for a subscriber that was there): its nonce was taken. At the restart it
        // comes as retained: refused as such.
        before = site.watch.messages.count
        try site.anonymous(topic, Data(captured.utf8))
        let answer = site.watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"command\":\"reload\"") }
        #expect(answer?.payload.contains("replayed: nonce") == true, Comment(rawValue: answer?.payload ?? "none"))
        hall().killHard()
        before = site.watch.messages.count
        site.units[0] = try site.start("hall")
        #expect(site.online(["hall"], from: before), Comment(rawValue: hall().log))
        #expect(site.watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("retained: commands") } != nil)
        try site.anonymous(topic, nil)
        // Sent again as it was (not retained) after the restart: the ledger on disk knows its nonce.
        before = site.watch.messages.count
        try site.anonymous(topic, Data(captured.utf8), retain: false)
        let again = site.watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"command\":\"reload\"") }
        #expect(again?.payload.contains("replayed: nonce") == true, Comment(rawValue: again?.payload ?? "none"))
        // Signed 1,000 days ago: older than the newest taken.
        let old = CommandBody.signed(topic: topic, id: "old-1", key: TestSiteKey.key, now: Date().addingTimeInterval(-1000 * 86400))
        before = site.watch.messages.count
        try site.anonymous(topic, old.json(), retain: false)
        let stale = site.watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("old-1") }
        #expect(stale?.payload.contains("replayed: signed at") == true, Comment(rawValue: stale?.payload ?? "none"))
        usleep(300_000)
        #expect(reloads() == 0, "the restarted unit reloaded nothing\n\(hall().log)")
    }

    @Test("the site key rotated as the README says: the old key's settings and commands stop counting at the reload")
    func keyRotation() throws {
        let site = try Site(ids)
        site.units = try ids.map { try site.start($0) }
        #expect(site.online(ids), Comment(rawValue: site.logs))
        var before = site.watch.messages.count
        var r = try site.publish("[iqamah]\nasr = 20\n")
        #expect(r.status == 0, Comment(rawValue: r.out + r.err))
        #expect(site.applied(1, by: ids, from: before), Comment(rawValue: site.logs))
        let oldSigned = try #require(site.watch.wait(0, from: before) { t, _ in t == "mihrab/v1/site/central/config" }).payload

        // 1. A new key. 2. Every unit's site_key. 3. Reload.
        let newKeyFile = site.broker.directory + "/site-2.key"
        let keygen = try tool(MihrabBinary.url.path, ["site", "keygen", "--out", newKeyFile])
        #expect(keygen.status == 0, Comment(rawValue: keygen.err))
        let newPublic = keygen.out.trimmingCharacters(in: .whitespacesAndNewlines)
        before = site.watch.messages.count
        for u in site.units {
            let path = u.directory + "/mihrab.toml"
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: TestSiteKey.line, with: "site_key = \"\(newPublic)\"")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            kill(u.process.processIdentifier, SIGHUP)
        }
        // The old key's settings are set aside at once: version 0, the unit's own file.
        #expect(site.applied(0, by: ids, from: before), Comment(rawValue: site.logs))
        for u in site.units {
            #expect(u.log.contains("site config version 1 was signed with another key"), Comment(rawValue: u.log))
            #expect(!FileManager.default.fileExists(atPath: u.directory + "/state/site-settings.json"))
        }
        // The old key's config replayed, and a test-sound signed with it: refused.
        try site.anonymous("mihrab/v1/site/central/config", Data(oldSigned.utf8))
        before = site.watch.messages.count
        let test = try tool(MihrabBinary.url.path, ["site", "command", "hall", "test-sound", "--broker", site.broker.url, "--site", "central",
                                                    "--timeout", "5", "--key", TestSiteKey.file])
        #expect(test.status == 69 && test.err.contains("does not verify with this unit's site_key"), Comment(rawValue: test.out + test.err))
        usleep(500_000)
        #expect(site.units.allSatisfy { $0.status?.site?.configVersion == 0 }, Comment(rawValue: site.logs))
        // 4. Publish with the new key: every unit takes it.
        before = site.watch.messages.count
        r = try site.publish("[iqamah]\nasr = 25\n", key: newKeyFile)
        #expect(r.status == 0 && r.out.contains("applied by 3 of the 3 units online"), Comment(rawValue: r.out + r.err))
        #expect(site.applied(1, by: ids, from: before) || site.applied(2, by: ids, from: before), Comment(rawValue: site.logs))
    }

    @Test("units vouch for themselves: enrolled, their signed reports count; a forged status, 300 ghosts and control characters do not")
    func unitsVouchForThemselves() throws {
        let site = try Site(ids)
        site.units = try ids.map { try site.start($0) }
        #expect(site.online(ids), Comment(rawValue: site.logs))
        // Each unit made its own key at its first start: the installer reads it and enrolls it.
        let file = site.broker.directory + "/site.toml"
        try "[iqamah]\nasr = 20\n".write(toFile: file, atomically: true, encoding: .utf8)
        var keys: [String: String] = [:]
        for u in site.units {
            let k = try tool(MihrabBinary.url.path, ["unit", "key", "--state-dir", u.directory + "/state"])
            #expect(k.status == 0 && k.out.hasPrefix("ed25519:"), Comment(rawValue: k.out + k.err))
            keys[u.id] = k.out.trimmingCharacters(in: .whitespacesAndNewlines)
            let e = try tool(MihrabBinary.url.path, ["site", "enroll", u.id, keys[u.id] ?? "", "--file", file])
            #expect(e.status == 0, Comment(rawValue: e.out + e.err))
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("[units]\nentrance = \"\(keys["entrance"] ?? "")\"\nhall = "))
        var before = site.watch.messages.count
        let r = try site.publish(try String(contentsOfFile: file, encoding: .utf8))
        #expect(r.status == 0 && r.out.contains("applied by 3 of the 3 units online"), Comment(rawValue: r.out + r.err))
        #expect(site.applied(1, by: ids, from: before), Comment(rawValue: site.logs))
        func show() throws -> String {
            let out = try tool(MihrabBinary.url.path, ["site", "show", "--broker", site.broker.url, "--site", "central",
                                                       "--site-key", TestSiteKey.key.publicKey.text, "--wait", "2"], timeout: 60)
            #expect(out.status == 0, Comment(rawValue: out.err))
            return out.out
        }
        var out = try show()
        for id in ids { #expect(out.contains("\(id): online, applied 1,"), Comment(rawValue: out)) }
        #expect(!out.contains("Not verified"), Comment(rawValue: out))

        // The hall killed; its state and a status claiming version 999 forged, retained.
        let real = try #require(site.watch.wait(0, from: before) { t, p in t == "mihrab/v1/unit/hall/status" && p.contains("\"configVersion\":1,") }).payload
        site.units[1].killHard()
        try site.anonymous("mihrab/v1/unit/hall/state", Data("online".utf8))
        try site.anonymous("mihrab/v1/unit/hall/status", Data(real.replacingOccurrences(of: "\"configVersion\":1,", with: "\"configVersion\":999,").utf8))
        // A stranger whose status holds ESC, CR and BEL (in its next event's name, a free string,
        // and in its status word, which reads as the unknown word it is), and 300 ghosts.
        let esc = real.replacingOccurrences(of: "\"status\":\"", with: "\"status\":\"\\u001b[2J\\r\\u0007")
            .replacingOccurrences(of: "\"event\":\"", with: "\"event\":\"\\u001b[2J\\r\\u0007")
        try site.anonymous("mihrab/v1/unit/zz-evil/status", Data(esc.utf8))
        let ghost = real.replacingOccurrences(of: "\"unit\":\"hall\"", with: "\"unit\":\"ghost\"")
        for i in 0..<300 { try site.anonymous("mihrab/v1/unit/ghost-\(i)/status", Data(ghost.utf8)) }
        before = site.watch.messages.count
        out = try show()
        #expect(!out.contains("999"), "the forged status is not shown: \(out)")
        // Its signed status replaced on the broker by the forgery, and "online" retained: lost.
        #expect(out.contains("hall: lost,"), Comment(rawValue: out))
        let lines = out.split(separator: "\n").map(String.init)
        let apart = try #require(lines.firstIndex { $0.hasPrefix("Not on the site's roster") }, Comment(rawValue: out))
        for id in ids { #expect((lines.firstIndex { $0.hasPrefix(id + ":") } ?? .max) < apart, "\(id) listed before the strangers") }
        // Strangers are remembered up to a bound; the roster is never crowded out by them.
        #expect((200...PeerBook.maximumStrangers).contains(lines.filter { $0.hasPrefix("ghost-") }.count))
        #expect(!out.contains("\u{1B}") && !out.contains("\u{07}") && !out.contains("\r"), "no control character printed")
        #expect(out.contains("zz-evil: ") && out.contains("\\u{1B}[2J\\u{D}\\u{7}"), Comment(rawValue: out))
        #expect(lines.contains { $0.hasPrefix("zz-evil: ") && $0.contains(", sensor-fault, next ") }, "an unknown status word: sensor-fault")

        // What the book makes of the hall's own signed status, as time passes: online while under
        // two minutes old, lost after, whatever the retained state says; a changed one counts for nothing.
        let sealed = Data(real.utf8)
        let key = try #require(keys["hall"])
        var book = PeerBook(roster: ["hall": key])
        book.state("hall", Data("online".utf8))
        book.status("hall", sealed)
        let signed = try #require(book.entries(now: Date()).first?.signedAt)
        #expect(book.entries(now: signed.addingTimeInterval(60)).first?.state == "online")
        #expect(book.entries(now: signed.addingTimeInterval(121)).first?.state == "lost")
        var forged = PeerBook(roster: ["hall": key])
        forged.status("hall", Data(real.replacingOccurrences(of: "\"configVersion\":1,", with: "\"configVersion\":999,").utf8))
        #expect(forged.entries(now: Date()).first?.status == nil && forged.entries(now: Date()).first?.state == "lost")
        // Signed by another unit's key, or for another unit's topic: not the hall's.
        var other = PeerBook(roster: ["entrance": keys["entrance"] ?? ""])
        other.status("entrance", sealed)
        #expect(other.entries(now: Date()).first?.status == nil)
        // Signed by the hall itself, but 10 minutes ahead (a clock set wrong): not taken, and it
        // does not hold back the next right one.
        let hallKey = try SigningKey.load(site.units[1].directory + "/state/unit.key")
        let hallPublic = try #require(SiteKey(key))
        let body = try #require(UnitSeal.open(sealed, topic: "mihrab/v1/unit/hall/status", key: hallPublic)).body
        book.status("hall", UnitSeal.seal(body, topic: "mihrab/v1/unit/hall/status", key: hallKey, now: Date().addingTimeInterval(600)))
        #expect(book.entries(now: Date()).first?.signedAt == signed)
        book.status("hall", UnitSeal.seal(body, topic: "mihrab/v1/unit/hall/status", key: hallKey, now: Date()))
        #expect((book.entries(now: Date()).first?.signedAt ?? .distantPast) > signed)
    }
}
