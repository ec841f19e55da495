import HAL
import Logging
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// The sound step alone, against the simulated speaker and a scripted button: no unit, no
/// day, monotonic 0 at wall `wall0`.
@Suite("sound controller")
struct SoundControllerTests {
    static let wall0 = 1_774_000_000.0
    static let date = CivilDate(daysSinceEpoch: 20_541)

    static func controller(speaker: SoundOutput?, button: ButtonInput? = nil) -> SoundController {
        SoundController(speaker: speaker, button: button, settings: SoundDayTests.config().sound,
                        patterns: UnitHarness.testConfig().patterns, recorder: nil, logger: Logger(label: "test"))
    }

    /// An event `at` seconds of monotonic time from the start.
    static func event(_ kind: SiteConfig.EventKind, _ prayer: Prayer = .dhuhr, at: Double) -> PlannedEvent {
        PlannedEvent(kind: kind, prayer: prayer, time: wall0 + at, date: date, index: 0, sounds: true, muted: false)
    }

    @Test("a press 10 s into an adhan stops it at once, is told once, and the dua does not follow")
    func stopDuringAdhan() {
        let speaker = SimulatedSound()
        let button = ScriptedButton(presses: [(at: 10, held: 0.2)])
        let c = Self.controller(speaker: speaker, button: button)
        c.sound(Self.event(.adhan, at: 0), mono: 0)
        c.readSpeaker(mono: 0, wall: Self.wall0)
        #expect(c.playing?.kind == .adhan)
        #expect(c.readButton(mono: 10, wall: Self.wall0 + 10) == [Self.wall0 + 10])
        #expect(c.readButton(mono: 10.2, wall: Self.wall0 + 10.2).isEmpty)  // the release is no press
        c.readSpeaker(mono: 400, wall: Self.wall0 + 400)
        #expect(speaker.played.map(\.item.event) == ["adhan"])
        #expect(speaker.played.first?.stop == 10)
        #expect(speaker.played.first?.reason == .stopped)
        #expect(c.playing == nil)
        #expect(c.buzzerState(at: 10).on == false)
    }

    @Test("held 3 s, the button plays 10 s of the adhan's sound as a test, then stops it")
    func longPress() {
        let speaker = SimulatedSound()
        let c = Self.controller(speaker: speaker, button: ScriptedButton(presses: [(at: 5, held: 4)]))
        _ = c.readButton(mono: 5, wall: Self.wall0 + 5)
        var wake: [Double] = []
        c.wakes(mono: 5, wall: Self.wall0 + 5, coming: nil) { if let t = $0 { wake.append(t) } }
        #expect(wake.contains(5 + SoundController.longPress))
        _ = c.readButton(mono: 7.9, wall: Self.wall0 + 7.9)
        #expect(speaker.played.isEmpty)
        _ = c.readButton(mono: 8, wall: Self.wall0 + 8)
        #expect(speaker.played.map(\.item.event) == ["test"])
        #expect(c.testEnds == 18)
        c.readSpeaker(mono: 18, wall: Self.wall0 + 18)
        #expect(speaker.played.first?.stop == 18)
    }

    @Test("a test asked for during the adhan waits until the adhan and its dua have ended, then plays its 10 s")
    func testWaitsForTheAdhan() throws {
        let speaker = SimulatedSound()
        let c = Self.controller(speaker: speaker)
        c.sound(Self.event(.adhan, at: 0), mono: 0)
        c.readSpeaker(mono: 0, wall: Self.wall0)
        #expect(c.playTest(mono: 5.2) == false)
        var t = 5.2
        while t < 900, !speaker.played.contains(where: { $0.item.event == "test" }) {
            c.readSpeaker(mono: t, wall: Self.wall0 + t)
            c.startWaitingTest(mono: t)
            t += 0.5
        }
        let adhan = try #require(speaker.played.first)
        #expect(adhan.item.event == "adhan" && adhan.reason == .ended, "the adhan played to its end: \(adhan)")
        let test = try #require(speaker.played.first { $0.item.event == "test" })
        let before = speaker.played.filter { $0.item.event != "test" }
        #expect(before.allSatisfy { ($0.stop ?? .infinity) <= test.start }, "the test began after every sound of the adhan: \(speaker.played)")
        #expect(c.testEnds == test.start + SoundController.testSeconds)
    }

    @Test("the speaker is warmed `warmUp` seconds before a file sound, once, and the loop is woken for it")
    func warmUp() {
        let speaker = SimulatedSound()
        let c = Self.controller(speaker: speaker)
        let adhan = Self.event(.adhan, at: 100)
        var wake: [Double] = []
        c.wakes(mono: 0, wall: Self.wall0, coming: adhan) { if let t = $0 { wake.append(t) } }
        #expect(wake == [100 - c.settings.warmUp])
        #expect(speaker.warmed.isEmpty)
        c.wakes(mono: 95, wall: Self.wall0 + 95, coming: adhan) { _ in }
        c.wakes(mono: 96, wall: Self.wall0 + 96, coming: adhan) { _ in }
        #expect(speaker.warmed.map(\.asked) == [95])
        #expect(speaker.warmed.map(\.until) == [102])
    }

    @Test("no speaker, or one unavailable: the adhan sounds the buzzer's adhan pattern instead")
    func buzzerFallback() {
        let unavailable = SimulatedSound()
        unavailable.isAvailable = false
        for speaker in [nil, unavailable] as [SimulatedSound?] {
            let c = Self.controller(speaker: speaker)
            c.sound(Self.event(.adhan, at: 0), mono: 50)
            let s = c.buzzerState(at: 50)
            #expect(s.on)
            #expect(s.next == 53)  // the test config's adhan pattern: 3000 ms
            #expect(c.playing == nil)
            #expect(c.buzzerState(at: 53).on == false)
            #expect(c.buzzer == nil)
        }
        #expect(unavailable.played.isEmpty)
    }

    @Test("a device that takes the adhan and never starts it: the buzzer 1.5 s later")
    func hungDevice() {
        let speaker = SimulatedSound()
        speaker.hangs = true
        let c = Self.controller(speaker: speaker)
        c.sound(Self.event(.adhan, at: 0), mono: 0)
        c.readSpeaker(mono: 1.4, wall: Self.wall0 + 1.4)
        #expect(c.buzzerState(at: 1.4).on == false)
        c.readSpeaker(mono: 1.5, wall: Self.wall0 + 1.5)
        #expect(c.buzzerState(at: 1.5).on)
    }
}
