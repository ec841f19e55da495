import Foundation
import HAL
import Testing
import TestSupport
@testable import LinuxHAL

/// Collects a stream's events so a test can wait for a condition with a deadline.
actor EventLog {
    var events: [PositionEvent] = []
    func add(_ e: PositionEvent) { events.append(e) }

    func wait(seconds: Double, until condition: @Sendable ([PositionEvent]) -> Bool) async -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition(events) { return true }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition(events)
    }
}

@Suite("gpsd client, against a real gpsd", .serialized)
struct RealTimeGPSDClientTests {
    /// "Makkah x25, noFix, London x12, ...": the sequence without repeats, for messages.
    static func condensed(_ es: [PositionEvent]) -> String {
        var out: [(String, Int)] = []
        for e in es {
            let name: String
            switch e {
            case .fix(let f): name = f.latitude > 40 ? "London" : "Makkah"
            case .status(let s): name = "\(s)"
            case .rejected(let why): name = "rejected \(why)"
            }
            if out.last?.0 == name { out[out.count - 1].1 += 1 } else { out.append((name, 1)) }
        }
        return out.map { "\($0.0) x\($0.1)" }.joined(separator: ", ")
    }

    static func isFix(_ e: PositionEvent, near lat: Double) -> Bool {
        if case .fix(let f) = e { return abs(f.latitude - lat) < 0.01 }
        return false
    }

    @Test("a fix, a loss of fix, a fix in another city; gpsd killed and started again: reconnects and carries on")
    func tripAndRestart() async throws {
        let log = gnssTripLog
        let first = try GPSFake(log: log, cycleSeconds: 0.05, loop: true)
        let port = first.port
        try first.waitUntilListening()
        let client = GPSDClient(options: .init(host: "127.0.0.1", port: port))
        let events = EventLog()
        let reader = Task {
            for await e in client.events() { await events.add(e) }
        }
        defer {
            client.stop()
            reader.cancel()
        }

        // Makkah, no fix, London: the looped log brings each round whenever the client joined.
        let trip = await events.wait(seconds: 40) { es in
            es.contains { RealTimeGPSDClientTests.isFix($0, near: 21.4225) } && es.contains(.status(.noFix))
                && es.contains { RealTimeGPSDClientTests.isFix($0, near: 51.5074) }
        }
        let seen = await events.events
        #expect(trip, "events: \(RealTimeGPSDClientTests.condensed(seen))")
        // Fixes carry their altitude and time; no fix has NaN coordinates.
        for case .fix(let f) in await events.events {
            #expect(f.latitude.isFinite && f.longitude.isFinite)
        }

        // gpsd goes away: the client says so and keeps trying.
        first.stop()
        let noticed = await events.wait(seconds: 10) { es in
            es.contains { if case .status(.noDaemon) = $0 { true } else { false } }
        }
        #expect(noticed)
        let before = await events.events.count

        // gpsd comes back on the same port: the client reconnects (back-off at most 4 s) and reads fixes again.
        let second = try GPSFake(log: log, cycleSeconds: 0.05, port: port, loop: true)
        defer { second.stop() }
        try second.waitUntilListening()
        let again = await events.wait(seconds: 20) { es in
            es.dropFirst(before).contains { RealTimeGPSDClientTests.isFix($0, near: 21.4225) }
        }
        #expect(again)
        #expect(client.connections >= 2)
    }

    @Test("no gpsd at all: status 'no daemon', no crash, and it stops when told")
    func noDaemon() async throws {
        let port = try GPSFake.freeLoopbackPort()
        let client = GPSDClient(options: .init(host: "127.0.0.1", port: port))
        var it = client.events().makeAsyncIterator()
        let first = await it.next()
        guard case .status(.noDaemon(let why)) = first else {
            Issue.record("expected noDaemon, got \(String(describing: first))")
            return
        }
        #expect(why.contains("127.0.0.1:\(port)"))
        client.stop()
        // The stream finishes once the client has stopped.
        let end = Date().addingTimeInterval(5)
        var finished = false
        while Date() < end { if await it.next() == nil { finished = true; break } }
        #expect(finished)
    }
}
