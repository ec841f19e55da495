import Foundation
import Service
import TestSupport
import XCTest

/// Three simulated units and a real mosquitto broker with a password file and an ACL: the
/// site's settings published once reach every unit, bad ones are refused with the file
/// check's own line, a unit's account cannot publish them, and a day without the broker
/// changes nothing that sounds. Watched with mosquitto_sub, independently of our MQTT code.
final class RealTimeSiteNetworkTests: XCTestCase {
    let ids = ["entrance", "hall", "women"]
    var broker: Mosquitto!
    var watch: BrokerWatch!
    var units: [SiteUnit] = []

    override func setUpWithError() throws {
        try XCTSkipUnless(Mosquitto.available, "mosquitto is not installed (make test-deps installs it)")
        broker = try Mosquitto(units: ids)
        watch = try BrokerWatch(broker)
    }

    override func tearDown() {
        for u in units { u.killHard() }
        watch?.stop()
        broker?.kill()
    }

    func startUnits(start: String, speed: Double, extra: String = "") throws {
        units = try ids.map { try SiteUnit($0, broker: broker, start: start, speed: speed, extra: extra) }
        for u in units {
            XCTAssertNotNil(watch.wait(20) { $0 == "mihrab/v1/unit/\(u.id)/state" && $1 == "online" }, "\(u.id) online\n\(u.log)")
            XCTAssertNotNil(watch.wait(20) { t, p in t == "mihrab/v1/unit/\(u.id)/status" && p.contains("\"configVersion\":0") },
                            "\(u.id) reports no site config yet\n\(u.log)")
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
                                         "--credentials", try broker.credentialsFile(user), "--timeout", "3", "--key", TestSiteKey.file])
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

    func testAPublishedConfigReachesEveryUnitWithinTwoSecondsAndBadOnesAreRefusedWithTheFileCheck() throws {
        // A Wednesday: Dhuhr's iqamah is Dhuhr's (no Jumu'ah).
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        for u in units {
            XCTAssertEqual(u.status?.iqamah?["dhuhr"]?.contains("T12:"), true, "the unit's own 10 minutes after Dhuhr")
            XCTAssertEqual(status(u.id) { _ in true }?.clock.source, "config", "the status says what made the clock trusted")
            XCTAssertEqual(status(u.id) { _ in true }?.version?.isEmpty, false, "and the software's version")
        }

        let site = try write("site.toml", "[iqamah]\ndhuhr = \"13:40\"\nasr = 15\n[jumuah]\ntimes = [\"13:15\"]\n")
        let before = watch.messages.count
        let r = try publish(site)
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("published version 1"), r.out)
        let took = allReport(within: 5, from: before) { $0.site?.configVersion == 1 && $0.iqamah?["dhuhr"] == "2026-03-25T13:40:00+00:00" }
        XCTAssertNotNil(took, "every unit reports version 1 and Dhuhr's iqamah at 13:40\n" + units.map(\.log).joined(separator: "\n"))
        if let took { XCTAssertLessThanOrEqual(took, 2.0, "applied and reported within 2 s of the publication") }
        for u in units {
            // The version also at the top level, as `config_version`.
            XCTAssertNotNil(watch.wait(0, from: before) { t, p in t == "mihrab/v1/unit/\(u.id)/status" && p.contains("\"config_version\":1,") }, u.id)
        }
        let st = try tool(MihrabBinary.url.path, ["status", "--file", units[1].directory + "/state/status.json"])
        XCTAssertTrue(st.out.contains("Site: central as unit hall, config version 1, broker connected"), st.out)
        for u in units {
            // Kept in the state directory, for a reboot without the broker.
            let stored = try XCTUnwrap(FileManager.default.contents(atPath: u.directory + "/state/site-settings.json"))
            XCTAssertEqual(try JSONDecoder().decode(SiteSettings.self, from: stored).version, 1)
            // Asr's iqamah: 15 minutes after its adhan, in the unit's own status.json too.
            XCTAssertTrue(eventually(3) {
                let g = ISO8601DateFormatter()
                guard let s = u.status, let a = s.times?["asr"].flatMap(g.date(from:)), let i = s.iqamah?["asr"].flatMap(g.date(from:)) else { return false }
                return i.timeIntervalSince(a) == 15 * 60
            }, "asr's iqamah 15 minutes after its adhan: \(u.status?.iqamah ?? [:])")
        }

