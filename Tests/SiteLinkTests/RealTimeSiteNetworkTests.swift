import Foundation
import Service
import TestSupport
import Testing
import UnitModel

/// Three simulated units and a real mosquitto broker with a password file and an ACL: the
/// site's settings published once reach every unit, bad ones are refused with the file
/// check's own line, a unit's account cannot publish them, and a day without the broker
/// changes nothing that sounds. Watched with mosquitto_sub, independently of our MQTT code.
@Suite(.serialized, .enabled(if: Mosquitto.available)) final class RealTimeSiteNetworkTests {
    let ids = ["entrance", "hall", "women"]
    var broker: Mosquitto!
    var watch: BrokerWatch!
    var units: [SiteUnit] = []

    init() throws {
        broker = try Mosquitto(units: ids)
        watch = try BrokerWatch(broker)
    }

    deinit {
        for u in units { u.killHard() }
        watch?.stop()
        broker?.kill()
    }

    func startUnits(start: String, speed: Double, extra: String = "") throws {
        units = try ids.map { try SiteUnit($0, broker: broker, start: start, speed: speed, extra: extra) }
        for u in units {
            #expect((watch.wait(20) { $0 == "mihrab/v1/unit/\(u.id)/state" && $1 == "online" }) != nil, "\(u.id) online\n\(u.log)")
            #expect((watch.wait(20) { t, p in t == "mihrab/v1/unit/\(u.id)/status" && p.contains("\"configVersion\":0") }) != nil, "\(u.id) reports no site config yet\n\(u.log)")
        }
    }

    func status(_ id: String, from: Int = 0, _ match: @escaping (StatusReport) -> Bool) -> StatusReport? {
        let m = watch.wait(0, from: from) { t, p in
            t == "mihrab/v1/unit/\(id)/status" && (try? JSONDecoder().decode(StatusReport.self, from: Data(p.utf8))).map(match) == true
        }
        return m.flatMap { try? JSONDecoder().decode(StatusReport.self, from: Data($0.payload.utf8)) }
    }

    /// Waits until every unit's status (on the broker) satisfies `match`; the seconds it took.
    func allReport(within timeout: Double, from: Int, _ match: @escaping (StatusReport) -> Bool) -> Double? {
        let t0 = Date()
        let ok = eventually(timeout) { ids.allSatisfy { status($0, from: from, match) != nil } }
        return ok ? Date().timeIntervalSince(t0) : nil
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = broker.directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func publish(_ file: String, as user: String = "admin") throws -> (status: Int32, out: String, err: String) {
        try tool(MihrabBinary.url.path, ["site", "publish", file, "--broker", broker.url, "--site", "central",
                                         "--credentials", try broker.credentialsFile(user), "--timeout", "3", "--key", TestSiteKey.file(beside: broker)])
    }

    /// `mihrab site command` with the site key.
    func sendSigned(_ unit: String, _ name: String) throws -> (status: Int32, out: String, err: String) {
        try tool(MihrabBinary.url.path, ["site", "command", unit, name, "--broker", broker.url, "--site", "central",
                                         "--credentials", try broker.credentialsFile("admin"), "--timeout", "5", "--key", TestSiteKey.file])
    }

    /// A config as the site key signs it, published by hand (retained).
    func rawPublish(_ json: [String: Any], as user: String = "admin") throws -> Int32 {
        var data = try JSONSerialization.data(withJSONObject: json)
        if let s = try? JSONDecoder().decode(SiteSettings.self, from: data) { data = TestSiteKey.signed(s) }
        return try tool("/usr/bin/mosquitto_pub", broker.login(user) + ["-t", "mihrab/v1/site/central/config", "-r", "-q", "1",
                                                                         "-m", String(decoding: data, as: UTF8.self)]).status
    }

    // MARK: -

    @Test func testAPublishedConfigReachesEveryUnitWithinTwoSecondsAndBadOnesAreRefusedWithTheFileCheck() throws {
        // A Wednesday: Dhuhr's iqamah is Dhuhr's (no Jumu'ah).
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        for u in units {
            #expect((u.status?.iqamah?["dhuhr"]?.contains("T12:")) == true, "the unit's own 10 minutes after Dhuhr")
            #expect((status(u.id) { _ in true }?.clock.source) == .config, "the status says what made the clock trusted")
            #expect((status(u.id) { _ in true }?.version?.isEmpty) == false, "and the software's version")
        }

        let site = try write("site.toml", "[iqamah]\ndhuhr = \"13:40\"\nasr = 15\n[jumuah]\ntimes = [\"13:15\"]\n")
        let before = watch.messages.count
        let r = try publish(site)
        #expect(r.status == 0, Comment(rawValue: r.err))
        #expect(r.out.contains("published version 1"), Comment(rawValue: r.out))
        let took = allReport(within: 5, from: before) { $0.site?.configVersion == 1 && $0.iqamah?["dhuhr"] == "2026-03-25T13:40:00+00:00" }
        #expect(took != nil, Comment(rawValue: "every unit reports version 1 and Dhuhr's iqamah at 13:40\n" + units.map(\.log).joined(separator: "\n")))
        if let took { #expect(took <= 2.0, "applied and reported within 2 s of the publication") }
        for u in units {
            // The version also at the top level, as `config_version`.
            #expect((watch.wait(0, from: before) { t, p in t == "mihrab/v1/unit/\(u.id)/status" && p.contains("\"config_version\":1,") }) != nil, Comment(rawValue: u.id))
        }
        let st = try tool(MihrabBinary.url.path, ["status", "--file", units[1].directory + "/state/status.json"])
        #expect(st.out.contains("Site: central as unit hall, config version 1, broker connected"), Comment(rawValue: st.out))
        for u in units {
            // Kept in the state directory, for a reboot without the broker.
            let stored = try #require(FileManager.default.contents(atPath: u.directory + "/state/site-settings.json"))
            #expect((try JSONDecoder().decode(SiteSettings.self, from: stored).version) == 1)
            // Asr's iqamah: 15 minutes after its adhan, in the unit's own status.json too.
            #expect(eventually(3) {
                let g = ISO8601DateFormatter()
                guard let s = u.status, let a = s.times?["asr"].flatMap(g.date(from:)), let i = s.iqamah?["asr"].flatMap(g.date(from:)) else { return false }
                return i.timeIntervalSince(a) == 15 * 60
            }, "asr's iqamah 15 minutes after its adhan: \(u.status?.iqamah ?? [:])")
        }

        // A malformed config: each unit refuses it with the very line the file check prints.
        let bad = try write("bad.toml", "[iqamah]\nfajr = 500\n")
        let check = try tool(MihrabBinary.url.path, ["site", "check", bad])
        #expect(check.status == 78)
        let line = check.err.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "mihrab: ", with: "")
        #expect(line == ("\(bad):2: iqamah.fajr: 500 is out of range (0 to 120)"))
        let beforeBad = watch.messages.count
        #expect((try rawPublish(["version": 5, "site": "central", "file": bad, "toml": "[iqamah]\nfajr = 500\n",
                                       "published": "2026-03-25T09:05:00Z", "by": "test"])) == 0)
        #expect((allReport(within: 5, from: beforeBad) { $0.site?.refused == line && $0.site?.configVersion == 1 }) != nil, Comment(rawValue: "every unit refuses it with the file check's line and keeps version 1\n" + units.map(\.log).joined(separator: "\n")))
        for id in ids {
            #expect((watch.wait(2, from: beforeBad) { t, p in t == "mihrab/v1/unit/\(id)/event" && p.contains("\"result\":\"refused\"") }) != nil)
        }
        for u in units {
            #expect((u.status?.iqamah?["dhuhr"]) == "2026-03-25T13:40:00+00:00", "kept its config")
            #expect(u.log.contains(line), "logged with the same line")
        }

        // Version 6 from the CLI (above the 5 it saw), then an older version 2: refused, 6 kept.
        let site2 = try write("site.toml", "[iqamah]\ndhuhr = \"13:50\"\n")
        let r2 = try publish(site2)
        #expect(r2.status == 0, Comment(rawValue: r2.err))
        #expect(r2.out.contains("published version 6"), Comment(rawValue: r2.out))
        let before2 = watch.messages.count
        #expect((allReport(within: 5, from: before2 - 200 < 0 ? 0 : before2 - 200) {
            $0.site?.configVersion == 6 && $0.iqamah?["dhuhr"] == "2026-03-25T13:50:00+00:00"
        }) != nil)
        let beforeOld = watch.messages.count
        #expect((try rawPublish(["version": 2, "site": "central", "file": "site.toml", "toml": "[iqamah]\ndhuhr = \"14:00\"\n",
                                       "published": "2026-03-25T09:06:00Z", "by": "test"])) == 0)
        let older = "site.toml: version: 2 is not newer than the version applied (6): kept version 6"
        #expect((allReport(within: 5, from: beforeOld) { $0.site?.refused == older && $0.site?.configVersion == 6 }) != nil, Comment(rawValue: "an older version is refused\n" + units.map(\.log).joined(separator: "\n")))
        for u in units { #expect((u.status?.iqamah?["dhuhr"]) == "2026-03-25T13:50:00+00:00") }

        // mihrab site show: what each unit applied.
        let show = try tool(MihrabBinary.url.path, ["site", "show", "--broker", broker.url, "--site", "central",
                                                    "--credentials", try broker.credentialsFile("admin"), "--format", "json"])
        #expect(show.status == 0, Comment(rawValue: show.err))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        #expect((report["version"] as? Int) == 2, "the retained config is the last one published (the refused 2)")
        let rows = try #require(report["units"] as? [[String: Any]])
        #expect((rows.compactMap { $0["unit"] as? String }) == ids)
        #expect((rows.compactMap { $0["configVersion"] as? Int }) == ([6, 6, 6]))
        #expect((rows.compactMap { $0["state"] as? String }) == (["online", "online", "online"]))
    }

    @Test func testASitesTimetablePublishedOnceSetsEveryUnitsTimesAndABadTableIsRefused() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1, extra: "[calculation]\nisha_interval = 90\n")
        let row = try #require(TimetableFixture.rows(year: 2026).first { $0.date == "2026-03-25" })
        func at(_ minutes: Int) -> String { "2026-03-25T\(TimetableFixture.hhmm(minutes)):00+00:00" }
        #expect((units[0].status?.times?["fajr"]) != at(row.fajr), "the method's Fajr before: the table is not the method")

        // Published from the office's folder: the table beside the config goes with it.
        let office = broker.directory + "/office"
        try FileManager.default.createDirectory(atPath: office, withIntermediateDirectories: true)
        let csv = TimetableFixture.simpleCSV(TimetableFixture.rows(year: 2026))
        try csv.write(toFile: office + "/central-2026.csv", atomically: true, encoding: .utf8)
        let site = office + "/site.toml"
        try "[calculation]\ntimetable = \"central-2026.csv\"\n".write(toFile: site, atomically: true, encoding: .utf8)
        let check = try tool(MihrabBinary.url.path, ["site", "check", site])
        #expect(check.status == 0, Comment(rawValue: check.err))
        #expect(check.out.contains("its timetable central-2026.csv goes with it"), Comment(rawValue: check.out))
        let before = watch.messages.count
        let r = try publish(site)
        #expect(r.status == 0, Comment(rawValue: r.err))
        #expect((allReport(within: 5, from: before) { s in
            s.site?.configVersion == 1 && s.times?["fajr"] == at(row.fajr) && s.times?["dhuhr"] == at(row.dhuhr)
                && s.times?["asr"] == at(row.asr) && s.times?["maghrib"] == at(row.maghrib) && s.times?["isha"] == at(row.isha)
        }) != nil, Comment(rawValue: "every unit's times are the table's\n" + units.map(\.log).joined(separator: "\n")))

        // A table with a bad row: the CLI's check and every unit give the same line; the table before stays.
        var lines = csv.split(separator: "\n").map(String.init)
        lines[10] = lines[10].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[10].range(of: ","))
        let bad = lines.joined(separator: "\n") + "\n"
        try bad.write(toFile: office + "/central-2026.csv", atomically: true, encoding: .utf8)
        let badCheck = try tool(MihrabBinary.url.path, ["site", "check", site])
        #expect(badCheck.status == 78)
        let line = badCheck.err.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "mihrab: ", with: "")
        #expect(line.hasPrefix("\(site):2: calculation.timetable: central-2026.csv:11: fajr: 'x"), Comment(rawValue: line))
        let beforeBad = watch.messages.count
        #expect((try rawPublish(["version": 2, "site": "central", "file": "site.toml",
                                       "toml": "[calculation]\ntimetable = \"central-2026.csv\"\n", "published": "2026-03-25T09:05:00Z",
                                       "by": "test", "timetable": ["name": "central-2026.csv", "text": bad]])) == 0)
        let unitLine = line.replacingOccurrences(of: office + "/", with: "")
        #expect((allReport(within: 5, from: beforeBad) { $0.site?.refused == unitLine && $0.site?.configVersion == 1 }) != nil, Comment(rawValue: "refused with the check's line, version 1 kept\n" + units.map(\.log).joined(separator: "\n")))
        for u in units { #expect((u.status?.times?["fajr"]) == at(row.fajr), "the table applied before still sets the times") }

        // Good alone, bad over the unit's own file (its isha_interval): refused, not stored.
        try "[calculation]\nisha_angle = 17\n".write(toFile: site, atomically: true, encoding: .utf8)
        let beforeClash = watch.messages.count
        let clash = try publish(site)
        // Published, refused by every unit: publish prints each one's refusal and exits 69.
        #expect(clash.status == 69 && clash.err.contains("no unit applied version 3"), Comment(rawValue: clash.err))
        #expect(clash.out.contains("published version 3"), Comment(rawValue: clash.out))
        for id in ids { #expect(clash.out.contains("\(id): refused: site.toml (site config version 3) over "), Comment(rawValue: clash.out)) }
        #expect((allReport(within: 5, from: beforeClash) { s in
            s.site?.configVersion == 1 && s.site?.refused?.hasPrefix("site.toml (site config version 3) over ") == true
                && s.site?.refused?.hasSuffix("calculation.isha_interval: isha_angle and isha_interval exclude each other") == true
        }) != nil, Comment(rawValue: "refused as a whole with the unit's file\n" + units.map(\.log).joined(separator: "\n")))
        for u in units {
            let stored = try #require(FileManager.default.contents(atPath: u.directory + "/state/site-settings.json"))
            #expect((try JSONDecoder().decode(SiteSettings.self, from: stored).version) == 1, "version 1 kept on disk")
        }
    }

    @Test func testAUnitsAccountCannotPublishTheSiteConfig() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        let site = try write("site.toml", "[iqamah]\ndhuhr = \"13:40\"\n")
        // The CLI with a unit's login: the broker drops it, and the CLI says so.
        let r = try publish(site, as: "hall")
        #expect(r.status == 69, Comment(rawValue: r.out + r.err))
        #expect(r.err.contains("did not take version 1"), Comment(rawValue: r.err))
        // By hand, retained: nobody sees it.
        let before = watch.messages.count
        #expect((try rawPublish(["version": 9, "site": "central", "file": "site.toml", "toml": "[iqamah]\ndhuhr = \"14:00\"\n",
                                       "published": "x", "by": "hall"], as: "hall")) == 0)
        usleep(2_000_000)
        #expect((watch.wait(0, from: before) { t, _ in t == "mihrab/v1/site/central/config" }) == nil, "the broker refused it")
        for u in units {
            #expect((u.status?.site?.configVersion) == 0, "\(u.id) never saw it")
            #expect((u.status?.site?.refused) == nil)
            #expect(!FileManager.default.fileExists(atPath: u.directory + "/state/site-settings.json"))
        }
        #expect(broker.log.contains("Denied PUBLISH") || broker.log.isEmpty == false, Comment(rawValue: broker.log))
        // A unit cannot command another either; its own topics it may write.
        #expect((try tool("/usr/bin/mosquitto_pub", broker.login("hall") + ["-t", "mihrab/v1/unit/women/cmd/identify", "-q", "1", "-m", "x"]).status) == 0)
        usleep(1_000_000)
        #expect((watch.wait(0, from: before) { t, _ in t == "mihrab/v1/unit/women/cmd/identify" || t == "mihrab/v1/unit/women/event" }) == nil)
        // A unit's account that sends its peers a 2 MB retained status (which every unit reads)
        // is cut off by the broker's max_packet_size: no unit holds it, every unit runs on.
        let huge = "{\"status\":\"" + String(repeating: "x", count: 2 << 20) + "\"}"
        _ = try tool("/usr/bin/mosquitto_pub", broker.login("hall") + ["-t", "mihrab/v1/unit/hall/status", "-r", "-q", "1", "-s"], input: huge)
        usleep(1_000_000)
        #expect((watch.wait(0, from: before) { t, p in t == "mihrab/v1/unit/hall/status" && p.count > 1 << 20 }) == nil, "the broker refused it")
        for u in units { #expect(u.process.isRunning, "\(u.id) runs on") }
    }

    @Test func testADayWithoutTheBrokerSoundsEveryAdhanThenUnitsComeBackAndALostUnitIsToldByItsWill() throws {
        // 29 March 2026 in London: the clocks go forward at 01:00. 2400x: the day in 36 s.
        try startUnits(start: "2026-03-29T00:30", speed: 2400)
        broker.kill()
        watch.stop()
        #expect(eventually(120) { units.allSatisfy { ($0.status?.time ?? "") >= "2026-03-30T00:45" } }, Comment(rawValue: "a whole day passed on every unit\n" + units.map(\.log).joined(separator: "\n")))
        for u in units {
            let adhans = u.events.filter { $0["event"] == "adhan" && $0["scheduled"]?.hasPrefix("2026-03-29") == true }
            #expect((adhans.map { $0["prayer"] ?? "" }) == (["fajr", "dhuhr", "asr", "maghrib", "isha"]), "\(u.id): five adhans, once each")
            for a in adhans {
                #expect((a["state"]) == "fired", "\(u.id) \(a)")
                let f = ISO8601DateFormatter()
                f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                let g = ISO8601DateFormatter()
                if let t = a["t"].flatMap(f.date(from:)), let s = a["scheduled"].flatMap(g.date(from:)) {
                    #expect(abs(t.timeIntervalSince(s) - 0) <= 1.0, "\(u.id) \(a["prayer"] ?? ""): on time (virtual seconds)")
                } else {
                    Issue.record("unreadable times in \(a)")
                }
                // And by the wall clock: the virtual clock waits for a stalled loop, the record's `real` does not.
                let late = u.adhanLateness(a["prayer"] ?? "", on: "2026-03-29", start: "2026-03-29T00:30", speed: 2400)
                #expect(late.map { abs($0) <= 0.5 } == true, "\(u.id) \(a["prayer"] ?? ""): \(late.map { "\($0)" } ?? "no real time") s late by the wall clock")
            }
            // Nothing missed (yesterday's Isha, before the start, is the only one decided as missed).
            let missed = u.events.filter { $0["state"] != "fired" && ($0["scheduled"] ?? "") >= "2026-03-29T00:30" }
            #expect(missed.count == 0, "nothing missed: \(missed)")
            let iqamahs = u.events.filter { $0["event"] == "iqamah" && $0["scheduled"]?.hasPrefix("2026-03-29") == true }
            #expect((iqamahs.map { "\($0["prayer"] ?? "") \($0["state"] ?? "")" }) == (["dhuhr fired"]), "the one iqamah the unit has, once")
            #expect(u.log.contains("retrying"), "the outage was logged")
        }

        // The broker back, empty (no persistence): what it holds is what the units publish again.
        try broker.start()
        watch = try BrokerWatch(broker)
        for id in ids {
            #expect((watch.wait(30) { $0 == "mihrab/v1/unit/\(id)/state" && $1 == "online" }) != nil, "\(id) reconnected")
            #expect((watch.wait(10) { t, p in t == "mihrab/v1/unit/\(id)/status" && p.contains("2026-03-3") }) != nil, "\(id) status again")
        }

        // SIGKILL: no goodbye, the broker publishes the will. SIGTERM: a clean offline.
        let before = watch.messages.count
        units[0].killHard()
        #expect((watch.wait(10, from: before) { $0 == "mihrab/v1/unit/\(ids[0])/state" && $1 == "lost" }) != nil, "the last will")
        units[1].terminate()
        #expect((watch.wait(10, from: before) { $0 == "mihrab/v1/unit/\(ids[1])/state" && $1 == "offline" }) != nil, "a clean stop")
        #expect((watch.wait(0, from: before) { $0 == "mihrab/v1/unit/\(ids[2])/state" && $1 != "online" }) == nil, "the third is still online")
    }

    @Test func testCommandsAreAnsweredOnTheEventTopicWithTheirId() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        let hall = units[1]
        let before = watch.messages.count
        let ledsBefore = hall.outputChanges.count
        #expect((try tool("/usr/bin/mosquitto_pub", broker.login("admin") + ["-t", "mihrab/v1/unit/hall/cmd/identify", "-q", "1",
                                                                                  "-m", "{\"id\":\"blink-1\"}"]).status) == 0)
        let answer = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"blink-1\"") }
        #expect(answer != nil)
        #expect(answer?.payload.contains("\"command\":\"identify\"") == true, Comment(rawValue: answer?.payload ?? ""))
        // Every LED blinks: the record shows each prayer LED and the qibla LEDs going on and off.
        #expect(eventually(3) {
            let changes = hall.outputChanges.dropFirst(ledsBefore)
            let names = Set(changes.compactMap { $0["output"] as? String })
            return ["fajr", "dhuhr", "asr", "maghrib", "isha", "status"].allSatisfy(names.contains)
                && changes.filter { $0["output"] as? String == "fajr" }.count >= 4
        }, "identify blinks every LED: \(hall.outputChanges.dropFirst(ledsBefore).prefix(20))")
        #expect(!(hall.outputChanges.dropFirst(ledsBefore).contains { $0["output"] as? String == "buzzer" }), "and does not sound")

        for (name, id) in [("stop", "s-1"), ("reload", "r-1"), ("launch", "x-1")] {
            let b = watch.messages.count
            #expect((try tool("/usr/bin/mosquitto_pub", broker.login("admin") + ["-t", "mihrab/v1/unit/hall/cmd/\(name)", "-q", "1", "-m", id]).status) == 0)
            let a = watch.wait(5, from: b) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"\(id)\"") }
            #expect(a != nil, Comment(rawValue: name))
            if name == "launch" { #expect(a?.payload.contains("unknown command") == true, Comment(rawValue: a?.payload ?? "")) }
            // A reload changes what the unit runs: unsigned, it is refused.
            if name == "reload" { #expect(a?.payload.contains("refused: mihrab/v1/unit/hall/cmd/reload: unsigned") == true, Comment(rawValue: a?.payload ?? "")) }
        }
        #expect(!hall.log.contains("configuration reloaded"), Comment(rawValue: hall.log))
        let signed = try sendSigned("hall", "reload")
        #expect(signed.status == 0, Comment(rawValue: signed.err))
        #expect(eventually(3) { hall.log.contains("configuration reloaded") }, Comment(rawValue: hall.log))
        // A reload of a broken file: refused, the old one runs on, and the error goes out as an event.
        let config = try String(contentsOfFile: hall.directory + "/mihrab.toml", encoding: .utf8)
        try (config + "\n[iqamah]\nfajr = 500\n").write(toFile: hall.directory + "/mihrab.toml", atomically: true, encoding: .utf8)
        let b = watch.messages.count
        #expect((try sendSigned("hall", "reload").status) == 0)
        let error = watch.wait(5, from: b) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"type\":\"error\"") }
        #expect(error?.payload.contains("new configuration refused") == true, Comment(rawValue: error?.payload ?? "no error event\n\(hall.log)"))
        #expect(hall.process.isRunning)
        // The other units were not asked.
        #expect((watch.wait(0, from: before) { t, p in t != "mihrab/v1/unit/hall/event" && t.hasSuffix("/event") && p.contains("\"command\"") }) == nil)
    }

    @Test func testHomeAssistantDiscoveryIsRetainedAndReadsTheStatusTopic() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        for id in ids {
            for (component, object) in [("sensor", "fajr"), ("sensor", "isha"), ("sensor", "next_prayer"), ("sensor", "next_special_event"), ("binary_sensor", "adhan_playing"), ("button", "stop")] {
                let topic = "homeassistant/\(component)/\(id)/\(object)/config"
                let m = try #require(watch.wait(5) { t, _ in t == topic }, Comment(rawValue: topic))
                let o = try #require(try JSONSerialization.jsonObject(with: Data(m.payload.utf8)) as? [String: Any])
                #expect((o["unique_id"] as? String) == ("mihrab_\(id)_\(object)"))
                let availability = try #require((o["availability"] as? [[String: Any]])?.first)
                #expect((availability["topic"] as? String) == ("mihrab/v1/unit/\(id)/state"))
                if component == "button" {
                    #expect((o["command_topic"] as? String) == ("mihrab/v1/unit/\(id)/cmd/stop"))
                } else {
                    #expect((o["state_topic"] as? String) == ("mihrab/v1/unit/\(id)/status"))
                }
                if object == "fajr" { #expect((o["device_class"] as? String) == "timestamp") }
            }
        }
        // Retained: a newcomer (Home Assistant starting later) gets them at once.
        let late = try tool("/usr/bin/mosquitto_sub", broker.login("admin") + ["-t", "homeassistant/#", "-W", "2", "-v"], timeout: 10)
        // Every entity of every unit, and nothing else: six times, the next prayer, the next
        // special event, the adhan playing and the stop button.
        let objects = ["sensor/fajr", "sensor/sunrise", "sensor/dhuhr", "sensor/asr", "sensor/maghrib", "sensor/isha",
                       "sensor/next_prayer", "sensor/next_special_event", "binary_sensor/adhan_playing", "button/stop"]
        let expected = Set(ids.flatMap { id in objects.map { o -> String in
            let parts = o.split(separator: "/")
            return "homeassistant/\(parts[0])/\(id)/\(parts[1])/config"
        } })
        let seen = late.out.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
        #expect(seen.count == expected.count && Set(seen) == expected, Comment(rawValue: late.out))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl is not installed (make test-deps)"))
    func testMQTTSWithTheSitesOwnCAConnectsAndWithoutItDoesNot() throws {
        watch.stop()
        broker.kill()
        broker = try Mosquitto(units: ids, tls: true)
        watch = try BrokerWatch(broker)
        let url = "mqtts://127.0.0.1:\(broker.tlsPort ?? 0)"
        let trusted = try SiteUnit("hall", broker: broker, start: "2026-03-25T09:00", speed: 1,
                                   extra: "ca_file = \"\(broker.caFile ?? "")\"", url: url)
        let untrusted = try SiteUnit("women", broker: broker, start: "2026-03-25T09:00", speed: 1, url: url)
        units = [trusted, untrusted]
        #expect((watch.wait(20) { $0 == "mihrab/v1/unit/hall/state" && $1 == "online" }) != nil, "over TLS with the site's CA\n\(trusted.log)")
        #expect((watch.wait(10) { t, p in t == "mihrab/v1/unit/hall/status" && p.contains("\"broker\":\"connected\"") }) != nil)
        // The system's CAs do not know the site's: no link, said in the log and the status.
        #expect(eventually(20) { untrusted.status?.site?.problem != nil }, Comment(rawValue: untrusted.log))
        #expect((watch.wait(0) { t, _ in t.hasPrefix("mihrab/v1/unit/women/") }) == nil, "never connected")
        #expect((untrusted.status?.site?.broker) == .connecting)
        #expect(untrusted.log.contains("network: \(url)"), Comment(rawValue: untrusted.log))
        // The site's tools over TLS too.
        let show = try tool(MihrabBinary.url.path, ["site", "show", "--broker", url, "--site", "central", "--ca-file", broker.caFile ?? "",
                                                    "--credentials", try broker.credentialsFile("admin"), "--format", "json"])
        #expect(show.status == 0, Comment(rawValue: show.err))
        #expect(show.out.contains("\"unit\" : \"hall\""), Comment(rawValue: show.out))
    }
}
