import HAL
import Logging
import PrayerTimes
import UnitModel

/// The speaker, the buzzer's pattern and the stop button: which event's sound plays, its
/// fallback to the buzzer (no speaker, a device that fails or hangs, an adhan not to be
/// cut), the warm-up before a file sound, the stop press and the long press's test. The
/// loop asks it at each full pass; it never blocks and says when it must next look.
final class SoundController {
    /// Seconds the button is held for the installer's test of the adhan sound, and how long the test plays.
    static let longPress = 3.0
    static let testSeconds = 10.0
    /// Down as the unit starts and held for `resetHold` seconds: the admin password is
    /// removed, setup mode again (no sound test).
    static let resetHold = 10.0
    /// A sound not started this long after it was asked for (a device hung in open or
    /// write): the buzzer sounds instead.
    static let startTimeout = 1.5

    /// The speaker (nil: none; file sounds fall back to the buzzer) and the stop button.
    let speaker: SoundOutput?
    let button: ButtonInput?
    let recorder: EventRecorder?
    var logger: Logger
    /// `[sounds]` and the buzzer's patterns (a reload changes them).
    var settings: SoundSettings
    var patterns: [String: [Int]]

    /// The buzzer's pattern sounding now (nil: the buzzer is off).
    private(set) var buzzer: PatternPlayback?
    /// The event whose sound was last started.
    private(set) var playing: PlannedEvent?
    /// The files of the request playing that have not stopped yet, and whether its first file has started.
    private var pending: [SoundRequest.Item] = []
    private var started = false
    /// The buzzer pattern to sound if that sound fails before it starts.
    private var fallback: [Int]?
    /// Monotonic: the long press's test stops then.
    private(set) var testEnds: Double?
    /// A test asked for while an event sounds: it starts when that ends (`startWaitingTest`),
    /// so an adhan is never cut short for a test.
    private(set) var testWaiting = false
    /// The test is what sounds (its buzzer pattern included), not an event.
    private var testSounding = false
    /// The event the device was last warmed for.
    private var warmedFor: String?
    /// Monotonic: the button is held since then.
    var pressedAt: Double?
    var longPressDone = false
    private var unavailableLogged = false
    var buttonProblemLogged = false
    /// Monotonic: the first look at the button (the unit's start), and a hold from then.
    var firstLook: Double?
    var startHold: Double?
    /// The hold has lasted `resetHold`: the core removes the password (`takeResetDue`).
    var resetDue = false
    /// Monotonic: when the speaker was last asked to play (a start must follow within `startTimeout`).
    private var playAt: Double?

    init(speaker: SoundOutput?, button: ButtonInput?, settings: SoundSettings, patterns: [String: [Int]],
         recorder: EventRecorder?, logger: Logger) {
        (self.speaker, self.button, self.settings, self.patterns) = (speaker, button, settings, patterns)
        (self.recorder, self.logger) = (recorder, logger)
    }

    /// Sounds an event: its file through the speaker, or its buzzer pattern (also when the
    /// speaker is missing: an adhan is never silent).
    func sound(_ e: PlannedEvent, mono: Double) {
        guard e.sounds, !e.muted else { return }
        testSounding = false
        switch settings.source(for: e) {
        case .none:
            return
        case .pattern(let name):
            startBuzzer(patterns[name], mono: mono)
        case .file(let info):
            if e.kind != .adhan, playing?.kind == .adhan, !pending.isEmpty {
                // A reminder, iqamah or sunrise warning never cuts an adhan (or its dua): its pattern on the buzzer.
                logger.notice("\(e.kind.rawValue) \(e.prayer.rawValue) while the \(playing?.prayer.rawValue ?? "") adhan plays: on the buzzer")
                startBuzzer(fallbackPattern(e.kind), mono: mono)
                return
            }
            var items = [SoundRequest.Item(sound: info, event: e.kind.rawValue, prayer: e.prayer.rawValue)]
            if e.kind == .adhan, case .file(let dua)? = settings.sources[.dua] {
                items.append(SoundRequest.Item(sound: dua, purpose: .dua, prayer: e.prayer.rawValue))
            }
            let request = SoundRequest(items: items, volume: settings.volume(for: e.prayer), fadeIn: settings.fadeIn)
            if play(request, fallback: fallbackPattern(e.kind), mono: mono) { playing = e }
        }
    }

