import Foundation
import TestSupport
import Testing

/// What a hostile world gives the CLI: numbers too large for any integer, values with line
/// breaks and escape sequences, megabytes in one value, negative numbers, paths that do
/// not exist. Each gets one line naming what and where, with the documented exit status.
@Suite("hostile input to the CLI")
struct HostileInputTests {
    func tempDir() throws -> String {
        let d = NSTemporaryDirectory() + "mihrab-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func configCheck(_ text: String) throws -> MihrabBinary.Result {
        let file = try tempDir() + "/mihrab.toml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return try MihrabBinary.run(["config", "check", file])
    }

    func oneLine(_ r: MihrabBinary.Result) -> Bool {
        r.stderr.hasPrefix("mihrab: ") && r.stderr.hasSuffix("\n") && !r.stderr.dropLast().contains { $0 == "\n" || $0 == "\r" || $0 == "\u{1B}" }
    }

    @Test("a number beyond any integer (1e19, 0x7FFFFFFFFFFFFFFF, -1e300) is out of range, one line, exit 78 (it crashed)",
          arguments: ["latitude = 1e19", "latitude = 0x7FFFFFFFFFFFFFFF", "longitude = -1e300", "elevation = 9.3e18"])
    func hugeNumbers(line: String) throws {
        let r = try configCheck("[location]\n\(line)\n")
        #expect(r.status == 78, "\(r.status): \(r.stderr)")
        #expect(oneLine(r) && r.stderr.contains("out of range") && r.stderr.contains(":2: location."), "\(r.stderr)")
    }

    @Test("values with line breaks and escape sequences are quoted escaped on one line; a huge value is cut")
    func escapedValues() throws {
        let crlf = try configCheck("[calculation]\nmethod = \"mwl\\r\\ninjected: OK\\u001B[31m\"\n")
        #expect(crlf.status == 78 && oneLine(crlf), "\(crlf.stderr.debugDescription)")
        #expect(crlf.stderr.contains("'mwl\\r\\ninjected: OK\\u{1b}[31m' is not one of"), "\(crlf.stderr.debugDescription)")
        let huge = try configCheck("[jumuah]\ntimes = [\"\(String(repeating: "x", count: 4_000_000))\"]\n")
        #expect(huge.status == 78 && oneLine(huge))
        #expect(huge.stderr.utf8.count < 1000 && huge.stderr.contains("…"), "\(huge.stderr.utf8.count) bytes")
        let key = try configCheck("[location]\n\"a\\nb\" = 1\n")
        #expect(key.status == 78 && oneLine(key) && key.stderr.contains("a\\nb: unknown key"), "\(key.stderr.debugDescription)")
    }

    @Test("a config or site file with a one-character relative name is read (Foundation's path functions crashed on it)")
    func oneCharacterNames() throws {
        let dir = try tempDir()
        try Data("[iqamah]\nfajr = 10\n".utf8).write(to: URL(fileURLWithPath: dir + "/t"))
        for args in [["config", "check", "t"], ["site", "check", "t"]] {
            let p = Process()
            p.executableURL = MihrabBinary.url
            p.arguments = args
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(args): \(p.terminationStatus)")
        }
    }

    @Test("CLI arguments with CR LF and escapes: one line, escaped")
    func escapedArguments() throws {
        let r = try MihrabBinary.run(["times", "--lat", "0", "--lon", "0", "--tz", "Europe/Lon\r\ndon\u{1B}[2J"])
        #expect(r.status != 0 && oneLine(r), "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains("\\u{1b}[2J"), "\(r.stderr.debugDescription)")
    }

    @Test("negative numbers reach the range check (not 'Missing value')")
    func negativeNumbers() throws {
        let r = try MihrabBinary.run(["times", "--lat", "0", "--lon", "0", "--days", "-3"])
        #expect(r.status == 64 && r.stderr.contains("--days must be between 1 and 366 (got -3)"), "\(r.stderr)")
        let s = try MihrabBinary.run(["times", "--lat", "-33.9", "--lon", "18.4", "--tz", "Africa/Johannesburg", "--date", "2026-05-05"])
        #expect(s.status == 0, "\(s.stderr)")
    }

