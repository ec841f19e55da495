import Compass
import Drivers
import Foundation
import Geo
import HAL
import Logging
import PrayerTimes

/// The unit, one pass at a time. `tick()` reads the clock and the inputs, keeps the day's
/// events planned, decides alerts, drives the outputs, and returns the monotonic time at
/// which it next needs to run. Single-threaded and deterministic: the daemon calls it in a
/// loop and sleeps in between; tests call it with a virtual clock and run a day in a second.
///
/// Data flows one way: sensors -> estimators (position, time trust, heading) -> device
/// state (events, current prayer) -> outputs.
public final class UnitCore {
    public struct Hardware {
        public var outputs: [BoardConfig.Output: DigitalOutput]
        public var ring: [DigitalOutput]
        public var magnetometer: SensorChannel?
        public var accelerometer: SensorChannel?
        public var magnetometerMounting: Mounting
        public var accelerometerMounting: Mounting
        public var pointing: Vector3
        /// The speaker (nil: none; file sounds fall back to the buzzer) and the stop button.
        public var sound: SoundOutput?
        public var button: ButtonInput?

        public init(outputs: [BoardConfig.Output: DigitalOutput], ring: [DigitalOutput] = [],
                    magnetometer: SensorChannel? = nil, accelerometer: SensorChannel? = nil,
                    magnetometerMounting: Mounting = .identity, accelerometerMounting: Mounting = .identity,
                    pointing: Vector3 = Vector3(1, 0, 0), sound: SoundOutput? = nil, button: ButtonInput? = nil) {
            self.outputs = outputs
            self.ring = ring
            self.magnetometer = magnetometer
            self.accelerometer = accelerometer
            self.magnetometerMounting = magnetometerMounting
            self.accelerometerMounting = accelerometerMounting
            self.pointing = pointing
            self.sound = sound
            self.button = button
        }
    }

    public enum PositionSourceState: String, Sendable { case gps, lastFix = "last-fix", configured }

    public private(set) var config: SiteConfig
    public private(set) var zone: ZoneRules
    let hw: Hardware
    let clock: DeviceClock
    let position: PositionInput
    let sync: ClockSyncInput
    let store: StateStore
    /// The compass calibration (its own file; nil: not calibrated).
    let calibration: MagnetometerCalibration?
    let recorder: EventRecorder?
    var logger: Logger
    /// What happened, for the network (adhan, iqamah, stop pressed, missed); called on the
    /// loop's thread: it must only hand the event on.
    public var onEvent: (@Sendable (UnitEvent) -> Void)?
    /// `identify`: every LED blinks until then (monotonic).
    var identifyUntil: Double?
    var identifyOn: Bool?

    // Estimators.
    public private(set) var latitude: Double
    public private(set) var longitude: Double
    public private(set) var positionSource: PositionSourceState
    public private(set) var gpsStatus = "waiting"
    public private(set) var clockTrusted = false
    /// What made the clock trusted: "gps", "kernel" (NTP) or "config" (assume_synchronized).
    public private(set) var clockTrustedBy: String?
    public private(set) var heading: Double?
    public private(set) var qiblaOffset: Double?
    public private(set) var accuracy: HeadingAccuracy = .unreliable
    private var filter: HeadingFilter
    private var nextCompass = 0.0
    private var field: MagneticField
    /// The qibla's bearing from here (degrees from true north).
    public private(set) var qiblaBearing: Double?

