import Compass
import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation

/// The state file under a hostile world: unwritable, in the way, planted links, huge or
/// lying files. Tests run as root in CI, so "unwritable" is made by taking the directory
/// away, not by permissions (root ignores them).
@Suite("state file faults")
struct StateFaultTests {
    static func tempDir(_ tag: String) throws -> String {
        let d = NSTemporaryDirectory() + "mihrab-\(tag)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    @Test("the state file cannot be written: the adhan sounds once, the status says so, and a restart within the grace period does not replay it")
    func unwritableState() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date)
        let fajr = try #require(unit.expectedEvents(on: date).first { $0.kind == .adhan })
        unit.run(untilWall: fajr.time - 60)
        #expect(unit.core.statusCondition == .normal)
        try FileManager.default.removeItem(atPath: unit.stateDirectory)  // the card gone read-only, or unmounted
        unit.run(untilWall: fajr.time + 5)
        #expect(unit.buzzerStarts.filter { abs($0 - fajr.time) < 0.05 }.count == 1, "the adhan sounds even so")
        #expect(unit.core.statusCondition == .stateNotPersisted)
        let status = unit.core.status(wall: unit.clock.wallNow())
        #expect(status.state.persisted == false && status.status == .stateNotPersisted)
        #expect(unit.core.shutdown() == false, "shutdown says the state was not saved")
        // Restarted 20 s later, within the 2-minute grace: the fallback record remembers Fajr.
        unit.restart(downFor: 20)
        unit.run(untilWall: fajr.time + 200)
        #expect(unit.buzzerStarts.filter { $0 >= fajr.time - 0.001 && $0 < fajr.time + 150 }.count == 1, "Fajr replayed after the restart")
        // The directory back: the next save reaches the file, the status recovers, the fallback goes.
        try FileManager.default.createDirectory(atPath: unit.stateDirectory, withIntermediateDirectories: true)
        let reminder = try #require(unit.expectedEvents(on: date).first { $0.kind == .reminder && $0.prayer == .dhuhr })
        unit.run(untilWall: reminder.time + 1)
        #expect(unit.core.statusCondition == .normal)
        #expect(StateStore(directory: unit.stateDirectory).state.events[fajr.id]?.state == .fired)
        #expect(!FileManager.default.fileExists(atPath: unit.runtimeDirectory + "/state.fallback.json"))
    }

    @Test("a state file that cannot be read (a directory in its place) is reported and moved aside, not taken for absent")
    func unreadableState() throws {
        let dir = try Self.tempDir("unreadable")
        try FileManager.default.createDirectory(atPath: dir + "/state.json/inner", withIntermediateDirectories: true)
        let store = StateStore(directory: dir)
        #expect(store.loadProblem?.contains("cannot be read") == true, "\(store.loadProblem ?? "no problem reported")")
        #expect(FileManager.default.fileExists(atPath: dir + "/state.json.unreadable/inner"), "nothing lost")
        try store.save()
        #expect(store.persisted)
    }

    @Test("a link planted at state.json.tmp is removed, never followed: its target is untouched")
    func plantedLink() throws {
        let dir = try Self.tempDir("link")
        let target = dir + "/precious.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: dir + "/state.json.tmp", withDestinationPath: target)
        let store = StateStore(directory: dir)
        store.update { $0.events["2026-05-05/fajr/adhan"] = .init(state: .fired, at: 1) }
        try store.save()
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(StateStore(directory: dir).state.events.count == 1)
    }

    @Test("a huge state file is refused (moved aside) rather than read; the unit starts afresh")
    func hugeState() throws {
        let dir = try Self.tempDir("huge")
        var entries: [String] = []
        for i in 0..<60_000 { entries.append("\"2099-01-01/x\(i)/adhan\":{\"state\":\"fired\",\"at\":4070908800}") }
        try Data("{\"version\":1,\"events\":{\(entries.joined(separator: ","))}}".utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
        let store = StateStore(directory: dir)
        #expect(store.loadProblem?.contains("too large") == true, "\(store.loadProblem ?? "")")
        #expect(store.state.events.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/state.json.corrupt"))
    }

    @Test("entries dated in the future are pruned once the clock is trusted (never before), and the count is bounded")
    func futureEntries() throws {
        var s = UnitState()
        let now = 1_780_000_000.0
        for i in 0..<2000 { s.events["past-\(i)"] = .init(state: .fired, at: now - Double(i) * 60) }
        for i in 0..<300 { s.events["future-\(i)"] = .init(state: .fired, at: now + 10 * 86_400 + Double(i)) }
        var untrusted = s
        untrusted.prune(now: now, trusted: false)
        #expect(untrusted.events.keys.contains("future-0"), "an untrusted clock (a Pi just booted) prunes nothing ahead of it")
        s.prune(now: now, trusted: true)
        #expect(!s.events.keys.contains { $0.hasPrefix("future") })
        #expect(s.events.count == UnitState.maxEvents)
        #expect(s.events.keys.contains("past-0") && !s.events.keys.contains("past-1999"), "the newest are kept")
    }

    @Test("a stored lastFix off the Earth (771.5, 999) is ignored: the configured position is planned, and the status says no fix")
    func lyingLastFix() throws {
        for (lat, lon) in [(771.5, -0.13), (51.5, 999.0), (91.0, 0.0)] {
            let dir = try Self.tempDir("lastfix")
            try Data("{\"version\":1,\"events\":{},\"lastFix\":{\"latitude\":\(lat),\"longitude\":\(lon),\"time\":1}}".utf8)
                .write(to: URL(fileURLWithPath: dir + "/state.json"))
            var c = UnitHarness.testConfig()
            c.locationSource = .gps
            let date = try #require(CivilDate(iso: "2026-05-05"))
            let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, config: c, stateDirectory: dir)
            unit.run(untilWall: unit.clock.wallNow() + 5)
            #expect(unit.core.latitude == 51.5074 && unit.core.longitude == -0.1278)
            #expect(unit.core.events.count > 10, "planned at the configured position")
            #expect(unit.core.statusCondition == .noFix)
        }
    }

    @Test("a GNSS fix off the Earth, or one the source rejected, is refused and counted; a good one after it is taken")
    func lyingFix() throws {
        var c = UnitHarness.testConfig()
        c.locationSource = .gps
        let date = try #require(CivilDate(iso: "2026-05-05"))
        func fix(_ lat: Double, _ lon: Double) -> PositionEvent {
            .fix(PositionFix(time: nil, latitude: lat, longitude: lon, altitude: 0, horizontalError: 5, mode: .threeD))
        }
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, config: c,
                                   position: [(at: 1, event: fix(999, 999)), (at: 2, event: fix(91, 181)), (at: 3, event: fix(.nan, 0)),
                                              (at: 4, event: .rejected("gpsd reported latitude 1.0, longitude 2.0")),
                                              (at: 10, event: fix(53.48, -2.24))])
        unit.run(untilWall: unit.clock.wallNow() + 5)
        #expect(unit.core.rejectedFixes == 4)
        #expect(unit.core.latitude == 51.5074 && unit.core.positionSource != .gps)
        #expect(StateStore(directory: unit.stateDirectory).state.lastFix == nil, "nothing off the Earth is stored")
        unit.run(untilWall: unit.clock.wallNow() + 10)
        #expect(unit.core.latitude == 53.48 && unit.core.positionSource == .gps)
    }

    @Test("a position that yields no plan is an error on the status LED and in the status, never a quiet normal")
    func noPlan() throws {
        var c = UnitHarness.testConfig()
        c.elevation = .nan  // no valid Coordinates, however the position came to be
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, config: c)
        unit.run(untilWall: unit.clock.wallNow() + 5)
        #expect(unit.core.events.isEmpty)
        #expect(unit.core.statusCondition == .noPlan)
        let status = unit.core.status(wall: unit.clock.wallNow())
        #expect(status.status == .noPlan && status.problem?.contains("nothing will sound") == true)
        #expect(unit.outputs[.status]?.state == true, "the status LED is lit steadily")
    }
}

