import Compass
import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation
import UnitModel

@Suite("unit faults")
struct UnitFaultTests {
    @Test("a compass chip that stops answering for a minute: sensor fault shown, qibla dark, then back")
    func compassChipStops() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 600,
                                   withCompass: true)
        let t0 = unit.clock.wallNow()
        unit.run(untilWall: t0 + 30)
        let heading = try #require(unit.core.heading)
        #expect(unit.core.accuracy != .unreliable)
        // Facing 40 degrees true; the world's field is the WMM's, so the compass must agree closely.
        #expect(abs(Compass.qiblaOffset(qiblaBearing: heading, trueHeading: 40)) < 1.0, "heading \(heading)")
        let qiblaOnBefore = [BoardConfig.Output.qiblaLeft, .qiblaAligned, .qiblaRight].contains { unit.outputs[$0]?.state == true }
        #expect(qiblaOnBefore)
        unit.compass?.2.silent.insert(0x0D)
        unit.run(untilWall: t0 + 32)
        #expect(unit.core.statusCondition == .sensorFault)
        #expect([BoardConfig.Output.qiblaLeft, .qiblaAligned, .qiblaRight].allSatisfy { unit.outputs[$0]?.state == false })
        unit.run(untilWall: t0 + 90)
        #expect(unit.core.statusCondition == .sensorFault)
        unit.compass?.2.silent.remove(0x0D)
        unit.run(untilWall: t0 + 95)
        #expect(unit.core.statusCondition != .sensorFault)
        #expect([BoardConfig.Output.qiblaLeft, .qiblaAligned, .qiblaRight].contains { unit.outputs[$0]?.state == true })
    }

    @Test("a corrupt state file is reported and replaced, never fatal; the day still sounds")
    func corruptState() throws {
        let dir = NSTemporaryDirectory() + "mihrab-corrupt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data("{\"version\":1,\"events\":{\"x\":".utf8).write(to: URL(fileURLWithPath: dir + "/state.json"))
        let store = StateStore(directory: dir)
        #expect(store.loadProblem?.contains("corrupt") == true)
        #expect(FileManager.default.fileExists(atPath: dir + "/state.json.corrupt"))
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date, stateDirectory: dir)
        let fajr = try #require(unit.expectedEvents(on: date).first { $0.kind == .adhan })
        unit.run(untilWall: fajr.time + 5)
        #expect(unit.buzzerStarts.contains { abs($0 - fajr.time) < 0.05 })
        #expect(StateStore(directory: dir).loadProblem == nil)  // replaced by a good one
    }

    @Test("Jumu'ah on Fridays replaces Dhuhr at its fixed times; quiet periods keep the buzzer silent but record the event")
    func jumuahAndQuiet() throws {
        var c = UnitHarness.testConfig()
        c.jumuah = [.fixed(13 * 60), .fixed(14 * 60 + 30)]
        c.quiet = [SiteConfig.Quiet(from: 0, to: 6 * 60)]  // the night: Fajr's events are silent
        let friday = try #require(CivilDate(iso: "2026-05-08"))
        #expect(friday.weekday == 5)
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: friday, config: c)
        unit.run(untilWall: LocalMinute.instant(friday, minute: 15 * 60, zone: unit.zone))
        let one = LocalMinute.instant(friday, minute: 13 * 60, zone: unit.zone)
        let two = LocalMinute.instant(friday, minute: 14 * 60 + 30, zone: unit.zone)
        #expect(unit.buzzerStarts.contains { abs($0 - one) < 0.05 } && unit.buzzerStarts.contains { abs($0 - two) < 0.05 })
        let events = unit.expectedEvents(on: friday)
        let dhuhrAdhans = events.filter { $0.prayer == .dhuhr && $0.kind == .adhan }
        #expect(dhuhrAdhans.map(\.time) == [one, two])
        let fajr = try #require(events.first { $0.prayer == .fajr && $0.kind == .adhan })
        #expect(fajr.muted && !unit.buzzerStarts.contains { abs($0 - fajr.time) < 1 })
        #expect(StateStore(directory: unit.stateDirectory).state.events[fajr.id]?.state == .fired)
    }
}