    // Device state.
    public internal(set) var events: [PlannedEvent] = [] {
        // Once per plan rather than every pass (the sound settings are looked up by name).
        didSet { playsFile = events.map(eventPlaysFile) }
    }
    /// Parallel to `events`: already decided (fired or missed), from the state file.
    var decided: [Bool] = []
    /// Parallel to `events`: sounds a file through the speaker (what the speaker warms up for).
    private(set) var playsFile: [Bool] = []
    public private(set) var today: DaySchedule?
    /// Yesterday, today and tomorrow as planned: what the screens show.
    public private(set) var plannedDays: [ScreenInput.Day] = []
    private var plannedDate: CivilDate?
    /// The planned date's local midnights (wall): outside them, it is another day.
    private var dayStart = Double.infinity, dayEnd = -Double.infinity
    private var plannedAt: (Double, Double) = (.nan, .nan)
    private var replanRequested = true
    /// When the next full pass is due (the compass's passes between run alone).
    private var nextFullPass = -Double.infinity
    /// The longest the core sleeps with nothing due: a wall clock step and the kernel's
    /// synchronisation flag are checked this often (a fix, the button and the speaker wake
    /// the loop themselves). Tests lengthen it to see the loop's wakes alone.
    var longestPass = 1.0
    private var lastOffset: Double?
    var buzzer: PatternPlayback?
    var audio = AudioState()
    /// Last value set per output (index: Output's position), and per ring LED.
    private var outputState = [Bool?](repeating: nil, count: BoardConfig.Output.allCases.count)
    /// Which outputs the board has, by `Output.index`: a pattern on a line the board lacks
    /// (a status LED's heartbeat) never wakes the loop.
    private let fitted: [Bool]
    private var ringState: [Bool?] = []
    public private(set) var fired = 0
    public private(set) var missed = 0
    public private(set) var clockSteps = 0
    public private(set) var gpioErrors = 0
    /// Fixes refused because they were not a position on the Earth.
    public private(set) var rejectedFixes = 0
    /// Why no events could be planned (nothing will sound): shown, never a quiet "normal".
    public private(set) var planProblem: String?
    /// The timetable whose end (or start) was logged: a day outside it is logged once, not
    /// at every replan.
    private var timetableFallbackLogged: String?

    public init(config: SiteConfig, zone: ZoneRules, hardware: Hardware, clock: DeviceClock, position: PositionInput,
                sync: ClockSyncInput, store: StateStore, calibration: MagnetometerCalibration? = nil,
                recorder: EventRecorder? = nil, logger: Logger = Logger(label: "mihrab")) {
        self.config = config
        self.zone = zone
        hw = hardware
        fitted = BoardConfig.Output.allCases.map { hardware.outputs[$0] != nil }
        self.clock = clock
        self.position = position
        self.sync = sync
        self.store = store
        self.calibration = calibration
        self.recorder = recorder
        self.logger = logger
        filter = HeadingFilter(timeConstant: config.smoothingSeconds)
        if config.locationSource == .gps, let fix = store.state.lastFix {
            (latitude, longitude, positionSource) = (fix.latitude, fix.longitude, .lastFix)
        } else {
            (latitude, longitude, positionSource) = (config.latitude, config.longitude, .configured)
        }
        field = UnitCore.field(latitude, longitude, clock.wallNow())
        for problem in store.problems { logger.warning("\(problem)") }
        for problem in config.sound.problems { logger.error("\(problem)") }
        describeTimetable()
    }

    private func describeTimetable() {
        guard let t = config.timetable else { return }
        logger.notice("timetable \(t.file): \(t.days.count) days \(t.range), \(t.clock.rawValue) clock times; other days computed (\(config.parameters.method.rawValue))")
    }

    /// Logs, once per table, a planned day (today or tomorrow) that the timetable does not cover.
    private func noteTimetableFallback() {
        guard let t = config.timetable,
              let outside = plannedDays.dropFirst().first(where: { $0.source == .method }) else { return }
        let key = "\(t.file) \(t.range)"
        guard timetableFallbackLogged != key else { return }
        timetableFallbackLogged = key
        logger.warning("\(outside.date) is outside the timetable \(t.file) (\(t.range)): its times are computed with the \(config.parameters.method.rawValue) method")
    }

    /// A new configuration (SIGHUP): replanned at the next tick.
    public func reload(_ config: SiteConfig, zone: ZoneRules) {
        let newTable = config.timetable != self.config.timetable
        if config.sound.device != self.config.sound.device || config.sound.keepAwake != self.config.sound.keepAwake {
            logger.warning("sounds.device and sounds.keep_awake take effect at the next start (systemctl restart mihrab); the rest of [sounds] now")
        }
        self.config = config
        self.zone = zone
        filter.timeConstant = config.smoothingSeconds
        // A fixed position, or the configured fallback while there is no fix, follows the file.
        if config.locationSource == .fixed || positionSource == .configured {
            (latitude, longitude, positionSource) = (config.latitude, config.longitude, .configured)
        }
        replanRequested = true
        logger.notice("configuration reloaded")
        if newTable {
            timetableFallbackLogged = nil
            describeTimetable()
        }
    }

