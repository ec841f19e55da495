import Compass
import FoundationEssentials
import Glibc
import Geo
import HAL
import Logging
import PrayerTimes
import UnitModel

/// The unit, one pass at a time. `tick()` reads the clock and the inputs, keeps the day's
/// events planned, decides alerts, drives the outputs, and returns the monotonic time at
/// which it next needs to run. Single-threaded and deterministic: the daemon calls it in a
/// loop and sleeps in between; tests call it with a virtual clock and run a day in a second.
///
/// Data flows one way: sensors -> estimators (position, time trust, heading) -> device
/// state (events, current prayer) -> outputs.
public final class UnitCore {

    public internal(set) var config: SiteConfig
    public internal(set) var zone: ZoneRules
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
    /// The lines: LEDs, buzzer, qibla indicator, identify.
    let indicators: Indicators

    // Estimators (the steps; their values are read through the properties below).
    var trust = ClockTrust()
    var place: PositionEstimator
    var compass: CompassEstimator
    var nextCompass = 0.0
    /// The interval planned after the last reading (the filter's step for the next one).
    var compassInterval: Double?
    /// Whether the unit stands still: the compass is then read more slowly.
    var stillness = Stillness()
    /// The compass is read more slowly now (the unit stands still).
    public var compassResting: Bool { stillness.isStill && (compassInterval ?? 0) > 1 / config.compassRate }
    public var latitude: Double { place.latitude }
    public var longitude: Double { place.longitude }
    public var positionSource: StatusReport.PositionSource { place.source }
    public var gpsStatus: StatusReport.GPSState { place.gpsStatus }
    /// Fixes refused because they were not a position on the Earth.
    public var rejectedFixes: Int { place.rejectedFixes }
    public var clockTrusted: Bool { trust.trusted }
    /// What made the clock trusted: "gps", "kernel" (NTP) or "config" (assume_synchronized).
    public var clockTrustedBy: StatusReport.ClockSource? { trust.source }
    public var clockSteps: Int { trust.steps }
    public var heading: Double? { compass.heading }
    public var qiblaOffset: Double? { compass.qiblaOffset }
    public var accuracy: HeadingAccuracy { compass.accuracy }
    /// The qibla's bearing from here (degrees from true north).
    public var qiblaBearing: Double? { compass.qiblaBearing }

    // Device state.
    var plan = DayPlan()
    public var events: [PlannedEvent] { plan.events }
    /// Today's times, and yesterday, today and tomorrow as planned: what the screens show.
    public var today: DaySchedule? { plan.today }
    public var plannedDays: [ScreenInput.Day] { plan.days }
    var replanRequested = true
    /// When the next full pass is due (the compass's passes between run alone).
    var nextFullPass = -Double.infinity
    /// The longest the core sleeps with nothing due: a wall clock step and the kernel's
    /// synchronisation flag are checked this often (a fix, the button and the speaker wake
    /// the loop themselves). Tests lengthen it to see the loop's wakes alone.
    var longestPass = 1.0
    /// The speaker, the buzzer's pattern and the stop button.
    let audio: SoundController
    public internal(set) var fired = 0
    public internal(set) var missed = 0
    public var gpioErrors: Int { indicators.gpioErrors }
    /// Why no events could be planned (nothing will sound): shown, never a quiet "normal".
    public internal(set) var planProblem: String?
    /// The timetable whose end (or start) was logged: a day outside it is logged once, not
    /// at every replan.
    var timetableFallbackLogged: String?
    /// The TV's windows from the plan (`[display]`), made at each replan.
    var displayWindows: [DisplaySchedule.Window] = []
    /// The TV's power as last decided (nil: not yet since the start, or `[display] power = "none"`).
    var display: (on: Bool, reason: StatusReport.Reason, next: Double?)?
    /// Setup mode's address and code, as the admin page's side last gave them (nil: not in it).
    public var setup: SetupView?
    /// The site's urgent message while it holds (`UnitCore+Message`).
    public internal(set) var message: UrgentMessage?

