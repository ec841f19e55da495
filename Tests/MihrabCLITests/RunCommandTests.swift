import Foundation
import TestSupport
import Testing

@Suite("mihrab run, status, config check")
struct RealTimeRunCommandTests {
    func tempDir() throws -> String {
        let d = NSTemporaryDirectory() + "mihrab-run-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    func records(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("a whole simulated day (London, BST begins) as fast as it goes: five adhans fired once, outputs recorded, status written")
    func simulatedDay() throws {
        let dir = try tempDir()
        let record = dir + "/record.jsonl"
        // The compass at 1 Hz: this test is about the alerts (the 25 Hz loop's cost is `make bench`'s).
        let config = dir + "/mihrab.toml"
        try "[location]\nsource = \"fixed\"\n[compass]\nrate_hz = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--config", config, "--start", "2026-03-29T00:00",
                                      "--until", "2026-03-30T00:00", "--tz", "Europe/London", "--lat", "51.5074",
                                      "--lon", "-0.1278", "--speed", "1e9", "--record", record, "--state-dir", dir, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try records(record)
        // The day's own adhans (the evening before was judged too: the unit started at midnight).
        let adhans = lines.filter { $0["event"] as? String == "adhan" && ($0["scheduled"] as? String)?.hasPrefix("2026-03-29") == true }
        #expect(adhans.map { $0["prayer"] as? String ?? "" } == ["fajr", "dhuhr", "asr", "maghrib", "isha"])
        #expect(adhans.allSatisfy { $0["state"] as? String == "fired" })
        // After 01:00 GMT the clocks say BST: Dhuhr at 13:0x+01:00.
        #expect((adhans[1]["scheduled"] as? String)?.hasSuffix("+01:00") == true)
        #expect(lines.contains { $0["output"] as? String == "buzzer" && $0["on"] as? Bool == true })
        #expect(lines.contains { $0["output"] as? String == "qibla_aligned" })
        // Each fired adhan's "t" matches its schedule to the millisecond (virtual time).
        for a in adhans {
            let t = a["t"] as? String ?? "", s = a["scheduled"] as? String ?? ""
            #expect(t.prefix(19) == s.prefix(19) && t.contains(".000"), "\(t) vs \(s)")
        }
        let status = try #require(FileManager.default.contents(atPath: dir + "/status.json"))
        let doc = try #require(try JSONSerialization.jsonObject(with: status) as? [String: Any])
        #expect(doc["status"] != nil && doc["times"] != nil)
        let text = try MihrabBinary.run(["status", "--file", dir + "/status.json"])
        #expect(text.status == 0 && text.stdout.contains("Today (2026-03-"), "\(text.stdout)")
        // The board's OLED, reported by its thread.
        let displays = try #require(doc["displays"] as? [[String: Any]])
        #expect(displays.count == 1 && displays[0]["display"] as? String == "ssd1306 at 0x3c (128x64)", "\(displays)")
        #expect(text.stdout.contains("Display: ssd1306 at 0x3c (128x64) "), "\(text.stdout)")
    }

    @Test("an admin page that cannot start (its certificate missing) is one error line; the day's five adhans fire all the same")
    func adminThatCannotStart() throws {
        let dir = try tempDir()
        let record = dir + "/record.jsonl"
        let config = dir + "/mihrab.toml"
        try """
            [location]
            source = "fixed"
            [compass]
            rate_hz = 1
            [admin]
            listen = "127.0.0.1:0"
            password_file = "\(dir)/admin.passwd"
            certificate = "\(dir)/missing-cert.pem"
            key = "\(dir)/missing-key.pem"

            """.write(toFile: config, atomically: true, encoding: .utf8)
        let r = try MihrabBinary.run(["run", "--board", "board/simulated.toml", "--config", config, "--start", "2026-03-29T00:00",
                                      "--until", "2026-03-30T00:00", "--tz", "Europe/London", "--lat", "51.5074",
                                      "--lon", "-0.1278", "--speed", "1e9", "--record", record, "--state-dir", dir, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let said = r.stderr.split(separator: "\n").filter { $0.contains("the unit runs on without its admin page") }
        #expect(said.count == 1 && said[0].contains("missing-cert.pem"), "\(r.stderr)")
        let adhans = try records(record).filter { $0["event"] as? String == "adhan" && ($0["scheduled"] as? String)?.hasPrefix("2026-03-29") == true }
        #expect(adhans.map { $0["prayer"] as? String ?? "" } == ["fajr", "dhuhr", "asr", "maghrib", "isha"])
        #expect(adhans.allSatisfy { $0["state"] as? String == "fired" })
    }

    @Test("SIGTERM: outputs off, state flushed, exit 0 within a second; systemd told READY and STOPPING")
    func sigterm() throws {
        let dir = try tempDir()
        let record = dir + "/record.jsonl"
        // A datagram socket standing in for systemd's notify socket.
        let socketPath = dir + "/notify"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in socketPath.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        defer { close(fd) }

        let p = Process()
        p.executableURL = MihrabBinary.url
        p.arguments = ["run", "--board", "board/simulated.toml", "--speed", "1", "--record", record, "--state-dir", dir,
                       "--quiet", "--tz", "Asia/Riyadh"]
        p.currentDirectoryURL = MihrabBinary.packageRoot
        p.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": socketPath, "JOURNAL_STREAM": "8:1"]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Wait for READY=1.
        var messages: [String] = []
        var buf = [UInt8](repeating: 0, count: 512)
        var tv = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !messages.contains("READY=1") {
            let n = recv(fd, &buf, buf.count, 0)
            if n > 0 { messages.append(String(decoding: buf[0..<n], as: UTF8.self)) }
        }
        #expect(messages.contains("READY=1"))
        usleep(1_200_000)  // let it drive the outputs for a moment
        let sent = Date()
        p.terminate()  // SIGTERM
        p.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(p.terminationStatus == 0)
        #expect(took < 1.0, "took \(took) s to stop")
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            messages.append(String(decoding: buf[0..<n], as: UTF8.self))
        }
        #expect(messages.contains("STOPPING=1"))
        #expect(messages.contains { $0.hasPrefix("STATUS=") })
        // Every output's last recorded state is off.
        var last: [String: Bool] = [:]
        for line in try records(record) { if let o = line["output"] as? String, let on = line["on"] as? Bool { last[o] = on } }
        #expect(!last.isEmpty && last.values.allSatisfy { !$0 }, "\(last)")
        // Under the journal: "<N>" priorities and no timestamps of ours.
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let logLines = log.split(separator: "\n")
        #expect(!logLines.isEmpty && logLines.allSatisfy { $0.range(of: #"^<[0-7]>[^0-9]"#, options: .regularExpression) != nil }, "\(log)")
        #expect(log.contains("<5>stopped: outputs off, state saved"))
    }

    @Test("config check: the default config passes; a bad one gives file:line: key and exit 78, and so does run")
    func configCheck() throws {
        let good = try MihrabBinary.run(["config", "check", "board/mihrab.toml"])
        #expect(good.status == 0 && good.stdout.contains("board/mihrab.toml: OK"))
        let dir = try tempDir()
        let bad = dir + "/bad.toml"
        try "[location]\nlatitude = 123\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try MihrabBinary.run(["config", "check", bad])
        #expect(r.status == 78)
        #expect(r.stderr == "mihrab: \(bad):2: location.latitude: 123 is out of range (-90 to 90)\n")
        let run = try MihrabBinary.run(["run", "--config", bad, "--board", "board/simulated.toml", "--quiet"])
        #expect(run.status == 78 && run.stderr.contains("location.latitude"))
        let missing = try MihrabBinary.run(["status", "--file", dir + "/none.json"])
        #expect(missing.status == 69 && missing.stderr.contains("is mihrab running?"))
    }

    @Test("on this machine a real board has no GPIO chip: one line, exit 69")
    func realBoardWithoutHardware() async throws {
        let run = ["run", "--board", "board/raspberry-pi-4.toml", "--quiet", "--state-dir"]
        let (dir1, dir2) = (try tempDir(), try tempDir())
        // Each waits the daemon's 30 s for udev's device nodes before it gives up: side by side.
        // Under systemd the same line is the journal's priority 3 (err), not its default 6 (info).
        async let plain = MihrabBinary.run(run + [dir1])
        async let underSystemd = MihrabBinary.run(run + [dir2], environment: ["JOURNAL_STREAM": "8:1"])
        let (r, journal) = try await (plain, underSystemd)
        #expect(r.status == 69)
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("mihrab: ") }
        #expect(errors.count == 1 && errors[0].contains("/dev/gpiochip0"), "\(r.stderr)")
        #expect(journal.status == 69)
        #expect(journal.stderr.split(separator: "\n").contains("<3>" + errors[0]), "\(journal.stderr)")
    }
}

@Suite("reload")
struct RealTimeReloadTests {
    @Test("SIGHUP: a bad new config is refused and the old one keeps running; a good one is taken")
    func sighup() throws {
        let dir = NSTemporaryDirectory() + "mihrab-hup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let config = dir + "/mihrab.toml"
        try "[location]\nsource = \"fixed\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = MihrabBinary.url
        p.arguments = ["run", "--board", "board/simulated.toml", "--config", config, "--speed", "1", "--quiet",
                       "--state-dir", dir, "--tz", "UTC"]
        p.currentDirectoryURL = MihrabBinary.packageRoot
        p.environment = ProcessInfo.processInfo.environment.merging(["JOURNAL_STREAM": "8:1"]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        usleep(1_500_000)
        try "[location]\nlatitude = 999\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(p.processIdentifier, SIGHUP)
        usleep(1_500_000)
        #expect(p.isRunning)
        // A FIFO as the adhan: refused with its line at once (the reload blocked on it before).
        #expect(mkfifo(dir + "/adhan.wav", 0o600) == 0)
        try "[location]\nsource = \"fixed\"\n[sounds]\ndirectories = []\nadhan = \"\(dir)/adhan.wav\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(p.processIdentifier, SIGHUP)
        usleep(1_500_000)
        #expect(p.isRunning)
        try "[location]\nsource = \"fixed\"\nlatitude = 30\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(p.processIdentifier, SIGHUP)
        usleep(1_500_000)
        p.terminate()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("new configuration refused, the old one keeps running: \(config):2: location.latitude: 999 is out of range"), "\(log)")
        #expect(log.contains("new configuration refused, the old one keeps running: \(config):5: sounds.adhan: \(dir)/adhan.wav: not a regular file"), "\(log)")
        #expect(log.contains("configuration reloaded"))
        #expect(log.contains("at 30.0000, 39.8262"))  // replanned at the new latitude
    }
}