    /// One pass of the loop; returns the monotonic time of the next pass. Between the full
    /// passes (at least once a second, and whenever something is due), a pass when only the
    /// compass is due reads it and sets the qibla LEDs, nothing else: 25 times a second, that
    /// is most of the passes. `news`: another thread woke the loop (the stop button, a fix,
    /// the speaker): a full pass, whatever is due.
    public func tick(news: Bool = false) -> Double {
        let mono = clock.monotonicNow()
        let wall = clock.wallNow()
        detectClockStep(mono: mono, wall: wall)
        if !news, !replanRequested, mono < nextFullPass, let next = compassPass(mono: mono, wall: wall) { return next }
        readPosition(mono: mono, wall: wall)
        updateTrust(wall: wall)
        let compassDue = updateCompass(mono: mono)
        if replanRequested || wall < dayStart || wall >= dayEnd { replan(wall: wall) }
        readButton(mono: mono, wall: wall)
        alert(mono: mono, wall: wall)
        readSound(mono: mono, wall: wall)
        nextFullPass = drive(mono: mono, wall: wall)
        guard let compassDue, compassDue > mono else { return nextFullPass }
        return min(compassDue, nextFullPass)
    }

    /// A pass for the compass alone; nil when a full pass is needed instead: the compass is
    /// not due (what woke the loop?), or a chip was lost or found again (the status LED's
    /// pattern changes at once, as it did when every pass was full).
    private func compassPass(mono: Double, wall: Double) -> Double? {
        guard let mag = hw.magnetometer, let acc = hw.accelerometer, mono >= nextCompass else { return nil }
        let lost = (mag.isLost, acc.isLost)
        guard let due = updateCompass(mono: mono), (mag.isLost, acc.isLost) == lost else { return nil }
        driveQibla(wall: wall)
        return due > mono ? min(due, nextFullPass) : nil
    }

    /// Outputs off, state flushed (SIGTERM). Returns whether the state reached its file.
    @discardableResult
    public func shutdown() -> Bool {
        let t = clock.wallNow()
        for key in BoardConfig.Output.allCases { apply(key, false, t) }
        for i in hw.ring.indices { setRing(i, false, t) }
        buzzer = nil
        hw.sound?.stop(now: clock.monotonicNow())
        return save()
    }

    // MARK: - Estimators

    private func detectClockStep(mono: Double, wall: Double) {
        let offset = wall - mono
        defer { lastOffset = offset }
        guard let last = lastOffset, abs(offset - last) > 1 else { return }
        clockSteps += 1
        logger.warning("wall clock stepped by \(String(format: "%+.1f", offset - last)) s: replanning")
        replanRequested = true
    }

    private func readPosition(mono: Double, wall: Double) {
        for event in position.poll(now: mono) {
            switch event {
            case .status(let s):
                gpsStatus = UnitCore.describe(s)
                if positionSource == .gps { positionSource = store.state.lastFix == nil ? .configured : .lastFix }
            case .rejected(let why):
                rejectFix(why)
            case .fix(let f):
                guard UnitState.Fix.isValid(latitude: f.latitude, longitude: f.longitude) else {
                    rejectFix("GNSS fix \(f.latitude), \(f.longitude) is not a position (latitude -90 to 90, longitude -180 to 180)")
                    continue
                }
                gpsStatus = f.mode == .threeD ? "3d-fix" : "2d-fix"
                if let t = f.time, abs(t - wall) <= 2, !clockTrusted {
                    (clockTrusted, clockTrustedBy) = (true, "gps")
                    logger.notice("clock trusted: GPS time agrees within 2 s")
                }
                guard config.locationSource == .gps else { continue }
                positionSource = .gps
                let moved = UnitCore.distanceKm(latitude, longitude, f.latitude, f.longitude)
                latitude = f.latitude
                longitude = f.longitude
                if moved > config.replanDistanceKm || store.state.lastFix == nil {
                    store.update { $0.lastFix = UnitState.Fix(latitude: f.latitude, longitude: f.longitude, time: wall) }
                    save()
                }
                if moved > config.replanDistanceKm { replanRequested = true }
            }
        }
    }

