import Foundation
import HAL
import Testing
import TestSupport
@testable import LinuxHAL

/// A gpsd that lies or resets (FakeGPSD plays gpsd 3.22's own report lines, with the faults
/// written in): what the libgps shim and the client make of it. Real sockets and real time,
/// so these run in the serialized pass.
@Suite("gpsd faults: a scripted gpsd that lies or resets", .serialized)
struct RealTimeGPSDFaultTests {
    /// Reads fix reports through the shim until one at `sentinelLatitude` arrived (every
    /// report before it has been read) or 10 s passed.
    static func readFixes(_ fake: FakeGPSD, until sentinelLatitude: Double) throws -> (fixes: [GNSSFix], rejected: Int) {
        let gpsd = try GPSDConnection(host: "127.0.0.1", port: fake.port)
        var fixes: [GNSSFix] = []
        let end = Date().addingTimeInterval(10)
        while Date() < end, !fixes.contains(where: { $0.latitude == sentinelLatitude }) {
            for case .fix(let f) in try gpsd.next(timeoutMicroseconds: 200_000) { fixes.append(f) }
        }
        // Anything after the sentinel would be a repeat: give it a moment to show itself.
        for _ in 0..<3 {
            for case .fix(let f) in try gpsd.next(timeoutMicroseconds: 100_000) { fixes.append(f) }
        }
        return (fixes, gpsd.rejectedReports)
    }

    @Test("coordinates out of range or malformed are refused and counted; the edges -90 and 180 are a position")
    func outOfRangeAndMalformed() throws {
        let cases: [(lat: String, lon: String, accepted: Bool)] = [
            ("999", "999", false), ("91", "181", false), ("-90", "180", true), ("90", "-180", true),
            ("-90.000001", "0", false), ("0", "180.5", false), ("1e", "2", false), ("1.", "2", false),
            ("51.5074", "-0.1278", true), ("-33.8688", "151.2093", true), ("21.4225", "39.8262", true),
        ]
        let script = FakeGPSD.greeting + cases.enumerated().map { i, c in .send(GPSDReport.tpv(lat: c.lat, lon: c.lon, second: i)) }
        let fake = try FakeGPSD(script: script)
        defer { fake.stop() }
        let (fixes, rejected) = try Self.readFixes(fake, until: 21.4225)

        #expect(fixes.count == cases.count, "one fix report per TPV: \(fixes.map { ($0.latitude, $0.rejectedCoordinates) })")
        for (c, f) in zip(cases, fixes) {
            if c.accepted {
                #expect(f.hasPosition && f.latitude == Double(c.lat) && f.longitude == Double(c.lon) && f.rejectedCoordinates == nil,
                        "\(c.lat), \(c.lon) is a position: got \(f)")
            } else {
                #expect(!f.hasPosition && f.latitude == nil && f.longitude == nil && f.rejectedCoordinates != nil,
                        "\(c.lat), \(c.lon) must be refused: got \(f)")
            }
        }
        #expect(rejected == cases.filter { !$0.accepted }.count)
    }

    @Test("one fix followed by eight reports of other classes is one fix, not nine")
    func otherReportsDoNotRepeatTheFix() throws {
        let others: [FakeGPSD.Step] = [.send(GPSDReport.sky), .send(GPSDReport.att), .send(GPSDReport.sky),
                                       .send(GPSDReport.device()), .send(GPSDReport.att), .send(GPSDReport.sky),
                                       .send(GPSDReport.sky), .send(GPSDReport.att)]
        let script = FakeGPSD.greeting + [.send(GPSDReport.tpv(lat: "51.5074", lon: "-0.1278"))] + others
            + [.send(GPSDReport.tpv(lat: "21.4225", lon: "39.8262", second: 1))]
        let fake = try FakeGPSD(script: script)
        defer { fake.stop() }
        let (fixes, _) = try Self.readFixes(fake, until: 21.4225)
        #expect(fixes.map(\.latitude) == [51.5074, 21.4225])
    }

    @Test("the client reports a refused position as rejected, never as a fix, and carries on")
    func clientRejects() async throws {
        let script = FakeGPSD.greeting + [.send(GPSDReport.tpv(lat: "999", lon: "999")),
                                          .send(GPSDReport.tpv(lat: "51.5074", lon: "-0.1278", second: 1))]
        let fake = try FakeGPSD(script: script)
        defer { fake.stop() }
        let client = GPSDClient(options: .init(host: "127.0.0.1", port: fake.port))
        let log = EventLog()
        let reader = Task { for await e in client.events() { await log.add(e) } }
        defer { client.stop(); reader.cancel() }
        let got = await log.wait(seconds: 10) { es in es.contains { RealTimeGPSDClientTests.isFix($0, near: 51.5074) } }
        let events = await log.events
        #expect(got, "\(events)")
        let rejected = events.compactMap { if case .rejected(let why) = $0 { why } else { nil } }
        #expect(rejected.count == 1 && rejected.first?.contains("999") == true, "\(events)")
        #expect(!events.contains { if case .fix(let f) = $0 { f.latitude > 90 } else { false } })
    }

    @Test("gpsd resetting the connection: the client reconnects, and the process survives the write to the dead socket")
    func resetConnection() async throws {
        // Reset at once after VERSION (the client's WATCH meets a dead socket), and after the
        // WATCH (its next read finds the reset, then it closes).
        for script in [[FakeGPSD.Step.send(GPSDReport.version), .reset],
                       [.send(GPSDReport.version), .awaitWatch, .reset]] {
            let fake = try FakeGPSD(script: script)
            defer { fake.stop() }
            let client = GPSDClient(options: .init(host: "127.0.0.1", port: fake.port))
            let log = EventLog()
            let reader = Task { for await e in client.events() { await log.add(e) } }
            // Three connections: each reset was met, and the client came back each time.
            let end = Date().addingTimeInterval(10)
            while fake.connections < 3 && Date() < end { try await Task.sleep(nanoseconds: 50_000_000) }
            client.stop()
            reader.cancel()
            #expect(fake.connections >= 3, "\(script): \(fake.connections) connections")
            let events = await log.events
            #expect(events.contains { if case .status(.noDaemon) = $0 { true } else { false } }, "\(events)")
        }
    }
}
