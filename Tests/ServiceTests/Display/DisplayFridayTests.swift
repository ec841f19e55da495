import Foundation
import HAL
import Logging
import PrayerTimes
import Testing
@testable import Drivers
@testable import Service
@testable import Simulation
import UnitModel

/// The hall's TV through a whole Friday, Saturday and Sunday in London, the Sunday the one
/// summer time ends (2026-10-25, 02:00 BST becomes 01:00 GMT), run by the daemon at speed in
/// virtual time with the display-power output and the simulated TV on its CEC bus. The
/// expectation is the rule applied to the days' events as the engine plans them
/// (`UnitHarness.expectedEvents`): each window from the adhan (Fajr: `before_fajr`) to the
/// iqamah (Isha: `after_isha`; Jumu'ah: its prayer too), overlapping ones merged.
@Suite("the hall's TV through a Friday and a change of the clocks", .serialized)
struct DisplayFridayTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    static let friday = CivilDate(iso: "2026-10-23") ?? CivilDate(daysSinceEpoch: 0)

    static func config() -> SiteConfig {
        var c = UnitHarness.testConfig()
        c.display.power = .cec
        (c.display.allDay, c.display.beforeFajr, c.display.afterIsha, c.display.beforeAdhan, c.display.afterIqamah) = (false, 30, 60, 15, 20)
        return c
    }

    /// The record's display lines: (instant, on, reason, the local time as written).
    static func displayLines(_ path: String) throws -> [(t: Double, on: Bool, reason: String, local: String)] {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let o, o["type"] as? String == "display", let t = o["t"] as? String, let date = iso.date(from: t) else { return nil }
            return (date.timeIntervalSince1970, o["power"] as? String == "on", o["reason"] as? String ?? "", t)
        }
    }

    /// The windows by the rule, from the engine's events of each date, merged.
    static func expectedWindows(_ unit: UnitHarness, _ dates: [CivilDate], _ c: SiteConfig) -> [(Double, Double)] {
        var w: [(Double, Double)] = []
        for date in dates {
            let events = unit.expectedEvents(on: date)
            for p in SiteConfig.prayers {
                guard let adhan = events.first(where: { $0.kind == .adhan && $0.prayer == p })?.time,
                      let iqamah = events.filter({ $0.kind == .iqamah && $0.prayer == p }).map(\.time).max() else { continue }
                let jumuah = date.weekday == 5 && p == .dhuhr
                let before = Double(p == .fajr ? c.display.beforeFajr : c.display.beforeAdhan) * 60
                let after = Double(p == .isha ? c.display.afterIsha : c.display.afterIqamah) * 60 + (jumuah ? c.screen.jumuahPrayerSeconds : 0)
                w.append((adhan - before, iqamah + after))
            }
        }
        var merged: [(Double, Double)] = []
        for x in w.sorted(by: { $0.0 < $1.0 }) {
            if let last = merged.last, x.0 <= last.1 { merged[merged.count - 1].1 = max(last.1, x.1) } else { merged.append(x) }
        }
        return merged
    }

    @Test("each scheduled change at its minute and nothing more, the TV following each by CEC, across the change of the clocks")
    func friday() async throws {
        let c = Self.config()
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: Self.friday, config: c)
        let clock = unit.clock
        let tv = EmulatedTelevision(now: { clock.monotonicNow() })
        let output = DisplayPowerOutput(driver: CECTelevision(adapter: tv), log: { _ in })
        var options = Daemon.Options()
        options.hub.subscribe(output)
        options.speed = 1e6
        let sunday = Self.friday.adding(days: 2)
        options.until = LocalMinute.instant(sunday.adding(days: 1), minute: 0, zone: unit.zone)
        let start = clock.wallNow()
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options, logger: Self.quiet)
        #expect(await daemon.run() == 0)

        let windows = Self.expectedWindows(unit, [Self.friday, Self.friday.adding(days: 1), sunday], c)
        #expect(windows.count == 15)  // five prayers a day, none overlapping at these settings
        let expected = [(start, false)] + windows.flatMap { [($0.0, true), ($0.1, false)] }
        let lines = try Self.displayLines(unit.recordPath)
        #expect(lines.map(\.on) == expected.map(\.1))
        #expect(lines.count == expected.count)
        for (line, want) in zip(lines, expected) { #expect(abs(line.t - want.0) < 0.001, "\(line.local)") }
        #expect(lines.first?.reason == "start" && lines.dropFirst().allSatisfy { $0.reason == "schedule" })
        // Each on a whole minute of the local clock (the times are rounded to the minute), in
        // summer time until the Sunday's 01:00 GMT, then in GMT.
        #expect(lines.allSatisfy { $0.local.dropFirst(16).hasPrefix(":00.000") })
        let change = LocalMinute.instant(sunday, minute: 60, zone: unit.zone)  // 02:00 BST = 01:00 GMT
        #expect(lines.allSatisfy { $0.local.hasSuffix($0.t < change ? "+01:00" : "+00:00") })
        // Jumu'ah: on through its prayer (iqamah + jumuah_prayer_minutes) and after_iqamah.
        let jumuah = try #require(unit.expectedEvents(on: Self.friday).first { $0.kind == .iqamah && $0.prayer == .dhuhr }).time
        #expect(lines.contains { !$0.on && abs($0.t - (jumuah + 1800 + 1200)) < 0.001 })

        // The output asked the TV at each change, in order; the TV heard each by CEC.
        #expect(output.changes.map(\.on) == expected.map(\.1))
        let heard = tv.current.received.map(\.message).filter { $0.opcode != CECOpcode.giveDevicePowerStatus }
        let asks = expected.map { $0.1 ? ["40:04", "4f:82:10:00"] : ["40:36"] }.flatMap { $0 }
        #expect(heard.map(\.description) == asks)
        #expect(tv.current.power == .standby && tv.current.activeSource == 0x1000)
    }

    @Test("an override holds until the next scheduled change, through a restart, and the schedule takes over again")
    func overrideUntilNextChange() throws {
        let c = Self.config()
        let saturday = Self.friday.adding(days: 1)
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: saturday, config: c)
        let windows = Self.expectedWindows(unit, [saturday], c)
        let dhuhr = try #require(windows.dropFirst().first)  // Fajr's, then Dhuhr's
        unit.run(untilWall: dhuhr.0 + 120)
        #expect(unit.core.display?.on == true)
        // Off by hand in the middle of Dhuhr's window.
        let answer = unit.core.perform(.displayOff)
        #expect(answer.hasPrefix("display off until "))
        #expect(unit.core.display?.on == false && unit.core.display?.reason == .override)
        #expect(unit.core.status(wall: unit.clock.wallNow()).display?.until != nil)
        // A restart keeps it (the state file), and asserts it as its first decision.
        unit.restart(downFor: 60)
        unit.run(untilWall: dhuhr.1 - 1)
        #expect(unit.core.display?.on == false && unit.core.display?.reason == .override)
        // At the window's end the schedule says off too: the override is over, nothing changes.
        unit.run(untilWall: dhuhr.1 + 1)
        #expect(unit.core.display?.on == false && unit.core.display?.reason == .schedule)
        #expect(unit.core.status(wall: unit.clock.wallNow()).display?.until == nil)
        let asr = windows[2]
        unit.run(untilWall: asr.0 + 1)
        #expect(unit.core.display?.on == true && unit.core.display?.reason == .schedule)
        // The first record: off at the start, Fajr's window, Dhuhr's start, off by hand. The
        // restarted unit's: off at its start, on at Asr's window.
        let first = try Self.displayLines(unit.recordPath)
        #expect(first.map(\.on) == [false, true, false, true, false])
        #expect(first.map(\.reason) == ["start", "schedule", "schedule", "schedule", "override"])
        let other = try FileManager.default.contentsOfDirectory(atPath: unit.stateDirectory).filter { $0.hasPrefix("record.jsonl.") }
        let second = try Self.displayLines(unit.stateDirectory + "/" + #require(other.first))
        #expect(second.map(\.on) == [false, true] && second.map(\.reason) == ["start", "schedule"])
        #expect(abs((second.last?.t ?? 0) - asr.0) < 0.001)
    }

    @Test("with power = \"none\" nothing is decided, recorded or shown, and an override is refused in one line")
    func none() throws {
        var c = Self.config()
        c.display.power = .none
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: Self.friday, config: c)
        unit.run(untilWall: unit.clock.wallNow() + 7200)
        #expect(unit.core.display == nil && unit.core.status(wall: unit.clock.wallNow()).display == nil)
        #expect(try Self.displayLines(unit.recordPath).isEmpty)
        #expect(unit.core.perform(.displayOn) == "no display power here ([display] power is \"none\")")
        #expect(unit.core.screenInput.displayOff == false)
    }
}
