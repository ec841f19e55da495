import Foundation
import Service
import SiteLink
import TestSupport
import Testing
import UnitModel

/// An attacker on the mosque's LAN with a broker left open (anonymous clients, no ACL), three
/// simulated units and a real mosquitto: forged, re-signed and replayed site configs and
/// commands are refused, each with its line, the site key's own are taken, and Dhuhr's adhan
/// sounds on every unit as if nobody had tried.
@Suite(.serialized, .enabled(if: Mosquitto.available)) struct RealTimeSiteSignatureTests {
    let ids = ["entrance", "hall", "women"]

    @Test func testAnOpenBrokerCannotSteerTheUnitsButTheSiteKeyCan() throws {
        let broker = try Mosquitto(units: ids, open: true)
        let watch = try BrokerWatch(broker)
        defer { watch.stop(); broker.kill() }
        // Dhuhr is at 12:06 in London on 25 March 2026 (MWL): two virtual minutes before it, at 2x.
        var units: [SiteUnit] = []
        defer { for u in units { u.killHard() } }
        for id in ids {
            // The women's section's unit logs in without an account.
            units.append(try SiteUnit(id, broker: broker, start: "2026-03-25T12:04", speed: 2, credentials: id != "women"))
        }
        let started = Date()
        for id in ids { #expect((watch.wait(20) { $0 == "mihrab/v1/unit/\(id)/state" && $1 == "online" }) != nil, Comment(rawValue: id)) }
        let topic = "mihrab/v1/site/central/config"
        func anonymous(_ t: String, _ payload: Data, retain: Bool = true) throws {
            let r = try tool("/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", "\(broker.port)", "-t", t, "-q", "1", "-s"] + (retain ? ["-r"] : []),
                             input: String(decoding: payload, as: UTF8.self))
            #expect(r.status == 0, Comment(rawValue: r.err))
        }
        /// Every unit refuses the next config with `line` (its status and its log) and keeps `version`.
        func refused(_ line: String, keeps version: Int, from: Int, _ what: String) {
            let ok = eventually(5) {
                self.ids.allSatisfy { id in
                    watch.wait(0, from: from) { t, p in
                        t == "mihrab/v1/unit/\(id)/status"
                            && (try? JSONDecoder().decode(StatusReport.self, from: Data(p.utf8))).map { $0.site?.refused == line && $0.site?.configVersion == version } == true
                    } != nil
                }
            }
            #expect(ok, Comment(rawValue: "\(what): refused with \(line)\n" + units.map(\.log).joined(separator: "\n")))
        }
        func settings(_ version: Int, _ toml: String) -> SiteSettings {
            SiteSettings(version: version, site: "central", file: "site.toml", toml: toml, published: "2026-03-25T12:04:00Z", by: "mallory")
        }
        let silence = "[[quiet]]\nfrom = \"00:00\"\nto = \"23:59\"\n"

        // 1. Quiet all day, version 50, unsigned (the finding).
        var before = watch.messages.count
        try anonymous(topic, settings(50, silence).encoded())
        refused("\(topic): signature: missing: site configs are taken only signed with the site key (mihrab site publish --key)",
                keeps: 0, from: before, "unsigned")
        // 2. A genuine signature moved onto a huge version: does not verify.
        before = watch.messages.count
        var moved = try JSONDecoder().decode(SiteSettings.self, from: TestSiteKey.signed(settings(1, "[iqamah]\nasr = 5\n")))
        (moved.version, moved.toml) = (1_000_000_000, silence)
        try anonymous(topic, moved.encoded())
        refused("\(topic): signature: does not verify with this unit's site_key (\(TestSiteKey.key.publicKey)): the config was changed or forged",
                keeps: 0, from: before, "re-signed")
        // 3. The attacker's own key.
        before = watch.messages.count
        let mallory = SigningKey()
        try anonymous(topic, settings(7, silence).signed(with: mallory, topic: topic).encoded())
        refused("\(topic): signature: made with another key (\(mallory.publicKey.text.prefix(20))…) than this unit's site_key (\(TestSiteKey.key.publicKey))",
                keeps: 0, from: before, "another key")

        // The site key's own: taken by every unit within 2 s, whatever the forgeries claimed.
        func publish(_ toml: String, _ more: [String] = []) throws -> (status: Int32, out: String, err: String) {
            let file = broker.directory + "/site.toml"
            try toml.write(toFile: file, atomically: true, encoding: .utf8)
            return try tool(MihrabBinary.url.path, ["site", "publish", file, "--broker", broker.url, "--site", "central",
                                                    "--credentials", try broker.credentialsFile("admin"), "--timeout", "3", "--key", TestSiteKey.file(beside: broker)] + more)
        }
        func applied(_ version: Int, series: Int? = nil, from: Int) -> Double? {
            let t0 = Date()
            let ok = eventually(5) {
                self.ids.allSatisfy { id in
                    watch.wait(0, from: from) { t, p in
                        t == "mihrab/v1/unit/\(id)/status" && (try? JSONDecoder().decode(StatusReport.self, from: Data(p.utf8)))
                            .map { $0.site?.configVersion == version && $0.site?.configSeries == series && $0.site?.refused == nil } == true
                    } != nil
                }
            }
            return ok ? Date().timeIntervalSince(t0) : nil
        }
        before = watch.messages.count
        var r = try publish("[iqamah]\nasr = 20\n")
        #expect(r.status == 0, Comment(rawValue: r.err))
        #expect(r.out.contains("published version 1 of"), Comment(rawValue: r.out))
        let took = applied(1, from: before)
        #expect(took != nil, Comment(rawValue: units.map(\.log).joined(separator: "\n")))
        if let took { #expect(took <= 2.0, "a signed config applies within 2 s") }
        let v1 = try #require(watch.wait(0, from: before) { t, _ in t == topic }).payload

        // A unit's status claiming version 10^9 (anyone may write it here) changes nothing for the publisher.
        let real = try #require(watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/status" && p.contains("\"configVersion\":1,") }).payload
        try anonymous("mihrab/v1/unit/hall/status", Data(real.replacingOccurrences(of: "\"configVersion\":1,", with: "\"configVersion\":1000000000,").utf8))
        before = watch.messages.count
        r = try publish("[iqamah]\nasr = 25\n")
        #expect(r.status == 0, Comment(rawValue: r.err))
        #expect(r.out.contains("published version 2 of"), Comment(rawValue: r.out))
        #expect(applied(2, from: before) != nil)
        // 4. The old signed one replayed: not newer.
        before = watch.messages.count
        try anonymous(topic, Data(v1.utf8))
        refused("site.toml: version: 1 is not newer than the version applied (2): kept version 2", keeps: 2, from: before, "replayed")

        // Commands: a signed reload is taken once, its replay refused; an unsigned test-sound refused; stop taken unsigned.
        before = watch.messages.count
        func reloads() -> Int { units[1].log.components(separatedBy: "configuration reloaded").count - 1 }
        let reloadsBefore = reloads()
        let reload = try tool(MihrabBinary.url.path, ["site", "command", "hall", "reload", "--broker", broker.url, "--site", "central",
                                                      "--timeout", "5", "--key", TestSiteKey.file])
        #expect(reload.status == 0, Comment(rawValue: reload.err))
        #expect(eventually(3) { reloads() == reloadsBefore + 1 }, Comment(rawValue: units[1].log))
        let sent = try #require(watch.wait(0, from: before) { t, _ in t == "mihrab/v1/unit/hall/cmd/reload" }).payload
        before = watch.messages.count
        try anonymous("mihrab/v1/unit/hall/cmd/reload", Data(sent.utf8), retain: false)
        let replay = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"command\":\"reload\"") }
        #expect(replay?.payload.contains("replayed: nonce") == true, Comment(rawValue: replay?.payload ?? "no answer"))
        usleep(500_000)
        #expect(reloads() == (reloadsBefore + 1), "reloaded once\n\(units[1].log)")
        before = watch.messages.count
        try anonymous("mihrab/v1/unit/hall/cmd/test-sound", Data(#"{"id":"t-1"}"#.utf8), retain: false)
        try anonymous("mihrab/v1/unit/hall/cmd/stop", Data(#"{"id":"s-1"}"#.utf8), retain: false)
        let test = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"t-1\"") }
        #expect(test?.payload.contains("refused: mihrab/v1/unit/hall/cmd/test-sound: unsigned") == true, Comment(rawValue: test?.payload ?? "no answer"))
        let stop = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"s-1\"") }
        #expect((stop.map { $0.payload.contains("refused") }) == false, Comment(rawValue: stop?.payload ?? "no answer"))

        // A signed reset starts the versions again, and every unit takes it.
        before = watch.messages.count
        r = try publish("[iqamah]\nasr = 30\n", ["--reset"])
        #expect(r.status == 0, Comment(rawValue: r.err))
        #expect(r.out.contains("published version 1 of series 1 of"), Comment(rawValue: r.out))
        #expect(applied(1, series: 1, from: before) != nil, Comment(rawValue: units.map(\.log).joined(separator: "\n")))

        // The last version of a series (signed, so genuine): publish refuses to go on, publishes
        // nothing and exits 78; --reset starts the next series.
        before = watch.messages.count
        try anonymous(topic, TestSiteKey.signed(SiteSettings(version: 1_000_000_000, site: "central", file: "site.toml",
                                                             toml: "[iqamah]\nasr = 35\n", published: "2026-03-25T12:04:30Z", by: "office", series: 1)))
        #expect(applied(1_000_000_000, series: 1, from: before) != nil, Comment(rawValue: units.map(\.log).joined(separator: "\n")))
        before = watch.messages.count
        r = try publish("[iqamah]\nasr = 40\n")
        #expect(r.status == 78, Comment(rawValue: r.out + r.err))
        #expect(r.err.contains("version 1000000000 of series 1 is the last of its series: nothing published; --reset starts"), Comment(rawValue: r.err))
        usleep(300_000)
        #expect((watch.wait(0, from: before) { t, _ in t == topic }) == nil, "nothing published")
        r = try publish("[iqamah]\nasr = 30\n", ["--reset"])
        #expect(r.out.contains("published version 1 of series 2 of"), Comment(rawValue: r.out + r.err))
        #expect(applied(1, series: 2, from: before) != nil, Comment(rawValue: units.map(\.log).joined(separator: "\n")))

        // The open broker is said: in the status, and by mihrab site show.
        #expect(eventually(5) { units.allSatisfy { $0.status?.site?.openBroker == true } }, Comment(rawValue: units.map { "\($0.status?.site as Any)" }.joined()))
        #expect((units[2].status?.site?.login) == .anonymous)
        #expect((units[0].status?.site?.login) == .account)
        #expect((units[1].status?.site?.refusals ?? 0) >= 6, "four configs and two commands refused")
        let status = try tool(MihrabBinary.url.path, ["status", "--file", units[2].directory + "/state/status.json"])
        #expect(status.out.contains("Site: central as unit women, config version 1 of series 2, broker connected; this unit logs in without an account; "
                                          + "the broker takes clients without an account"), Comment(rawValue: status.out))
        let show = try tool(MihrabBinary.url.path, ["site", "show", "--broker", broker.url, "--site", "central",
                                                    "--credentials", try broker.credentialsFile("admin")])
        #expect(show.out.contains("Broker: takes clients without an account"), Comment(rawValue: show.out))
        #expect(show.out.contains("women: online, applied 1,") && show.out.contains("logs in without an account"), Comment(rawValue: show.out))

        // Dhuhr's adhan sounds on every unit, out loud, once and on time.
        #expect((Date().timeIntervalSince(started)) < 55, "the attack ran before Dhuhr")
        #expect(eventually(90) { units.allSatisfy { ($0.status?.time ?? "") >= "2026-03-25T12:06:30" } }, Comment(rawValue: units.map(\.log).joined()))
        for u in units {
            let dhuhr = u.events.filter { $0["event"] == "adhan" && $0["prayer"] == "dhuhr" && $0["scheduled"]?.hasPrefix("2026-03-25") == true }
            #expect((dhuhr.map { $0["state"] ?? "" }) == (["fired"]), "\(u.id): \(dhuhr)")
            let late = u.adhanLateness("dhuhr", on: "2026-03-25", start: "2026-03-25T12:04", speed: 2)
            #expect(late.map { abs($0) <= 1 } == true, "\(u.id): \(late.map { "\($0)" } ?? "no real time") s late by the wall clock")
            #expect(u.log.contains("adhan dhuhr") && !u.log.contains("quiet period"), Comment(rawValue: u.log))
        }
    }
}