    @Test("exit statuses: a degenerate heading sample is a bad argument (64); --record in a missing folder (64)")
    func exitStatuses() throws {
        let h = try MihrabBinary.run(["heading", "--accel", "0,0,-9.8", "--mag", "0,0,40"])
        #expect(h.status == 64 && oneLine(h), "\(h.status) \(h.stderr)")
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--record", "/missing/dir/x", "--quiet",
                                      "--speed", "1e9", "--start", "2026-05-05T00:00", "--until", "2026-05-05T00:01"])
        #expect(r.status == 64 && oneLine(r) && r.stderr.contains("--record"), "\(r.status) \(r.stderr)")
    }

    @Test("simulation-only options on a real board are refused, one line, exit 64")
    func simulationOptionsOnRealBoard() throws {
        let r = try MihrabBinary.run(["run", "--board", "board/raspberry-pi-4.toml", "--speed", "600", "--start", "2026-05-05T00:00"])
        #expect(r.status == 64 && oneLine(r), "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("--speed, --start: only for a simulated board"), "\(r.stderr)")
    }
}

@Suite("simulated runs")
struct SimulatedRunTests {
    func run(_ extra: [String], start: String, until: String, tz: String = "Europe/London") throws -> (MihrabBinary.Result, [[String: Any]]) {
        let record = NSTemporaryDirectory() + "mihrab-rec-\(UUID().uuidString).jsonl"
        let config = NSTemporaryDirectory() + "mihrab-cfg-\(UUID().uuidString).toml"
        try "[location]\nsource = \"fixed\"\n[compass]\nrate_hz = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--config", config, "--start", start, "--until", until,
                                      "--tz", tz, "--lat", "51.5074", "--lon", "-0.1278", "--speed", "1e9", "--record", record,
                                      "--quiet"] + extra)
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (r, lines)
    }

    @Test("the same simulated hours run twice sound twice (a fresh state per run); with --state-dir the second run says what it holds")
    func freshStatePerRun() throws {
        for _ in 0..<2 {
            let (r, lines) = try run([], start: "2026-05-05T12:00", until: "2026-05-05T14:00")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(lines.contains { $0["event"] as? String == "adhan" && $0["prayer"] as? String == "dhuhr" && $0["state"] as? String == "fired" })
        }
        let dir = NSTemporaryDirectory() + "mihrab-keep-\(UUID().uuidString)"
        let (first, _) = try run(["--state-dir", dir], start: "2026-05-05T12:00", until: "2026-05-05T14:00")
        #expect(first.status == 0)
        let (second, lines) = try run(["--state-dir", dir], start: "2026-05-05T12:00", until: "2026-05-05T14:00")
        #expect(second.status == 0)
        #expect(!lines.contains { $0["event"] as? String == "adhan" })
        #expect(second.stderr.contains("already holds") && second.stderr.contains("2026-05-05/dhuhr/adhan"), "\(second.stderr)")
    }

    @Test("--start on DST change days starts at that wall time (London, New York fall-back; Cairo the day after; Sydney)",
          arguments: [("Europe/London", "2026-10-25T02:01", "2026-10-25T02:01:00.000+00:00"),
                      ("America/New_York", "2026-11-01T02:01", "2026-11-01T02:01:00.000-05:00"),
                      ("Africa/Cairo", "2026-10-30T06:30", "2026-10-30T06:30:00.000+02:00"),
                      ("Australia/Sydney", "2026-10-04T06:30", "2026-10-04T06:30:00.000+11:00")])
    func startOnChangeDays(tz: String, start: String, expected: String) throws {
        let until = String(start.prefix(14)) + String(format: "%02d", (Int(start.suffix(2)) ?? 0) + 2)
        let (r, lines) = try run([], start: start, until: until, tz: tz)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines.first?["t"] as? String == expected, "\(lines.first ?? [:])")
    }

    @Test("mihrab status reads the status file: the clock's trust in words")
    func statusText() throws {
        let dir = NSTemporaryDirectory() + "mihrab-status-\(UUID().uuidString)"
        let (r, _) = try run(["--state-dir", dir], start: "2026-05-05T12:00", until: "2026-05-05T12:05")
        #expect(r.status == 0)
        let s = try MihrabBinary.run(["status", "--file", dir + "/status.json"])
        #expect(s.status == 0 && s.stdout.contains("Clock: trusted (kernel), 0 steps") && s.stdout.contains("State: saved"), "\(s.stdout)")
    }
}
