import Foundation
import PrayerTimes
import TestSupport
import Testing

@Suite("mihrab times --jakim-zone")
struct JakimZoneCommandTests {
    @Test("--show-method: after the method, the zone, a point and its fit for each time, and the table's source")
    func showMethod() throws {
        let r = try MihrabBinary.run(["times", "--jakim-zone", "wly01", "--show-method"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let zone = try #require(lines.firstIndex { $0.hasPrefix("Zone:") }, "\(r.stdout)")
        #expect(lines.first?.hasPrefix("Method:       jakim") == true)
        #expect(lines.firstIndex { $0.hasPrefix("Checked:") }.map { $0 < zone } == true)
        let wly = try #require(JakimZone.named("WLY01"))
        #expect(lines[zone] == "Zone:         JAKIM WLY01, \(wly.state): \(wly.area)")
        for (i, name) in ["Fajr", "Sunrise", "Dhuhr", "Asr", "Maghrib", "Isha"].enumerated() {
            let line = lines[zone + 1 + i]
            #expect(line.hasPrefix("  \(name):") && line.contains(" m") && line.contains("within 1 min"), "\(line)")
        }
        #expect(lines.last == "Points from:  \(JakimZone.source)")
        #expect(lines.contains("Fitted over:  JAKIM's tables of \(wly.years.map(String.init).joined(separator: ", ")) (the figures: 2026's)"),
                "\(r.stdout)")
        #expect(wly.years.last == 2026 && !lines.contains { $0.hasPrefix("Season:") })

        let json = try MihrabBinary.run(["times", "--jakim-zone", "WLY01", "--show-method", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let z = try #require(doc["zone"] as? [String: Any])
        #expect(doc["method"] as? String == "jakim" && z["code"] as? String == "WLY01")
        let points = try #require(z["points"] as? [String: [String: Any]])
        #expect(Set(points.keys) == ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"])
        #expect(points["asr"]?["latitude"] as? Double == wly.points.asr.coordinates.latitude)
    }

    @Test("--show-method for a Kedah zone says its times are derived from KDH01's; WLY01's are not")
    func derived() throws {
        let kdh = try MihrabBinary.run(["times", "--jakim-zone", "KDH05", "--show-method"])
        #expect(kdh.status == 0 && kdh.stdout.contains("\nDerived:      from KDH01: its times plus"), "\(kdh.stdout)")
        let wly = try MihrabBinary.run(["times", "--jakim-zone", "WLY01", "--show-method"])
        #expect(wly.status == 0 && !wly.stdout.contains("Derived:"))
    }

    @Test("--show-method for SBH06 gives its December Maghrib's season: the height, the reason, the years seen")
    func season() throws {
        let r = try MihrabBinary.run(["times", "--jakim-zone", "SBH06", "--show-method"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\nSeason:       maghrib in month 12 at 0 m: Maghrib as at sea level"), "\(r.stdout)")
        #expect(r.stdout.contains("(seen 2022, 2023, 2024, 2026)\n"), "\(r.stdout)")
    }

    @Test("the zone's times wherever --lat/--lon say, on Malaysia's clock, shown as the zone")
    func times() throws {
        let args = ["times", "--jakim-zone", "WLY01", "--date", "2025-03-01", "--format", "json"]
        let r = try MihrabBinary.run(args)
        #expect(r.status == 0, "\(r.stderr)")
        let elsewhere = try MihrabBinary.run(args + ["--lat", "51.5", "--lon", "-0.1", "--method", "jakim"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let other = try #require(try JSONSerialization.jsonObject(with: Data(elsewhere.stdout.utf8)) as? [String: Any])
        #expect(doc["jakimZone"] as? String == "WLY01" && doc["zone"] as? String == "Asia/Kuala_Lumpur")
        let day = try #require((doc["days"] as? [[String: Any]])?.first)
        #expect((day["fajr"] as? String)?.hasSuffix("+08:00") == true)
        #expect(day["fajr"] as? String == (other["days"] as? [[String: Any]])?.first?["fajr"] as? String)
        let text = try MihrabBinary.run(["times", "--jakim-zone", "WLY01", "--date", "2025-03-01"])
        #expect(text.stdout.hasPrefix("Prayer times for JAKIM WLY01, Asia/Kuala_Lumpur\n"), "\(text.stdout)")
    }

    @Test("an unknown zone lists the zones; another method or an override of JAKIM's own is refused (exit 64, one line)")
    func refusals() throws {
        let codes = JakimZone.all.map(\.code).joined(separator: ", ")
        for (args, expected) in [(["--jakim-zone", "XYZ99"], "mihrab: --jakim-zone: 'XYZ99' is not a JAKIM zone: \(codes)"),
                                 (["--jakim-zone", "WLY01", "--method", "mwl"], "mihrab: --method mwl cannot go with --jakim-zone WLY01"),
                                 (["--jakim-zone", "WLY01", "--fajr-angle", "20"], "mihrab: --fajr-angle cannot go with --jakim-zone WLY01"),
                                 (["--jakim-zone", "WLY01", "--precautions", "fajr=1"], "mihrab: --precautions cannot go with --jakim-zone WLY01"),
                                 (["--jakim-zone", "WLY01", "--madhab", "hanafi"], "mihrab: --madhab hanafi cannot go with --jakim-zone WLY01")] {
            let r = try MihrabBinary.run(["times"] + args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.hasPrefix(expected), "\(r.stderr)")
        }
    }

    @Test("a unit with jakim_zone sounds the zone's times, and its status says it keeps them (status.json, mihrab status)")
    func unitStatus() throws {
        let dir = NSTemporaryDirectory() + "mihrab-zone-\(UUID().uuidString)"
        let config = dir + ".toml"
        try "[location]\nsource = \"fixed\"\n[compass]\nrate_hz = 1\n[calculation]\njakim_zone = \"WLY01\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        // Far from the zone: the times must still be the zone's.
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--config", config, "--start", "2026-05-05T12:00",
                                      "--until", "2026-05-05T12:02", "--tz", "Asia/Kuala_Lumpur", "--lat", "51.5074", "--lon", "-0.1278",
                                      "--speed", "1e9", "--quiet", "--state-dir", dir])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try #require(FileManager.default.contents(atPath: dir + "/status.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((doc["position"] as? [String: Any])?["jakimZone"] as? String == "WLY01")
        let times = try MihrabBinary.run(["times", "--jakim-zone", "WLY01", "--date", "2026-05-05", "--format", "json"])
        let day = try #require((try JSONSerialization.jsonObject(with: Data(times.stdout.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        let status = try #require(doc["times"] as? [String: String])
        for prayer in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"] {
            #expect(status[prayer] == day.first?[prayer] as? String, "\(prayer)")
        }
        let s = try MihrabBinary.run(["status", "--file", dir + "/status.json"])
        #expect(s.status == 0 && s.stdout.contains("\nTimes for: JAKIM WLY01\n"), "\(s.stdout)")
    }
}
