import Foundation
import TestSupport
import Testing

/// `mihrab display-power` by hand on the simulated board's TV, and a board naming a CEC
/// adapter that is not there: one line, by hand and in the daemon, which runs on.
@Suite("mihrab display-power")
struct DisplayPowerCommandTests {
    @Test("status, on and off on the simulated board: each request, and the TV's answers until it settles")
    func byHand() throws {
        let status = try MihrabBinary.run(["display-power", "status"])
        #expect(status.status == 0 && status.stdout == "cec simulated-tv: the TV says standby\n", "\(status.stderr)")
        let on = try MihrabBinary.run(["display-power", "on", "--settle", "30"])
        #expect(on.status == 0, "\(on.stderr)")
        // The simulated TV takes 2 s to come on, reporting it meanwhile (seen unless this process was held that long).
        #expect(on.stdout.hasPrefix("cec simulated-tv: asked on\n") && on.stdout.hasSuffix("cec simulated-tv: the TV says on\n"), "\(on.stdout)")
        let off = try MihrabBinary.run(["display-power", "off", "--settle", "30"])
        // A fresh TV is in standby already: it stays there.
        #expect(off.status == 0 && off.stdout == "cec simulated-tv: asked off\ncec simulated-tv: the TV says standby\n")
    }

    func board(_ dir: String, tv: String) throws -> String {
        let simulated = try String(contentsOfFile: "board/simulated.toml", encoding: .utf8)
        try (simulated + "\n[tv]\n" + tv + "\n").write(toFile: dir + "/board.toml", atomically: true, encoding: .utf8)
        return dir + "/board.toml"
    }

    @Test("a TV that never answers, and one not on the bus: what each says")
    func silentAndAbsent() throws {
        let dir = NSTemporaryDirectory() + "mihrab-tv-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let silent = try MihrabBinary.run(["display-power", "on", "--board", try board(dir, tv: "emulated = \"silent\"")])
        #expect(silent.status == 0 && silent.stdout.hasSuffix("the TV says nothing: it does not answer <Give Device Power Status>\n"))
        let absent = try MihrabBinary.run(["display-power", "on", "--board", try board(dir, tv: "emulated = \"absent\"")])
        #expect(absent.status == 69 && absent.stdout.isEmpty)
        #expect(absent.stderr == "mihrab: cec simulated-tv: the TV did not acknowledge <Image View On> (is it on the HDMI port the board names, and is its CEC on?)\n")
    }

    @Test("a board naming a missing /dev/cec9: one line by hand; the daemon says so once, shows it in its status, and runs its day")
    func missingAdapter() throws {
        let dir = NSTemporaryDirectory() + "mihrab-tv-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let b = try board(dir, tv: "cec = \"/dev/cec9\"")
        let byHand = try MihrabBinary.run(["display-power", "status", "--board", b])
        #expect(byHand.status == 69 && byHand.stderr.hasPrefix("mihrab: cec /dev/cec9 (board \(b): [tv] cec): "))
        #expect(byHand.stderr.filter { $0 == "\n" }.count == 1)
        try "[location]\nsource = \"fixed\"\n[compass]\nrate_hz = 1\n[display]\npower = \"cec\"\n"
            .write(toFile: dir + "/mihrab.toml", atomically: true, encoding: .utf8)
        let r = try MihrabBinary.run(["run", "--board", b, "--config", dir + "/mihrab.toml", "--start", "2026-03-29T00:00",
                                      "--until", "2026-03-30T00:00", "--tz", "Europe/London", "--lat", "51.5074", "--lon", "-0.1278",
                                      "--speed", "1e9", "--record", dir + "/record.jsonl", "--state-dir", dir, "--quiet", "--screen", ""])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("/dev/cec9") && !$0.contains("the TV's power by") }
        #expect(lines.count == 1 && lines.first?.contains("tried again in 60 s, the unit runs on") == true, "\(lines)")
        // The day went on: every adhan fired, and each change of the TV was decided and recorded.
        let record = try String(contentsOfFile: dir + "/record.jsonl", encoding: .utf8)
        #expect(record.split(separator: "\n").filter { $0.contains("\"event\":\"adhan\"") && $0.contains("\"state\":\"fired\"") }.count == 5)
        #expect(record.components(separatedBy: "\"type\":\"display\"").count - 1 == 3)  // off at the start, on before Fajr, off after Isha
        let status = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/status.json"))) as? [String: Any]
        let display = status?["display"] as? [String: Any]
        #expect((display?["problem"] as? String)?.contains("/dev/cec9") == true, "\(String(describing: display))")
    }
}
