import Foundation
import TestSupport
import Testing

/// Two relays are two rows of a board file: a simulated day drives both, each on its own
/// phases, each change a line of the record, and status.json lists them among its outputs.
@Suite("mihrab run: two relays")
struct RelayRunTests {
    func records(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// "2026-03-29T13:05:00(.000)+01:00" plus `minutes`, as the record writes it (the same offset: no change of clocks here).
    func plus(_ iso: String, minutes: Int) -> String {
        let hh = Int(iso.dropFirst(11).prefix(2)) ?? 0, mm = Int(iso.dropFirst(14).prefix(2)) ?? 0
        let m = hh * 60 + mm + minutes
        return String(iso.prefix(11)) + String(format: "%02d:%02d", m / 60, m % 60) + String(iso.dropFirst(16))
    }

    @Test("an amplifier during [adhan] and the hall lights during [prayer]: each switched at its own instants, five times a day")
    func twoRelaysOnTheirPhases() throws {
        let dir = NSTemporaryDirectory() + "mihrab-relays-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // The simulated board with its one relay replaced by two.
        let simulated = try String(contentsOfFile: "board/simulated.toml", encoding: .utf8)
        let head = try #require(simulated.components(separatedBy: "# A relay").first)
        try (head + """
            [[outputs.relay]]
            name = "amplifier"
            line = "AMP_POWER"
            during = ["adhan"]

            [[outputs.relay]]
            name = "hall-lights"
            line = "HALL_LIGHTS"
            during = ["prayer"]

            """).write(toFile: dir + "/board.toml", atomically: true, encoding: .utf8)
        // The adhan's span 2 minutes, the prayer's 10; iqamah 20, 15, 10 and 5 minutes after the adhan, Isha's at 21:30.
        try """
            [location]
            source = "fixed"
            [compass]
            rate_hz = 1
            [screen]
            adhan_minutes = 2
            prayer_minutes = 10
            [iqamah]
            fajr = 20
            dhuhr = 15
            asr = 10
            maghrib = 5
            isha = "21:30"

            """.write(toFile: dir + "/mihrab.toml", atomically: true, encoding: .utf8)
        let record = dir + "/record.jsonl"
        let r = try MihrabBinary.run(["run", "--board", dir + "/board.toml", "--config", dir + "/mihrab.toml", "--start", "2026-03-29T00:00",
                                      "--until", "2026-03-30T00:00", "--tz", "Europe/London", "--lat", "51.5074", "--lon", "-0.1278",
                                      "--speed", "1e9", "--record", record, "--state-dir", dir, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try records(record)
        func fired(_ event: String) -> [String] {
            lines.filter { $0["event"] as? String == event && $0["state"] as? String == "fired" }.compactMap { $0["scheduled"] as? String }
        }
        func switches(_ name: String) -> [String] {
            lines.filter { $0["output"] as? String == name }.map { "\(($0["on"] as? Bool) == true ? "on" : "off") \($0["t"] as? String ?? "")" }
        }
        let adhans = fired("adhan"), iqamahs = fired("iqamah")
        #expect(adhans.count == 5 && iqamahs.count == 5, "\(adhans) \(iqamahs)")
        // Each iqamah where the config puts it: the relays' instants below rest on the config, not on the run alone.
        #expect(zip(adhans, [20, 15, 10, 5]).map { plus($0, minutes: $1) } == Array(iqamahs.prefix(4)), "\(adhans) \(iqamahs)")
        #expect(iqamahs.last?.hasPrefix("2026-03-29T21:30:00") == true)
        func ms(_ t: String) -> String { String(t.prefix(19)) + ".000" + String(t.suffix(6)) }
        #expect(switches("amplifier") == adhans.flatMap { ["on \(ms($0))", "off \(ms(plus($0, minutes: 2)))"] }, "\(switches("amplifier"))")
        #expect(switches("hall-lights") == iqamahs.flatMap { ["on \(ms($0))", "off \(ms(plus($0, minutes: 10)))"] }, "\(switches("hall-lights"))")
        // status.json: every output with its state, the relays first (off: the unit stopped).
        let status = try #require(FileManager.default.contents(atPath: dir + "/status.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: status) as? [String: Any])
        let outputs = try #require(doc["outputs"] as? [[String: String]], "\(doc)")
        #expect(outputs.prefix(2).map { [$0["name"] ?? "", $0["kind"] ?? "", $0["state"] ?? ""] }
                == [["amplifier", "relay", "off"], ["hall-lights", "relay", "off"]], "\(outputs)")
        #expect(outputs.contains { $0["kind"] == "display" && $0["name"] == "ssd1306 at 0x3c (128x64)" && $0["state"] == "ok" }, "\(outputs)")
        #expect(outputs.contains { $0["kind"] == "server" && $0["name"] == "screen" }, "\(outputs)")
    }
}