        // A malformed config: each unit refuses it with the very line the file check prints.
        let bad = try write("bad.toml", "[iqamah]\nfajr = 500\n")
        let check = try tool(MihrabBinary.url.path, ["site", "check", bad])
        XCTAssertEqual(check.status, 78)
        let line = check.err.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "mihrab: ", with: "")
        XCTAssertEqual(line, "\(bad):2: iqamah.fajr: 500 is out of range (0 to 120)")
        let beforeBad = watch.messages.count
        XCTAssertEqual(try rawPublish(["version": 5, "site": "central", "file": bad, "toml": "[iqamah]\nfajr = 500\n",
                                       "published": "2026-03-25T09:05:00Z", "by": "test"]), 0)
        XCTAssertNotNil(allReport(within: 5, from: beforeBad) { $0.site?.refused == line && $0.site?.configVersion == 1 },
                        "every unit refuses it with the file check's line and keeps version 1\n" + units.map(\.log).joined(separator: "\n"))
        for id in ids {
            XCTAssertNotNil(watch.wait(2, from: beforeBad) { t, p in t == "mihrab/v1/unit/\(id)/event" && p.contains("\"result\":\"refused\"") })
        }
        for u in units {
            XCTAssertEqual(u.status?.iqamah?["dhuhr"], "2026-03-25T13:40:00+00:00", "kept its config")
            XCTAssertTrue(u.log.contains(line), "logged with the same line")
        }

        // Version 6 from the CLI (above the 5 it saw), then an older version 2: refused, 6 kept.
        let site2 = try write("site.toml", "[iqamah]\ndhuhr = \"13:50\"\n")
        let r2 = try publish(site2)
        XCTAssertEqual(r2.status, 0, r2.err)
        XCTAssertTrue(r2.out.contains("published version 6"), r2.out)
        let before2 = watch.messages.count
        XCTAssertNotNil(allReport(within: 5, from: before2 - 200 < 0 ? 0 : before2 - 200) {
            $0.site?.configVersion == 6 && $0.iqamah?["dhuhr"] == "2026-03-25T13:50:00+00:00"
        })
        let beforeOld = watch.messages.count
        XCTAssertEqual(try rawPublish(["version": 2, "site": "central", "file": "site.toml", "toml": "[iqamah]\ndhuhr = \"14:00\"\n",
                                       "published": "2026-03-25T09:06:00Z", "by": "test"]), 0)
        let older = "site.toml: version: 2 is not newer than the version applied (6): kept version 6"
        XCTAssertNotNil(allReport(within: 5, from: beforeOld) { $0.site?.refused == older && $0.site?.configVersion == 6 },
                        "an older version is refused\n" + units.map(\.log).joined(separator: "\n"))
        for u in units { XCTAssertEqual(u.status?.iqamah?["dhuhr"], "2026-03-25T13:50:00+00:00") }

        // mihrab site show: what each unit applied.
        let show = try tool(MihrabBinary.url.path, ["site", "show", "--broker", broker.url, "--site", "central",
                                                    "--credentials", try broker.credentialsFile("admin"), "--format", "json"])
        XCTAssertEqual(show.status, 0, show.err)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        XCTAssertEqual(report["version"] as? Int, 2, "the retained config is the last one published (the refused 2)")
        let rows = try XCTUnwrap(report["units"] as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["unit"] as? String }, ids)
        XCTAssertEqual(rows.compactMap { $0["configVersion"] as? Int }, [6, 6, 6])
        XCTAssertEqual(rows.compactMap { $0["state"] as? String }, ["online", "online", "online"])
    }

    func testASitesTimetablePublishedOnceSetsEveryUnitsTimesAndABadTableIsRefused() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1, extra: "[calculation]\nisha_interval = 90\n")
        let row = try XCTUnwrap(TimetableFixture.rows(year: 2026).first { $0.date == "2026-03-25" })
        func at(_ minutes: Int) -> String { "2026-03-25T\(TimetableFixture.hhmm(minutes)):00+00:00" }
        XCTAssertNotEqual(units[0].status?.times?["fajr"], at(row.fajr), "the method's Fajr before: the table is not the method")

        // Published from the office's folder: the table beside the config goes with it.
        let office = broker.directory + "/office"
        try FileManager.default.createDirectory(atPath: office, withIntermediateDirectories: true)
        let csv = TimetableFixture.simpleCSV(TimetableFixture.rows(year: 2026))
        try csv.write(toFile: office + "/central-2026.csv", atomically: true, encoding: .utf8)
        let site = office + "/site.toml"
        try "[calculation]\ntimetable = \"central-2026.csv\"\n".write(toFile: site, atomically: true, encoding: .utf8)
        let check = try tool(MihrabBinary.url.path, ["site", "check", site])
        XCTAssertEqual(check.status, 0, check.err)
        XCTAssertTrue(check.out.contains("its timetable central-2026.csv goes with it"), check.out)
        let before = watch.messages.count
        let r = try publish(site)
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertNotNil(allReport(within: 5, from: before) { s in
            s.site?.configVersion == 1 && s.times?["fajr"] == at(row.fajr) && s.times?["dhuhr"] == at(row.dhuhr)
                && s.times?["asr"] == at(row.asr) && s.times?["maghrib"] == at(row.maghrib) && s.times?["isha"] == at(row.isha)
        }, "every unit's times are the table's\n" + units.map(\.log).joined(separator: "\n"))

        // A table with a bad row: the CLI's check and every unit give the same line; the table before stays.
        var lines = csv.split(separator: "\n").map(String.init)
        lines[10] = lines[10].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[10].range(of: ","))
        let bad = lines.joined(separator: "\n") + "\n"
        try bad.write(toFile: office + "/central-2026.csv", atomically: true, encoding: .utf8)
        let badCheck = try tool(MihrabBinary.url.path, ["site", "check", site])
        XCTAssertEqual(badCheck.status, 78)
        let line = badCheck.err.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "mihrab: ", with: "")
        XCTAssertTrue(line.hasPrefix("\(site):2: calculation.timetable: central-2026.csv:11: fajr: 'x"), line)
        let beforeBad = watch.messages.count
        XCTAssertEqual(try rawPublish(["version": 2, "site": "central", "file": "site.toml",
                                       "toml": "[calculation]\ntimetable = \"central-2026.csv\"\n", "published": "2026-03-25T09:05:00Z",
                                       "by": "test", "timetable": ["name": "central-2026.csv", "text": bad]]), 0)
        let unitLine = line.replacingOccurrences(of: office + "/", with: "")
        XCTAssertNotNil(allReport(within: 5, from: beforeBad) { $0.site?.refused == unitLine && $0.site?.configVersion == 1 },
                        "refused with the check's line, version 1 kept\n" + units.map(\.log).joined(separator: "\n"))
        for u in units { XCTAssertEqual(u.status?.times?["fajr"], at(row.fajr), "the table applied before still sets the times") }

        // Good alone, bad over the unit's own file (its isha_interval): refused, not stored.
        try "[calculation]\nisha_angle = 17\n".write(toFile: site, atomically: true, encoding: .utf8)
        let beforeClash = watch.messages.count
        let clash = try publish(site)
        XCTAssertEqual(clash.status, 0, clash.err)
        XCTAssertTrue(clash.out.contains("published version 3"), clash.out)
        XCTAssertNotNil(allReport(within: 5, from: beforeClash) { s in
            s.site?.configVersion == 1 && s.site?.refused?.hasPrefix("site.toml (site config version 3) over ") == true
                && s.site?.refused?.hasSuffix("calculation.isha_interval: isha_angle and isha_interval exclude each other") == true
        }, "refused as a whole with the unit's file\n" + units.map(\.log).joined(separator: "\n"))
        for u in units {
            let stored = try XCTUnwrap(FileManager.default.contents(atPath: u.directory + "/state/site-settings.json"))
            XCTAssertEqual(try JSONDecoder().decode(SiteSettings.self, from: stored).version, 1, "version 1 kept on disk")
        }
    }

    func testAUnitsAccountCannotPublishTheSiteConfig() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        let site = try write("site.toml", "[iqamah]\ndhuhr = \"13:40\"\n")
        // The CLI with a unit's login: the broker drops it, and the CLI says so.
        let r = try publish(site, as: "hall")
        XCTAssertEqual(r.status, 69, r.out + r.err)
        XCTAssertTrue(r.err.contains("did not take version 1"), r.err)
        // By hand, retained: nobody sees it.
        let before = watch.messages.count
        XCTAssertEqual(try rawPublish(["version": 9, "site": "central", "file": "site.toml", "toml": "[iqamah]\ndhuhr = \"14:00\"\n",
                                       "published": "x", "by": "hall"], as: "hall"), 0)
        usleep(2_000_000)
        XCTAssertNil(watch.wait(0, from: before) { t, _ in t == "mihrab/v1/site/central/config" }, "the broker refused it")
        for u in units {
            XCTAssertEqual(u.status?.site?.configVersion, 0, "\(u.id) never saw it")
            XCTAssertNil(u.status?.site?.refused)
            XCTAssertFalse(FileManager.default.fileExists(atPath: u.directory + "/state/site-settings.json"))
        }
        XCTAssertTrue(broker.log.contains("Denied PUBLISH") || broker.log.isEmpty == false, broker.log)
        // A unit cannot command another either; its own topics it may write.
        XCTAssertEqual(try tool("/usr/bin/mosquitto_pub", broker.login("hall") + ["-t", "mihrab/v1/unit/women/cmd/identify", "-q", "1", "-m", "x"]).status, 0)
        usleep(1_000_000)
        XCTAssertNil(watch.wait(0, from: before) { t, _ in t == "mihrab/v1/unit/women/cmd/identify" || t == "mihrab/v1/unit/women/event" })
        // A unit's account that sends its peers a 2 MB retained status (which every unit reads)
        // is cut off by the broker's max_packet_size: no unit holds it, every unit runs on.
        let huge = "{\"status\":\"" + String(repeating: "x", count: 2 << 20) + "\"}"
        _ = try tool("/usr/bin/mosquitto_pub", broker.login("hall") + ["-t", "mihrab/v1/unit/hall/status", "-r", "-q", "1", "-s"], input: huge)
        usleep(1_000_000)
        XCTAssertNil(watch.wait(0, from: before) { t, p in t == "mihrab/v1/unit/hall/status" && p.count > 1 << 20 }, "the broker refused it")
        for u in units { XCTAssertTrue(u.process.isRunning, "\(u.id) runs on") }
    }

    func testADayWithoutTheBrokerSoundsEveryAdhanThenUnitsComeBackAndALostUnitIsToldByItsWill() throws {
        // 29 March 2026 in London: the clocks go forward at 01:00. 2400x: the day in 36 s.
        try startUnits(start: "2026-03-29T00:30", speed: 2400)
        broker.kill()
        watch.stop()
        XCTAssertTrue(eventually(120) { units.allSatisfy { ($0.status?.time ?? "") >= "2026-03-30T00:45" } },
                      "a whole day passed on every unit\n" + units.map(\.log).joined(separator: "\n"))
        for u in units {
            let adhans = u.events.filter { $0["event"] == "adhan" && $0["scheduled"]?.hasPrefix("2026-03-29") == true }
            XCTAssertEqual(adhans.map { $0["prayer"] ?? "" }, ["fajr", "dhuhr", "asr", "maghrib", "isha"], "\(u.id): five adhans, once each")
            for a in adhans {
                XCTAssertEqual(a["state"], "fired", "\(u.id) \(a)")
                let f = ISO8601DateFormatter()
                f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                let g = ISO8601DateFormatter()
                if let t = a["t"].flatMap(f.date(from:)), let s = a["scheduled"].flatMap(g.date(from:)) {
                    XCTAssertEqual(t.timeIntervalSince(s), 0, accuracy: 1.0, "\(u.id) \(a["prayer"] ?? ""): on time (virtual seconds)")
                } else {
                    XCTFail("unreadable times in \(a)")
                }
            }
            // Nothing missed (yesterday's Isha, before the start, is the only one decided as missed).
            let missed = u.events.filter { $0["state"] != "fired" && ($0["scheduled"] ?? "") >= "2026-03-29T00:30" }
            XCTAssertEqual(missed.count, 0, "nothing missed: \(missed)")
            let iqamahs = u.events.filter { $0["event"] == "iqamah" && $0["scheduled"]?.hasPrefix("2026-03-29") == true }
            XCTAssertEqual(iqamahs.map { "\($0["prayer"] ?? "") \($0["state"] ?? "")" }, ["dhuhr fired"], "the one iqamah the unit has, once")
            XCTAssertTrue(u.log.contains("retrying"), "the outage was logged")
        }

        // The broker back, empty (no persistence): what it holds is what the units publish again.
        try broker.start()
        watch = try BrokerWatch(broker)
        for id in ids {
            XCTAssertNotNil(watch.wait(30) { $0 == "mihrab/v1/unit/\(id)/state" && $1 == "online" }, "\(id) reconnected")
            XCTAssertNotNil(watch.wait(10) { t, p in t == "mihrab/v1/unit/\(id)/status" && p.contains("2026-03-3") }, "\(id) status again")
        }

        // SIGKILL: no goodbye, the broker publishes the will. SIGTERM: a clean offline.
        let before = watch.messages.count
        units[0].killHard()
        XCTAssertNotNil(watch.wait(10, from: before) { $0 == "mihrab/v1/unit/\(ids[0])/state" && $1 == "lost" }, "the last will")
        units[1].terminate()
        XCTAssertNotNil(watch.wait(10, from: before) { $0 == "mihrab/v1/unit/\(ids[1])/state" && $1 == "offline" }, "a clean stop")
        XCTAssertNil(watch.wait(0, from: before) { $0 == "mihrab/v1/unit/\(ids[2])/state" && $1 != "online" }, "the third is still online")
    }

    func testCommandsAreAnsweredOnTheEventTopicWithTheirId() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        let hall = units[1]
        let before = watch.messages.count
        let ledsBefore = hall.outputChanges.count
        XCTAssertEqual(try tool("/usr/bin/mosquitto_pub", broker.login("admin") + ["-t", "mihrab/v1/unit/hall/cmd/identify", "-q", "1",
                                                                                  "-m", "{\"id\":\"blink-1\"}"]).status, 0)
        let answer = watch.wait(5, from: before) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"blink-1\"") }
        XCTAssertNotNil(answer)
        XCTAssertTrue(answer?.payload.contains("\"command\":\"identify\"") == true, answer?.payload ?? "")
        // Every LED blinks: the record shows each prayer LED and the qibla LEDs going on and off.
        XCTAssertTrue(eventually(3) {
            let changes = hall.outputChanges.dropFirst(ledsBefore)
            let names = Set(changes.compactMap { $0["output"] as? String })
            return ["fajr", "dhuhr", "asr", "maghrib", "isha", "status"].allSatisfy(names.contains)
                && changes.filter { $0["output"] as? String == "fajr" }.count >= 4
        }, "identify blinks every LED: \(hall.outputChanges.dropFirst(ledsBefore).prefix(20))")
        XCTAssertFalse(hall.outputChanges.dropFirst(ledsBefore).contains { $0["output"] as? String == "buzzer" }, "and does not sound")

        for (name, id) in [("stop", "s-1"), ("reload", "r-1"), ("launch", "x-1")] {
            let b = watch.messages.count
            XCTAssertEqual(try tool("/usr/bin/mosquitto_pub", broker.login("admin") + ["-t", "mihrab/v1/unit/hall/cmd/\(name)", "-q", "1", "-m", id]).status, 0)
            let a = watch.wait(5, from: b) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"id\":\"\(id)\"") }
            XCTAssertNotNil(a, name)
            if name == "launch" { XCTAssertTrue(a?.payload.contains("unknown command") == true, a?.payload ?? "") }
            // A reload changes what the unit runs: unsigned, it is refused.
            if name == "reload" { XCTAssertTrue(a?.payload.contains("refused: mihrab/v1/unit/hall/cmd/reload: unsigned") == true, a?.payload ?? "") }
        }
        XCTAssertFalse(hall.log.contains("configuration reloaded"), hall.log)
        let signed = try sendSigned("hall", "reload")
        XCTAssertEqual(signed.status, 0, signed.err)
        XCTAssertTrue(eventually(3) { hall.log.contains("configuration reloaded") }, hall.log)
        // A reload of a broken file: refused, the old one runs on, and the error goes out as an event.
        let config = try String(contentsOfFile: hall.directory + "/mihrab.toml", encoding: .utf8)
        try (config + "\n[iqamah]\nfajr = 500\n").write(toFile: hall.directory + "/mihrab.toml", atomically: true, encoding: .utf8)
        let b = watch.messages.count
        XCTAssertEqual(try sendSigned("hall", "reload").status, 0)
        let error = watch.wait(5, from: b) { t, p in t == "mihrab/v1/unit/hall/event" && p.contains("\"type\":\"error\"") }
        XCTAssertTrue(error?.payload.contains("new configuration refused") == true, error?.payload ?? "no error event\n\(hall.log)")
        XCTAssertTrue(hall.process.isRunning)
        // The other units were not asked.
        XCTAssertNil(watch.wait(0, from: before) { t, p in t != "mihrab/v1/unit/hall/event" && t.hasSuffix("/event") && p.contains("\"command\"") })
    }

    func testHomeAssistantDiscoveryIsRetainedAndReadsTheStatusTopic() throws {
        try startUnits(start: "2026-03-25T09:00", speed: 1)
        for id in ids {
            for (component, object) in [("sensor", "fajr"), ("sensor", "isha"), ("sensor", "next_prayer"), ("binary_sensor", "adhan_playing"), ("button", "stop")] {
                let topic = "homeassistant/\(component)/\(id)/\(object)/config"
                let m = try XCTUnwrap(watch.wait(5) { t, _ in t == topic }, topic)
                let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(m.payload.utf8)) as? [String: Any])
                XCTAssertEqual(o["unique_id"] as? String, "mihrab_\(id)_\(object)")
                let availability = try XCTUnwrap((o["availability"] as? [[String: Any]])?.first)
                XCTAssertEqual(availability["topic"] as? String, "mihrab/v1/unit/\(id)/state")
                if component == "button" {
                    XCTAssertEqual(o["command_topic"] as? String, "mihrab/v1/unit/\(id)/cmd/stop")
                } else {
                    XCTAssertEqual(o["state_topic"] as? String, "mihrab/v1/unit/\(id)/status")
                }
                if object == "fajr" { XCTAssertEqual(o["device_class"] as? String, "timestamp") }
            }
        }
        // Retained: a newcomer (Home Assistant starting later) gets them at once.
        let late = try tool("/usr/bin/mosquitto_sub", broker.login("admin") + ["-t", "homeassistant/#", "-W", "2", "-v"], timeout: 10)
        XCTAssertEqual(late.out.split(separator: "\n").count, ids.count * 9, late.out)
    }

    func testMQTTSWithTheSitesOwnCAConnectsAndWithoutItDoesNot() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "openssl is not installed (make test-deps)")
        watch.stop()
        broker.kill()
        broker = try Mosquitto(units: ids, tls: true)
        watch = try BrokerWatch(broker)
        let url = "mqtts://127.0.0.1:\(broker.tlsPort ?? 0)"
        let trusted = try SiteUnit("hall", broker: broker, start: "2026-03-25T09:00", speed: 1,
                                   extra: "ca_file = \"\(broker.caFile ?? "")\"", url: url)
        let untrusted = try SiteUnit("women", broker: broker, start: "2026-03-25T09:00", speed: 1, url: url)
        units = [trusted, untrusted]
        XCTAssertNotNil(watch.wait(20) { $0 == "mihrab/v1/unit/hall/state" && $1 == "online" }, "over TLS with the site's CA\n\(trusted.log)")
        XCTAssertNotNil(watch.wait(10) { t, p in t == "mihrab/v1/unit/hall/status" && p.contains("\"broker\":\"connected\"") })
        // The system's CAs do not know the site's: no link, said in the log and the status.
        XCTAssertTrue(eventually(20) { untrusted.status?.site?.problem != nil }, untrusted.log)
        XCTAssertNil(watch.wait(0) { t, _ in t.hasPrefix("mihrab/v1/unit/women/") }, "never connected")
        XCTAssertEqual(untrusted.status?.site?.broker, "connecting")
        XCTAssertTrue(untrusted.log.contains("network: \(url)"), untrusted.log)
        // The site's tools over TLS too.
        let show = try tool(MihrabBinary.url.path, ["site", "show", "--broker", url, "--site", "central", "--ca-file", broker.caFile ?? "",
                                                    "--credentials", try broker.credentialsFile("admin"), "--format", "json"])
        XCTAssertEqual(show.status, 0, show.err)
        XCTAssertTrue(show.out.contains("\"unit\" : \"hall\""), show.out)
    }
}
