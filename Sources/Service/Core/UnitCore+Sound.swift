import HAL
import PrayerTimes

/// What the loop knows of the speaker and the stop button.
struct AudioState {
    /// The event whose sound was last started, and whether its first file has started.
    var playing: PlannedEvent?
    /// The files of the request playing that have not stopped yet.
    var pending: [SoundRequest.Item] = []
    var started = false
    /// The buzzer pattern to sound if that sound fails before it starts.
    var fallback: [Int]?
    /// Monotonic: the long press's test stops then.
    var testEnds: Double?
    /// The event the device was last warmed for.
    var warmedFor: String?
    /// Monotonic: the button is held since then.
    var pressedAt: Double?
    var longPressDone = false
    var unavailableLogged = false
    var buttonProblemLogged = false
    /// Monotonic: when the speaker was last asked to play (a start must follow within `startTimeout`).
    var playAt: Double?
}

extension UnitCore {
    /// Seconds the button is held for the installer's test of the adhan sound, and how long the test plays.
    static let longPress = 3.0
    static let testSeconds = 10.0
    /// A sound not started this long after it was asked for (a device hung in open or
    /// write): the buzzer sounds instead.
    static let startTimeout = 1.5

    /// Sounds an event: its file through the speaker, or its buzzer pattern (also when the
    /// speaker is missing: an adhan is never silent).
    func sound(_ e: PlannedEvent, mono: Double) {
        guard e.sounds, !e.muted else { return }
        switch config.sound.source(e.kind, prayer: e.prayer) {
        case .none:
            return
        case .pattern(let name):
            startBuzzer(config.patterns[name], mono: mono)
        case .file(let info):
            if e.kind != .adhan, audio.playing?.kind == .adhan, !audio.pending.isEmpty {
                // A reminder, iqamah or sunrise warning never cuts an adhan (or its dua): its pattern on the buzzer.
                logger.notice("\(e.kind.rawValue) \(e.prayer.rawValue) while the \(audio.playing?.prayer.rawValue ?? "") adhan plays: on the buzzer")
                startBuzzer(fallbackPattern(e.kind), mono: mono)
                return
            }
            var items = [SoundRequest.Item(sound: info, event: e.kind.rawValue, prayer: e.prayer.rawValue)]
            if e.kind == .adhan, case .file(let dua)? = config.sound.sources[.dua] {
                items.append(SoundRequest.Item(sound: dua, purpose: .dua, prayer: e.prayer.rawValue))
            }
            let request = SoundRequest(items: items, volume: config.sound.volume(for: e.prayer), fadeIn: config.sound.fadeIn)
            if play(request, fallback: fallbackPattern(e.kind), mono: mono) { audio.playing = e }
        }
    }

    /// Plays through the speaker if it is there; else the fallback pattern on the buzzer.
    /// Returns whether the speaker took it.
    private func play(_ request: SoundRequest, fallback: [Int]?, mono: Double) -> Bool {
        guard let out = hw.sound else {
            startBuzzer(fallback, mono: mono)  // no speaker (sounds.device = "none"): the buzzer, as configured
            return false
        }
        guard out.isAvailable else {
            if !audio.unavailableLogged {
                audio.unavailableLogged = true
                logger.error("sound device \(hw.sound?.deviceName ?? "(none)") unavailable: the buzzer sounds instead")
            }
            startBuzzer(fallback, mono: mono)
            return false
        }
        if audio.unavailableLogged {
            audio.unavailableLogged = false
            logger.notice("sound device \(out.deviceName) available again")
        }
        out.play(request, now: mono)
        (audio.started, audio.fallback, audio.testEnds, audio.playing) = (false, fallback, nil, nil)
        audio.pending = request.items
        audio.playAt = mono
        return true
    }

    /// The buzzer pattern for a kind when its file cannot play: the kind's own pattern, else the adhan's.
    func fallbackPattern(_ kind: SiteConfig.EventKind) -> [Int]? {
        config.patterns[kind.rawValue] ?? config.patterns["adhan"] ?? [3000]
    }

    func startBuzzer(_ durations: [Int]?, mono: Double) {
        guard let durations else { return }
        buzzer = PatternPlayback(durations, start: mono, repeats: false)
    }