    /// A position refused by the source or here: counted, logged the first time and every
    /// 1000th after (a lying receiver repeats itself every second).
    private func rejectFix(_ why: String) {
        rejectedFixes += 1
        if rejectedFixes == 1 || rejectedFixes % 1000 == 0 {
            logger.error("\(why): ignored (\(rejectedFixes) so far)")
        }
    }

    private func updateTrust(wall: Double) {
        if !clockTrusted, config.assumeSynchronized {
            (clockTrusted, clockTrustedBy) = (true, "config")
            logger.notice("clock trusted: the configuration says so (assume_synchronized)")
        }
        if !clockTrusted, sync.kernelSynchronized() {
            (clockTrusted, clockTrustedBy) = (true, "kernel")
            logger.notice("clock trusted: the kernel reports it synchronised")
        }
    }

    /// Polls the compass chips when due; returns when they are next due (nil: no compass).
    private func updateCompass(mono: Double) -> Double? {
        guard let mag = hw.magnetometer, let acc = hw.accelerometer else { return nil }
        guard mono >= nextCompass else { return nextCompass }
        let period = 1 / config.compassRate
        // The next sample a period on; a pass late by more than that starts afresh from now
        // (not at `mono` itself: the same instant again would read the chips twice).
        nextCompass = nextCompass + period > mono ? nextCompass + period : mono + period
        mag.poll(now: mono)
        acc.poll(now: mono)
        guard mag.isHealthy, acc.isHealthy, let m = mag.latest, let a = acc.latest,
              let mt = mag.latestTime, let at = acc.latestTime, mono - mt < 0.5, mono - at < 0.5 else {
            accuracy = .unreliable
            return nextCompass
        }
        let md = hw.magnetometerMounting.toDevice(Vector3(m.x, m.y, m.z))
        let ad = hw.accelerometerMounting.toDevice(Vector3(a.x, a.y, a.z))
        guard let h = HeadingSolution(accel: ad, mag: calibration?.apply(md) ?? md, pointing: hw.pointing) else {
            accuracy = .unreliable
            return nextCompass
        }
        let smoothed = filter.update(h.trueHeading(declination: field.declination), dt: period)
        heading = smoothed
        qiblaOffset = qiblaBearing.map { Compass.qiblaOffset(qiblaBearing: $0, trueHeading: smoothed) }
        accuracy = HeadingAccuracy.assess(fieldRatio: h.fieldStrength / (field.total / 1000), dipError: h.dip - field.inclination,
                                          gravityRatio: h.accelerationMagnitude / 9.80665, calibrated: calibration != nil)
        return nextCompass
    }

    // MARK: - Device state

    private func replan(wall: Double) {
        replanRequested = false
        let date = LocalTime(unix: wall, zone: zone).date
        plannedDate = date
        dayStart = Planner.localInstant(date, minute: 0, zone: zone)
        dayEnd = Planner.localInstant(date.adding(days: 1), minute: 0, zone: zone)
        plannedAt = (latitude, longitude)
        field = UnitCore.field(latitude, longitude, wall)
        qiblaBearing = (try? Qibla(latitude: latitude, longitude: longitude))?.bearing
        guard let at = Coordinates(latitude: latitude, longitude: longitude, elevation: config.elevation) else {
            let problem = "no prayer times for the position \(latitude), \(longitude) (\(positionSource.rawValue)): nothing will sound"
            if problem != planProblem { logger.critical("\(problem)") }
            planProblem = problem
            events = []
            decided = []
            today = nil
            plannedDays = []
            return
        }
        planProblem = nil
        let calc = PrayerCalculator(parameters: config.parameters)
        plannedDays = (-1...1).map {
            ScreenInput.Day.planned(date.adding(days: $0), at: at, zone: zone, config: config, calculator: calc)
        }
        today = plannedDays[1].schedule
        noteTimetableFallback()
        events = plannedDays.flatMap(\.events).sorted { $0.time < $1.time }
        decided = events.map { store.state.events[$0.id] != nil }
        let trusted = clockTrusted
        store.update { $0.prune(now: wall, trusted: trusted) }
        logger.info("planned \(events.count) events for \(date) at \(String(format: "%.4f, %.4f", latitude, longitude))")
    }

