import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// "Back to setup": the stop button held 10 s as the unit starts removes the admin password
/// (the admin page's side then sees setup mode); the config and the record of what has sounded stay.
@Suite("Setup reset: the stop button held as the unit starts")
struct SetupResetTests {
    static let start = CivilDate(year: 2026, month: 11, day: 28)!

    func unit(presses: [(Double, Double)]) throws -> (UnitHarness, String) {
        let zone = try ZoneRules.load("Europe/London")
        let t0 = LocalMinute.instant(Self.start, minute: 10 * 60, zone: zone)
        let h = try UnitHarness(zone: "Europe/London", lat: 51.5, lon: -0.13, start: Self.start, startMinute: 10 * 60,
                                presses: presses.map { (at: t0 + $0.0, held: $0.1) })
        let passwd = h.stateDirectory + "/admin.passwd"
        try "imam:scrypt$...\n".write(toFile: passwd, atomically: true, encoding: .utf8)
        return (h, passwd)
    }

    @Test("Held 10 s from the start: the password file is gone; the state file stays")
    func held() throws {
        let (h, passwd) = try unit(presses: [(0, 12)])
        h.run(untilWall: h.clock.wallNow() + 9)
        #expect(FileManager.default.fileExists(atPath: passwd), "not before 10 s")
        h.run(untilWall: h.clock.wallNow() + 2)
        #expect(!FileManager.default.fileExists(atPath: passwd))
        #expect(FileManager.default.fileExists(atPath: h.stateDirectory + "/state.json"))
        // Not the long press's sound test: the hold from the start is the reset alone.
        #expect(h.sound.played.isEmpty, "\(h.sound.played)")
    }

    @Test("Released before 10 s, or pressed well after the start: the password stays")
    func notHeld() throws {
        let (short, p1) = try unit(presses: [(0, 6)])
        short.run(untilWall: short.clock.wallNow() + 30)
        #expect(FileManager.default.fileExists(atPath: p1))
        let (late, p2) = try unit(presses: [(20, 12)])
        late.run(untilWall: late.clock.wallNow() + 40)
        #expect(FileManager.default.fileExists(atPath: p2))
    }
}