    /// The speaker's starts and stops since the last pass: recorded; a sound that failed
    /// before it started is replaced by the buzzer.
    func readSound(mono: Double, wall: Double) {
        guard let out = hw.sound else { return }
        for r in out.poll(now: mono) {
            recorder?.sound(r, at: wall - (mono - r.at))
            // Only what was asked last counts: a report from a sound it replaced changes nothing.
            guard let i = audio.pending.firstIndex(of: r.item) else { continue }
            switch (r.kind, r.reason) {
            case (.start, _):
                audio.started = true
            case (.stop, .failed(let why)?):
                logger.error("sound \(r.item.sound.path) (\(r.item.event)): \(why)")
                // Never silent: an adhan cut by a failing device, or a sound that never started, on the buzzer.
                if !r.item.isFor(.dua), let f = audio.fallback {
                    logger.notice("the buzzer sounds instead")
                    startBuzzer(f, mono: mono)
                }
                audio.fallback = nil
                audio.pending = []  // the rest of its request is dropped
            default:
                audio.pending.remove(at: i)
            }
            if audio.pending.isEmpty { audio.playing = nil }
        }
        if !audio.started, let at = audio.playAt, let f = audio.fallback, mono - at >= UnitCore.startTimeout {
            logger.error("sound device \(out.deviceName): nothing started \(UnitCore.startTimeout) s after it was asked (hung?): the buzzer sounds instead")
            startBuzzer(f, mono: mono)
            audio.fallback = nil
        }
        if let end = audio.testEnds, mono >= end {
            audio.testEnds = nil
            out.stop(now: mono)
        }
    }

    /// The stop button: a press stops the sound and the buzzer; held for `longPress`
    /// seconds, it plays the adhan's sound for `testSeconds` (an installer sets the volume).
    func readButton(mono: Double, wall: Double) {
        guard let b = hw.button else { return }
        if let problem = b.problem, !audio.buttonProblemLogged {
            audio.buttonProblemLogged = true
            logger.error("stop button \(b.name): \(problem); it no longer works until the unit restarts")
        }
        for e in b.poll(now: mono) {
            recorder?.button(pressed: e.pressed, at: wall - (mono - e.at))
            if e.pressed {
                onEvent?(UnitEvent(type: "stop-pressed", at: EventRecorder.iso(wall - (mono - e.at), zone: zone, millis: false)))
                (audio.pressedAt, audio.longPressDone) = (e.at, false)
                stopSound(mono: mono)
            } else {
                audio.pressedAt = nil
            }
        }
        if let p = audio.pressedAt, !audio.longPressDone, mono - p >= UnitCore.longPress {
            audio.longPressDone = true
            playTest(mono: mono)
        }
    }

    func stopSound(mono: Double) {
        let playing = hw.sound != nil && audio.playing != nil || buzzer != nil || audio.testEnds != nil
        hw.sound?.stop(now: mono)
        buzzer = nil
        (audio.playing, audio.fallback, audio.testEnds, audio.pending) = (nil, nil, nil, [])
        if playing { logger.notice("stop button: sound stopped") }
    }

    func playTest(mono: Double) {
        logger.notice("stop button held: a test of the adhan sound (\(Int(UnitCore.testSeconds)) s)")
        switch config.sound.sources[.adhan] ?? .none {
        case .file(let info):
            let request = SoundRequest(items: [SoundRequest.Item(sound: info, purpose: .test, prayer: nil)],
                                       volume: config.sound.volume, fadeIn: config.sound.fadeIn)
            if play(request, fallback: fallbackPattern(.adhan), mono: mono) { audio.testEnds = mono + UnitCore.testSeconds }
        case .pattern(let name):
            startBuzzer(config.patterns[name], mono: mono)
        case .none:
            startBuzzer(fallbackPattern(.adhan), mono: mono)
        }
    }

    /// Opens the speaker `warmUp` seconds before the next sound that plays a file, so a
    /// sleeping HDMI sink or amplifier is awake for its first second. Returns when the
    /// loop must next look (monotonic).
    func warmSpeaker(mono: Double, wall: Double) -> Double? {
        guard let out = hw.sound else { return nil }
        var due: Double?
        if let t = audio.testEnds { due = min(due ?? t, t) }
        if let t = out.nextReportTime { due = min(due ?? t, t) }
        if !audio.started, audio.fallback != nil, let at = audio.playAt {
            let t = at + UnitCore.startTimeout
            due = min(due ?? t, t)
        }
        guard let e = plan.nextFileSound(after: wall) else { return due }
        let start = mono + (e.time - wall)
        if start - mono <= config.sound.warmUp {
            if audio.warmedFor != e.id {
                audio.warmedFor = e.id
                var coming: SoundInfo?
                if case .file(let info) = config.sound.source(e.kind, prayer: e.prayer) { coming = info }
                out.keepWarm(until: start + 2, now: mono, for: coming)
            }
            return due
        }
        let warmAt = start - config.sound.warmUp
        return min(due ?? warmAt, warmAt)
    }

    func eventPlaysFile(_ e: PlannedEvent) -> Bool {
        guard e.sounds, !e.muted, case .file = config.sound.source(e.kind, prayer: e.prayer) else { return false }
        return true
    }
}