    public init(config: SiteConfig, zone: ZoneRules, hardware: Hardware, clock: DeviceClock, position: PositionInput,
                sync: ClockSyncInput, store: StateStore, calibration: MagnetometerCalibration? = nil,
                recorder: EventRecorder? = nil, logger: Logger = Logger(label: "mihrab")) {
        self.config = config
        self.zone = zone
        hw = hardware
        indicators = Indicators(outputs: hardware.outputs, ring: hardware.ring, recorder: recorder, logger: logger)
        audio = SoundController(speaker: hardware.sound, button: hardware.button, settings: config.sound,
                                patterns: config.patterns, recorder: recorder, logger: logger)
        self.clock = clock
        self.position = position
        self.sync = sync
        self.store = store
        self.calibration = calibration
        self.recorder = recorder
        self.logger = logger
        let place = PositionEstimator(config: config, lastFix: store.state.lastFix)
        self.place = place
        compass = CompassEstimator(pointing: hardware.pointing, calibration: calibration,
                                   field: UnitCore.field(place.latitude, place.longitude, clock.wallNow()),
                                   smoothingSeconds: config.smoothingSeconds)
        for problem in store.problems { logger.warning("\(problem)") }
        restoreMessage()
        for problem in config.sound.problems { logger.error("\(problem)") }
        describeTimetable()
    }

    /// A new configuration (SIGHUP): replanned at the next tick.
    public func reload(_ config: SiteConfig, zone: ZoneRules) {
        let newTable = config.timetable != self.config.timetable
        if config.sound.device != self.config.sound.device || config.sound.keepAwake != self.config.sound.keepAwake {
            logger.warning("sounds.device and sounds.keep_awake take effect at the next start (systemctl restart mihrab); the rest of [sounds] now")
        }
        if config.display.power != self.config.display.power {
            logger.warning("display.power takes effect at the next start (systemctl restart mihrab); the rest of [display] now")
        }
        self.config = config
        self.zone = zone
        (audio.settings, audio.patterns) = (config.sound, config.patterns)
        compass.filter.timeConstant = config.smoothingSeconds
        place.reload(config)
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
        detectClockStep(mono: mono, wall: wall)                  // clock trust: a step replans
        if !news, !replanRequested, mono < nextFullPass, let next = compassPass(mono: mono, wall: wall) { return next }
        readPosition(mono: mono, wall: wall)                     // position (a fix may trust the clock)
        updateTrust(wall: wall)                                  // clock trust: the kernel, the config
        let compassDue = updateCompass(mono: mono)               // compass
        if replanRequested || plan.isOver(wall) { replan(wall: wall) }  // day plan
        readButton(mono: mono, wall: wall)                       // sound: a press stops before this pass's events
        expireMessage(wall: wall)                                // the urgent message: over at its time
        alert(mono: mono, wall: wall)                            // day plan decides; sound sounds what fired
        audio.readSpeaker(mono: mono, wall: wall)                // sound: starts, stops, fallbacks
        audio.startWaitingTest(mono: mono)                       // a test waits for the event's sound
        nextFullPass = drive(mono: mono, wall: wall)             // indicators, and when next to look
        guard let compassDue, compassDue > mono else { return nextFullPass }
        return min(compassDue, nextFullPass)
    }

    /// A pass for the compass alone; nil when a full pass is needed instead: the compass is
    /// not due (what woke the loop?), or a chip was lost or found again (the status LED's
    /// pattern changes at once, as it did when every pass was full).
    func compassPass(mono: Double, wall: Double) -> Double? {
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
        indicators.allOff(wall: t)
        audio.silence(mono: clock.monotonicNow())
        return save()
    }

    // MARK: - Helpers

    static func field(_ lat: Double, _ lon: Double, _ wall: Double) -> MagneticField {
        let date = CivilDate(daysSinceEpoch: Int((wall / 86_400).rounded(.down)))
        return MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0,
                                           decimalYear: decimalYear(year: date.year, dayOfYear: date.dayOfYear))
    }

}