@Suite("configuration errors")
struct ConfigErrorTests {
    static let cases: [(text: String, expected: String)] = [
        ("[location]\nlatitud = 21.4\n", "x.toml:2: location.latitud: unknown key"),
        ("[location]\nlatitude = \"north\"\n", "x.toml:2: location.latitude: must be a number from -90 to 90"),
        ("[location]\nlatitude = 95\n", "x.toml:2: location.latitude: 95 is out of range (-90 to 90)"),
        ("[time]\nzone = \"Mars/Olympus\"\n", "x.toml:2: time.zone: time zone 'Mars/Olympus': no such zone in the system's tzdata"),
        ("[calculation]\nmethod = \"fast\"\n", "x.toml:2: calculation.method: 'fast' is not one of"),
        ("[iqamah]\nfajr = \"25:00\"\n", "x.toml:2: iqamah.fajr: '25:00' must be minutes after the adhan (0 to 120) or a time \"HH:MM\""),
        ("[reminders]\nasr = 90\n", "x.toml:2: reminders.asr: 90 is out of range (0 to 60)"),
        ("[sounds]\nadhan = \"trumpet\"\n", "x.toml:2: sounds.adhan: no sound file trumpet"),
        ("[[quiet]]\nfrom = \"23:00\"\n", "x.toml:1: quiet[0].to: is missing (\"HH:MM\")"),
        ("[compass]\nrate_hz = 0\n", "x.toml:2: compass.rate_hz: 0 is out of range (1 to 100)"),
        ("[location\n", "x.toml:1:"),
        ("colour = \"green\"\n", "x.toml:1: colour: unknown key"),
        ("[calculation.precautions]\ndusk = 1\n", "x.toml:2: calculation.precautions.dusk: unknown key"),
    ]

    @Test("[calculation.precautions] replaces the method's for the prayers named; the method's rounding stays")
    func precautions() throws {
        let c = try SiteConfig.parse("[calculation]\nmethod = \"jakim\"\n[calculation.precautions]\nsunrise = -2\n",
                                     file: "x.toml")
        #expect(c.parameters.precautions == PrayerAdjustments(sunrise: -2, dhuhr: 64.0 / 60))
        #expect(c.parameters.rounding == .up)
        #expect(c.parameters.fajrAngle == 18)
    }

    @Test("each error class: the file, the line and the key path", arguments: cases.indices)
    func errors(i: Int) {
        let (text, expected) = Self.cases[i]
        do {
            _ = try SiteConfig.parse(text, file: "x.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test("the documented default config is valid and says what the code defaults say")
    func defaultConfig() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("board/mihrab.toml")
        let c = try SiteConfig.load(path: url.path)
        #expect(c.graceSeconds == 120 && c.compassRate == 25 && c.replanDistanceKm == 1)
    }
}

@Suite("outputs")
struct OutputTests {
    @Test("qibla indicator: left, aligned, right within the tolerance; a ring lights the LED nearest the qibla; dark when unreliable")
    func qiblaIndicator() {
        #expect(QiblaIndication.from(offset: -30, usable: true, tolerance: 5, ringSize: 0) == .left)
        #expect(QiblaIndication.from(offset: 4.9, usable: true, tolerance: 5, ringSize: 0) == .aligned)
        #expect(QiblaIndication.from(offset: 12, usable: true, tolerance: 5, ringSize: 0) == .right)
        #expect(QiblaIndication.from(offset: 12, usable: false, tolerance: 5, ringSize: 0) == .dark)
        #expect(QiblaIndication.from(offset: nil, usable: true, tolerance: 5, ringSize: 0) == .dark)
        // Eight LEDs clockwise from the pointing direction, 45 degrees apart.
        #expect(QiblaIndication.from(offset: 0, usable: true, tolerance: 5, ringSize: 8) == .ring(0))
        #expect(QiblaIndication.from(offset: 100, usable: true, tolerance: 5, ringSize: 8) == .ring(2))
        #expect(QiblaIndication.from(offset: -30, usable: true, tolerance: 5, ringSize: 8) == .ring(7))
        #expect(QiblaIndication.from(offset: 180, usable: true, tolerance: 5, ringSize: 8) == .ring(4))
    }

    @Test("patterns: on and off at the right edges, once or repeating")
    func patterns() {
        let once = PatternPlayback([300, 200, 100], start: 10, repeats: false)
        #expect(once.state(at: 9.9) == (false, 10) || once.state(at: 9.9).on == false)
        #expect(once.state(at: 10).on && once.state(at: 10).next == 10.3)
        #expect(!once.state(at: 10.35).on && once.state(at: 10.35).next == 10.5)
        #expect(once.state(at: 10.55).on)
        #expect(!once.state(at: 10.6).on && once.state(at: 10.6).next == nil)
        let beat = StatusCondition.normal.playback
        #expect(beat.state(at: 4.05).on && !beat.state(at: 4.15).on)
        #expect(abs((beat.state(at: 4.15).next ?? 0) - 6.0) < 1e-9)
    }
}

@Suite("assume_synchronized")
struct AssumeSynchronizedTests {
    @Test("with assume_synchronized the alerts do not wait for NTP or GPS")
    func trustedAtOnce() throws {
        let c = try SiteConfig.parse("[time]\nassume_synchronized = true\n", file: "x.toml")
        #expect(c.assumeSynchronized)
        var config = UnitHarness.testConfig()
        config.assumeSynchronized = true
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date, config: config, synchronized: false)
        let fajr = try #require(unit.expectedEvents(on: date).first { $0.kind == .adhan })
        unit.run(untilWall: fajr.time + 5)
        #expect(unit.buzzerStarts.contains { abs($0 - fajr.time) < 0.05 })
    }
}