    private func alert(mono: Double, wall: Double) {
        var decisions: [AlertDecision] = []
        for i in events.indices where !decided[i] && events[i].time <= wall {
            guard let action = AlertEngine.action(for: events[i], wallNow: wall, trusted: clockTrusted,
                                                  grace: config.graceSeconds) else { continue }
            decided[i] = true
            decisions.append(AlertDecision(event: events[i], action: action))
        }
        guard !decisions.isEmpty else { return }
        // Write-ahead: remembered before it sounds, so a power cut mid-adhan does not replay it.
        store.update { s in
            for d in decisions { s.events[d.event.id] = .init(state: d.action == .fire ? "fired" : "missed", at: wall) }
        }
        save()
        for d in decisions {
            recorder?.event(d.event, action: d.action, at: wall)
            tell(d.event, action: d.action, wall: wall)
            switch d.action {
            case .fire:
                fired += 1
                logger.notice("\(d.event.kind.rawValue) \(d.event.prayer.rawValue)\(d.event.muted ? " (quiet period: silent)" : "")")
                sound(d.event, mono: mono)
            case .miss:
                missed += 1
                logger.warning("missed \(d.event.kind.rawValue) \(d.event.prayer.rawValue) scheduled \(EventRecorder.iso(d.event.time, zone: zone, millis: false)): more than the grace period passed before it could sound (unit off, clock not trusted, or stepped past it)")
            }
        }
    }

    // MARK: - Outputs

    /// Whether a condition holds now.
    func holds(_ c: StatusCondition) -> Bool {
        switch c {
        case .noPlan: planProblem != nil
        case .sensorFault: (hw.magnetometer?.isLost ?? false) || (hw.accelerometer?.isLost ?? false)
        case .clockUntrusted: !clockTrusted
        case .stateNotPersisted: !store.persisted
        case .compassUncalibrated: hw.magnetometer != nil && calibration == nil
        case .noFix: config.locationSource == .gps && positionSource != .gps
        case .normal: false
        }
    }

    /// Every condition that holds now, the worst first (`allCases` is in that order).
    public var conditions: [StatusCondition] { StatusCondition.allCases.filter(holds) }

    /// The worst condition: what the status LED shows (every tick, so without allocating).
    public var statusCondition: StatusCondition { StatusCondition.allCases.first(where: holds) ?? .normal }

    /// Sets every output for this moment; returns the next time anything must run.
    private func drive(mono: Double, wall: Double) -> Double {
        var next = mono + longestPass  // at least once a second: clock steps, trust
        func soon(_ t: Double?) { if let t, t > mono { next = min(next, t) } }
        soon(warmSpeaker(mono: mono, wall: wall))
        soon(hw.button?.nextTime)
        // A held stop button becomes a test of the sound (with a speaker or with the buzzer).
        if let p = audio.pressedAt, !audio.longPressDone { soon(p + UnitCore.longPress) }
        soon(position.nextTime)

        soon(identifyPhase(mono: mono))
        let status = statusCondition.playback.state(at: mono)
        apply(.status, status.on, wall)
        if fitted[BoardConfig.Output.status.index] { soon(status.next) }

        if let b = buzzer {
            let s = b.state(at: mono)
            apply(.buzzer, s.on, wall)
            if s.next == nil { buzzer = nil }
            soon(s.next)
        } else {
            apply(.buzzer, false, wall)
        }

        // Prayer LEDs: the current prayer lit, the next one blinking in its last minutes.
        let (current, upcoming) = prayerWindow(wall: wall)
        let blink = StatusCondition.prayerBlink.state(at: mono)
        for (prayer, output) in UnitCore.prayerOutputs {
            var on = prayer == current?.0
            if let u = upcoming, u.0 == prayer, u.1 - wall <= Double(config.nextPrayerBlinkMinutes) * 60 {
                on = blink.on
                if fitted[output.index] { soon(blink.next) }
            }
            apply(output, on, wall)
        }
        if let u = upcoming { soon(mono + (u.1 - wall) - Double(config.nextPrayerBlinkMinutes) * 60) }
        if let c = current?.2 { soon(mono + (c - wall)) }  // the current prayer's end

        driveQibla(wall: wall)

        // The next undecided event, and local midnight.
        let offset = wall - mono
        if let i = events.indices.first(where: { !decided[$0] && events[$0].time > wall }) { soon(events[i].time - offset) }
        soon(dayEnd - offset)
        return next
    }