    /// Plays through the speaker if it is there; else the fallback pattern on the buzzer.
    /// Returns whether the speaker took it.
    private func play(_ request: SoundRequest, fallback: [Int]?, mono: Double) -> Bool {
        guard let out = speaker else {
            startBuzzer(fallback, mono: mono)  // no speaker (sounds.device = "none"): the buzzer, as configured
            return false
        }
        guard out.isAvailable else {
            if !unavailableLogged {
                unavailableLogged = true
                logger.error("sound device \(out.deviceName) unavailable: the buzzer sounds instead")
            }
            startBuzzer(fallback, mono: mono)
            return false
        }
        if unavailableLogged {
            unavailableLogged = false
            logger.notice("sound device \(out.deviceName) available again")
        }
        out.play(request, now: mono)
        (started, self.fallback, testEnds, playing) = (false, fallback, nil, nil)
        pending = request.items
        playAt = mono
        return true
    }

    /// The buzzer pattern for a kind when its file cannot play: the kind's own pattern, else the adhan's.
    func fallbackPattern(_ kind: SiteConfig.EventKind) -> [Int]? {
        patterns[kind.rawValue] ?? patterns["adhan"] ?? [3000]
    }

    private func startBuzzer(_ durations: [Int]?, mono: Double) {
        guard let durations else { return }
        buzzer = PatternPlayback(durations, start: mono, repeats: false)
    }

    /// Whether the buzzer's line is on now, and when that next changes (nil: never; the
    /// pattern is then over and forgotten).
    func buzzerState(at mono: Double) -> (on: Bool, next: Double?) {
        guard let b = buzzer else { return (false, nil) }
        let s = b.state(at: mono)
        if s.next == nil { buzzer = nil }
        return s
    }

    /// The speaker's starts and stops since the last pass: recorded; a sound that failed
    /// before it started is replaced by the buzzer.
    func readSpeaker(mono: Double, wall: Double) {
        guard let out = speaker else { return }
        for r in out.poll(now: mono) {
            recorder?.sound(r, at: wall - (mono - r.at))
            // Only what was asked last counts: a report from a sound it replaced changes nothing.
            guard let i = pending.firstIndex(of: r.item) else { continue }
            switch (r.kind, r.reason) {
            case (.start, _):
                started = true
            case (.stop, .failed(let why)?):
                logger.error("sound \(r.item.sound.path) (\(r.item.event)): \(why)")
                // Never silent: an adhan cut by a failing device, or a sound that never started, on the buzzer.
                if !r.item.isFor(.dua), let f = fallback {
                    logger.notice("the buzzer sounds instead")
                    startBuzzer(f, mono: mono)
                }
                fallback = nil
                pending = []  // the rest of its request is dropped
            default:
                pending.remove(at: i)
            }
            if pending.isEmpty { playing = nil }
        }
        if !started, let at = playAt, let f = fallback, mono - at >= SoundController.startTimeout {
            logger.error("sound device \(out.deviceName): nothing started \(SoundController.startTimeout) s after it was asked (hung?): the buzzer sounds instead")
            startBuzzer(f, mono: mono)
            fallback = nil
        }
        if let end = testEnds, mono >= end {
            testEnds = nil
            out.stop(now: mono)
        }
    }

