import Foundation
import Testing
import TestSupport
@testable import LinuxHAL

@Suite("libgps binding")
struct RealTimeGPSDConnectionTests {
    @Test("no gpsd on the port gives a clear error, not a crash")
    func refusedConnection() throws {
        let port = try GPSFake.freeLoopbackPort()
        #expect {
            _ = try GPSDConnection(host: "127.0.0.1", port: port)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("127.0.0.1:\(port)") && text.hasPrefix("connect to gpsd")
        }
    }

    @Test("a real gpsd (gpsfake) delivers a 3D fix with position, altitude and time")
    func roundTripThroughGpsfake() throws {
        let fake = try GPSFake(log: gnssTripLog)
        defer { fake.stop() }
        try fake.waitUntilListening()

        // gpsd listens; the connection should succeed at once (a few tries for safety).
        var connection: GPSDConnection?
        let start = Date()
        while connection == nil, Date().timeIntervalSince(start) < 5 {
            connection = try? GPSDConnection(host: "127.0.0.1", port: fake.port)
            if connection == nil { usleep(100_000) }
        }
        let gpsd = try #require(connection, "could not connect to gpsfake's gpsd on port \(fake.port)")

        var fixes: [GNSSFix] = []
        var sawDevice = false
        while fixes.count < 3, Date().timeIntervalSince(start) < 15 {
            for event in try gpsd.next(timeoutMicroseconds: 500_000) {
                switch event {
                case .fix(let fix) where fix.mode == .threeD && fix.hasPosition && fix.altitudeHAE != nil:
                    fixes.append(fix)
                case .device(let path, let activated):
                    sawDevice = sawDevice || (activated && !path.isEmpty)
                default: break
                }
            }
        }
        let fix = try #require(fixes.first, "no 3D fix with position arrived within 15 s")
        #expect(sawDevice)
        // The log's first city: 21.4225 N, 39.8262 E, 277 m, on 2026-03-20 at 09:00 UTC.
        #expect(abs((fix.latitude ?? 0) - 21.4225) < 1e-6)
        #expect(abs((fix.longitude ?? 0) - 39.8262) < 1e-6)
        #expect(abs((fix.altitudeMSL ?? 0) - 277.0) < 0.01)
        let time = try #require(fix.time)
        #expect(time >= 1_773_997_200 && time < 1_773_997_200 + 60)  // 2026-03-20T09:00:00Z
    }
}
