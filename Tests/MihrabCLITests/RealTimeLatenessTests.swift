import Foundation
import TestSupport
import Testing

/// The record says when an adhan really sounded: a loop held up (here SIGSTOP, as a blocked
/// file read once held it) shows late by the wall clock, though its virtual time is exact.
@Suite("lateness measured by the wall clock") struct RealTimeLatenessTests {
    /// Dhuhr in London on 25 March 2026 is at 12:06 (MWL); the run starts at 12:05, at 10x.
    func run(stallFor stall: Double) throws -> (lateness: Double?, virtualLateness: Double?, line: [String: Any]?) {
        let dir = NSTemporaryDirectory() + "mihrab-late-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let p = Process()
        p.executableURL = MihrabBinary.url
        p.arguments = ["run", "--board", "board/simulated.toml", "--quiet", "--screen", "", "--speed", "10", "--tz", "Europe/London",
                       "--lat", "51.5074", "--lon", "-0.1278", "--start", "2026-03-25T12:05", "--until", "2026-03-25T12:07",
                       "--state-dir", dir + "/state", "--record", dir + "/record.jsonl"]
        p.currentDirectoryURL = MihrabBinary.packageRoot
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        if stall > 0 {
            usleep(1_000_000)  // before Dhuhr, due about 6 s in
            kill(p.processIdentifier, SIGSTOP)
            usleep(UInt32(stall * 1_000_000))
            kill(p.processIdentifier, SIGCONT)
        }
        p.waitUntilExit()
        let dhuhr = RecordTiming.events(dir + "/record.jsonl").first { $0["event"] as? String == "adhan" && $0["prayer"] as? String == "dhuhr" }
        let start = RecordTiming.start("2026-03-25T12:05", zone: "Europe/London")
        let virtualLate: Double? = dhuhr.flatMap { d in
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let t = (d["t"] as? String).flatMap(f.date(from:)), let s = (d["scheduled"] as? String).flatMap(ISO8601DateFormatter().date(from:)) else { return nil }
            return t.timeIntervalSince(s)
        }
        return (dhuhr.flatMap { RecordTiming.lateness($0, start: start, speed: 10) }, virtualLate, dhuhr)
    }

    @Test("undisturbed: Dhuhr's adhan within half a second of the wall clock; held up from 1 s to 11 s: 4 s and more late, though its virtual time is exact")
    func aStalledLoopShowsLate() throws {
        let calm = try run(stallFor: 0)
        let late = try #require(calm.lateness, "\(String(describing: calm.line))")
        #expect(abs(late) <= 0.5, "\(late) s from due: \(String(describing: calm.line))")
        let stalled = try run(stallFor: 10)
        let stalledLate = try #require(stalled.lateness, "\(String(describing: stalled.line))")
        #expect(stalledLate >= 4, "\(stalledLate) s late: \(String(describing: stalled.line))")
        // What the virtual clock alone says: on time (the check that could not fail).
        #expect(abs(stalled.virtualLateness ?? 99) <= 1, "\(String(describing: stalled.line))")
    }
}