@Suite("calibration file")
struct CalibrationFileTests {
    static let calibration = MagnetometerCalibration(hardIron: Vector3(12, -7, 9), softIron: .identity, fieldStrength: 49, residual: 0.01)

    @Test("the calibration lives in its own file: a corrupt state file does not lose it")
    func survivesCorruptState() throws {
        let dir = try StateFaultTests.tempDir("cal")
        try CalibrationStore(directory: dir).store(Self.calibration)
        try Data("{\"version\":1,\"events\":{".utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
        #expect(StateStore(directory: dir).loadProblem?.contains("corrupt") == true)
        #expect(CalibrationStore(directory: dir).calibration == Self.calibration)
    }

    @Test("a corrupt calibration file falls back to the last good one, said so")
    func lastGood() throws {
        let dir = try StateFaultTests.tempDir("cal")
        let store = CalibrationStore(directory: dir)
        try store.store(Self.calibration)
        var newer = Self.calibration
        newer.hardIron = Vector3(1, 2, 3)
        try store.store(newer)
        #expect(CalibrationStore(directory: dir).calibration == newer)
        try Data("{\"hardIron\":".utf8).write(to: URL(fileURLWithPath: dir + "/calibration.json"))
        let reloaded = CalibrationStore(directory: dir)
        #expect(reloaded.calibration == Self.calibration)
        #expect(reloaded.problems.contains { $0.contains("last good") })
    }

    @Test("a calibration kept in an older state file is taken over into its own file")
    func legacy() throws {
        let dir = try StateFaultTests.tempDir("cal")
        let encoded = String(decoding: try JSONEncoder().encode(Self.calibration), as: UTF8.self)
        try Data("{\"version\":1,\"events\":{},\"calibration\":\(encoded)}".utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
        #expect(CalibrationStore(directory: dir).calibration == Self.calibration)
        #expect(FileManager.default.fileExists(atPath: dir + "/calibration.json"))
    }
}
