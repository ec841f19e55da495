import Foundation
import Testing
import TestSupport

/// The server beside a loop running flat out: idle and hostile clients hold their own
/// connections; the loop's alerts stay exact and the page's stream keeps flowing.
@Suite("RealTime screen under load", .serialized)
struct RealTimeScreenLoadTests {
    @Test("Three simulated days at full speed, 200 idle connections and a client sending a byte a second from one address, a page's event stream from another: every adhan fires on time")
    func loadDoesNotDelayAlerts() throws {
        // The compass at 1 Hz keeps a simulated day a few seconds long in a debug build.
        let config = """
            [location]
            source = "fixed"
            latitude = 51.5074
            longitude = -0.1278
            [compass]
            rate_hz = 1
            """
        let dir = NSTemporaryDirectory() + "mihrab-load-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let record = dir + "/record.jsonl"
        let started = Date()
        let d = try ScreenDaemon(["--speed", "1e6", "--start", "2026-11-23T00:00", "--until", "2026-11-26T00:00", "--tz", "Europe/London",
                                  "--record", record], config: config)
        let idle = (0..<200).compactMap { _ in try? RawHTTP.connect(port: d.port) }
        #expect(idle.count == 200)
        defer { for fd in idle { close(fd) } }
        // The page is on another machine than the attacker (another address): the attacker's
        // connections beyond its share wait their turn, never the page's.
        let stream = try EventStreamReader(port: d.port, from: "127.0.0.2")
        defer { stream.stop() }
        // One byte a second, a request that never ends.
        let slow = try RawHTTP.connect(port: d.port)
        defer { close(slow) }
        let slowDone = NSLock()
        nonisolated(unsafe) var stopSlow = false
        Thread.detachNewThread {
            for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8 + Array(repeating: UInt8(ascii: "a"), count: 10_000) {
                if slowDone.withLock({ stopSlow }) { break }
                RawHTTP.send(slow, String(UnicodeScalar(byte)))
                sleep(1)
            }
        }
        d.process.waitUntilExit()
        slowDone.withLock { stopSlow = true }
        let elapsed = Date().timeIntervalSince(started)
        #expect(d.process.terminationStatus == 0 && d.process.terminationReason == .exit, "\(d.log.suffix(2000))")

        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let adhans = lines.filter { $0["event"] as? String == "adhan" }
        #expect(adhans.count == 15, "\(adhans.count) adhans in three days")
        for a in adhans {
            let t = a["t"] as? String ?? "", s = a["scheduled"] as? String ?? ""
            #expect(a["state"] as? String == "fired" && t.prefix(19) == s.prefix(19) && t.contains(".000"), "\(a)")
        }
        // The stream flowed all along: about one time event per second of the run.
        let times = stream.count("time")
        #expect(times >= Int(elapsed) - 5 && times >= 3, "\(times) time events in \(Int(elapsed)) s")
        #expect(stream.received.contains(#""now":"2026-11-25T"#), "the stream did not follow the simulated days")
    }
}