    /// Stops the speaker and the buzzer (the stop button, the network's stop).
    func stop(mono: Double) {
        let sounding = speaker != nil && playing != nil || buzzer != nil || testEnds != nil
        speaker?.stop(now: mono)
        buzzer = nil
        (playing, fallback, testEnds, pending, testWaiting, testSounding) = (nil, nil, nil, [], false, false)
        if sounding { logger.notice("stop button: sound stopped") }
    }

    /// Everything off, without a word (shutdown).
    func silence(mono: Double) {
        buzzer = nil
        speaker?.stop(now: mono)
    }

    /// `testSeconds` of the adhan's sound (or its pattern on the buzzer).
    /// Whether an event's sound (through the speaker or on the buzzer) is playing now.
    var eventSounding: Bool { playing != nil || (buzzer != nil && !testSounding) }

    /// A test that waited for an event's sound starts once that has ended (each pass).
    func startWaitingTest(mono: Double) {
        guard testWaiting, !eventSounding else { return }
        testWaiting = false
        playTest(mono: mono)
    }

    /// The test of the sound, now; or, while an event sounds, once it has ended. Whether it
    /// started now.
    @discardableResult
    func playTest(mono: Double) -> Bool {
        if eventSounding {
            if !testWaiting { logger.notice("a test of the adhan sound waits until the \(playing?.kind.rawValue ?? "event's sound") has ended") }
            testWaiting = true
            return false
        }
        testSounding = true
        logger.notice("a test of the adhan sound (\(Int(SoundController.testSeconds)) s)")
        switch settings.sources[.adhan] ?? .none {
        case .file(let info):
            let request = SoundRequest(items: [SoundRequest.Item(sound: info, purpose: .test, prayer: nil)],
                                       volume: settings.volume, fadeIn: settings.fadeIn)
            if play(request, fallback: fallbackPattern(.adhan), mono: mono) { testEnds = mono + SoundController.testSeconds }
        case .pattern(let name):
            startBuzzer(patterns[name], mono: mono)
        case .none:
            startBuzzer(fallbackPattern(.adhan), mono: mono)
        }
        return true
    }

    /// Tells `soon` when the loop must next look (monotonic): the button's next edge, its
    /// long press, and the speaker's own (its next report, the test's end, a start overdue,
    /// the warm-up). Opens the speaker `warmUp` seconds before `coming` (the next event
    /// that plays a file), so a sleeping HDMI sink or amplifier is awake for its first second.
    func wakes(mono: Double, wall: Double, coming: PlannedEvent?, _ soon: (Double?) -> Void) {
        soon(warmSpeaker(mono: mono, wall: wall, coming: coming))
        soon(button?.nextTime)
        // A held stop button becomes a test of the sound (with a speaker or with the buzzer).
        if let p = pressedAt, !longPressDone { soon(p + SoundController.longPress) }
        if let h = startHold { soon(h + SoundController.resetHold) }
    }

    private func warmSpeaker(mono: Double, wall: Double, coming: PlannedEvent?) -> Double? {
        guard let out = speaker else { return nil }
        var due: Double?
        if let t = testEnds { due = min(due ?? t, t) }
        if let t = out.nextReportTime { due = min(due ?? t, t) }
        if !started, fallback != nil, let at = playAt {
            let t = at + SoundController.startTimeout
            due = min(due ?? t, t)
        }
        guard let e = coming else { return due }
        let start = mono + (e.time - wall)
        if start - mono <= settings.warmUp {
            if warmedFor != e.id {
                warmedFor = e.id
                var sound: SoundInfo?
                if case .file(let info) = settings.source(for: e) { sound = info }
                out.keepWarm(until: start + 2, now: mono, for: sound)
            }
            return due
        }
        let warmAt = start - settings.warmUp
        return min(due ?? warmAt, warmAt)
    }

    /// Whether an event plays a file (the warm-up looks for the next one).
    func playsFile(_ e: PlannedEvent) -> Bool {
        guard e.sounds, !e.muted, case .file = settings.source(for: e) else { return false }
        return true
    }
}