    /// The qibla indicator: left, aligned, right, or a ring's LED.
    private func driveQibla(wall: Double) {
        let indication = QiblaIndication.from(offset: qiblaOffset, usable: accuracy != .unreliable,
                                              tolerance: config.alignedToleranceDegrees, ringSize: hw.ring.count)
        apply(.qiblaLeft, indication == .left, wall)
        apply(.qiblaAligned, indication == .aligned, wall)
        apply(.qiblaRight, indication == .right, wall)
        for i in hw.ring.indices { setRing(i, indication == .ring(i), wall) }
    }

    /// Each prayer's LED, looked up once (not by name every pass).
    static let prayerOutputs: [(Prayer, BoardConfig.Output)] = SiteConfig.prayers.compactMap { p in
        BoardConfig.Output(rawValue: p.rawValue).map { (p, $0) }
    }

    /// The current prayer (with when it ends) and the next one, from the day's times.
    func prayerWindow(wall: Double) -> (current: (Prayer, Double, Double)?, next: (Prayer, Double)?) {
        guard let s = today else { return (nil, nil) }
        let starts: [(Prayer, Double)] = [(.fajr, s.fajr), (.dhuhr, s.dhuhr), (.asr, s.asr), (.maghrib, s.maghrib), (.isha, s.isha)]
        var current: (Prayer, Double, Double)?
        for (i, (p, t)) in starts.enumerated() where t <= wall {
            let end = p == .fajr ? s.sunrise : (i + 1 < starts.count ? starts[i + 1].1 : s.isha + 86_400)
            if wall < end { current = (p, t, end) }
        }
        // Before today's Fajr, yesterday's Isha is still the current prayer.
        if current == nil, wall < s.fajr { current = (.isha, s.fajr - 86_400, s.fajr) }
        let next = starts.first { $0.1 > wall }
        return (current, next)
    }

    private func apply(_ output: BoardConfig.Output, _ on: Bool, _ wall: Double) {
        let on = output == .buzzer ? on : identifyOn ?? on
        let i = output.index
        guard outputState[i] != on, let out = hw.outputs[output] else { return }
        if set(out, on) {
            outputState[i] = on
            recorder?.output(output.rawValue, on: on, at: wall)
        }
    }

    private func setRing(_ i: Int, _ on: Bool, _ wall: Double) {
        let on = identifyOn ?? on
        if ringState.count != hw.ring.count { ringState = [Bool?](repeating: nil, count: hw.ring.count) }
        guard ringState[i] != on else { return }
        if set(hw.ring[i], on) {
            ringState[i] = on
            recorder?.output("qibla_ring_\(i)", on: on, at: wall)
        }
    }

    /// Sets a line; a GPIO error is counted and logged (rate-limited), never fatal.
    private func set(_ out: DigitalOutput, _ on: Bool) -> Bool {
        do {
            try out.set(on)
            return true
        } catch {
            gpioErrors += 1
            if gpioErrors <= 10 || gpioErrors % 1000 == 0 { logger.error("\(error)") }
            return false
        }
    }

    /// Saves the state; a failure is logged when it starts and when it ends (not every save).
    @discardableResult
    private func save() -> Bool {
        let was = store.persisted
        do {
            try store.save()
            if !was { logger.notice("state file \(store.path) written again") }
            return true
        } catch {
            if was {
                logger.error("cannot write the state file: \(error); decisions kept in memory\(store.fallbackPath.map { " and in \($0)" } ?? ""), alerts still sound")
            }
            return false
        }
    }

    // MARK: - Helpers

    static func field(_ lat: Double, _ lon: Double, _ wall: Double) -> MagneticField {
        let date = CivilDate(daysSinceEpoch: Int((wall / 86_400).rounded(.down)))
        return MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0,
                                           decimalYear: decimalYear(year: date.year, dayOfYear: date.dayOfYear))
    }

    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        guard lat1.isFinite, lon1.isFinite else { return .infinity }
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180, dl = (lon2 - lon1) * .pi / 180
        let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }

    static func describe(_ s: PositionStatus) -> String {
        switch s {
        case .noDaemon: "no-gpsd"
        case .noDevice: "no-device"
        case .noFix: "no-fix"
        case .silent: "silent"
        }
    }
}
