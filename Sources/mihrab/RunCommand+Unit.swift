import Assembly
import FoundationEssentials
import Glibc
import HAL
import LinuxHAL
import Logging
import Platform
import PrayerTimes
import Service
import Simulation
import UnitModel

/// What `mihrab run` drives, from the board's assembly: the core, its clock, the loop's
/// options, the relays' lines and the displays' bus.
struct RunUnit {
    let core: UnitCore
    let clock: DeviceClock
    let virtual: VirtualClock?
    var options: Daemon.Options
    let outputLines: [String: any DigitalOutput]
    let displayBus: I2CBus?
}

extension RunCommand {
    /// Real seconds after which the daemon's start-up is over (the servers listen, the displays
    /// and chips are set up): the executable's code pages only it ran are given back then.
    static let startupSeconds = 10.0

    /// The state directory: on a simulated board a fresh one per run (the same simulated day
    /// run twice sounds twice) unless given; on a real one the config's.
    func stateDirectory(_ own: SiteConfig, simulated: Bool) throws -> String {
        let dir = try stateDir ?? (simulated ? RunCommand.freshDirectory() : own.stateDirectory)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The simulated board: everything simulated (chips, GNSS, GPIO, the clock).
    func simulatedRun(_ site: SiteConfig, zone: ZoneRules, board: BoardConfig, directory dir: String, recorder: EventRecorder?,
                       logger: Logger) -> RunUnit {
        let startWall = start.flatMap(RunCommand.parseLocal).map { LocalMinute.instant($0.0, minute: $0.1, zone: zone) }
            ?? Date().timeIntervalSince1970
        let v = VirtualClock(wallStart: startWall)
        let store = StateStore(directory: dir)
        if stateDir != nil {
            RunCommand.describe(store, logger: logger)
        } else {
            logger.notice("simulated unit's state and status in \(dir) (fresh for this run; --state-dir DIR to keep one across runs)")
        }
        let unit = simulatedUnit(site: site, zone: zone, board: board, clock: v, store: store,
                                        calibration: CalibrationStore(directory: dir).calibration, recorder: recorder, logger: logger,
                                        presses: presses(zone: zone, startWall: startWall))
        var options = Daemon.Options()
        options.speed = speed ?? 60
        options.until = until.flatMap(RunCommand.parseLocal).map { LocalMinute.instant($0.0, minute: $0.1, zone: zone) }
        options.statusPath = dir + "/status.json"
        options.releaseStartupCodeAfter = RunCommand.startupSeconds
        return RunUnit(core: unit.core, clock: v, virtual: v, options: options, outputLines: unit.outputLines, displayBus: unit.displayBus)
    }

    /// A real board: its hardware from the assembly, the speaker on its own thread (a missing
    /// device is retried there, the buzzer meanwhile), gpsd, the kernel's clock.
    func realRun(_ site: SiteConfig, zone: ZoneRules, board: BoardConfig, directory dir: String, recorder: EventRecorder?,
                  logger: Logger) throws -> RunUnit {
        let system = SystemClock()
        let waker = LoopWaker()
        var options = Daemon.Options()
        options.waker = waker
        options.releaseStartupCodeAfter = RunCommand.startupSeconds
        let assembler = BoardAssembler(board)
        assembler.awaitDevices(seconds: 30) { logger.notice("\($0)") }
        let assembled: AssembledBoard
        do { assembled = try assembler.real(waker: waker) { logger.warning("\($0)") } } catch { throw CommandError(error) }
        var hw = assembled.hardware
        hw.sound = assembler.speaker(device: site.sound.device, keepAwake: site.sound.keepAwake, waker: waker,
                                     logger: { logger.warning("\($0)") })
        logger.notice(site.sound.device == "none" ? "sound: no speaker (sounds.device = \"none\"): the buzzer sounds every event"
                      : "sound: \(site.sound.device)\(site.sound.keepAwake ? ", kept awake" : "")")
        // systemd makes the runtime directory; by hand, it is made here (status.json, the fallback record).
        let runtime: String? = (try? FileManager.default.createDirectory(atPath: site.runtimeDirectory, withIntermediateDirectories: true))
            .map { site.runtimeDirectory }
        if runtime == nil { logger.warning("runtime directory \(site.runtimeDirectory) cannot be made: no status file") }
        let store = StateStore(directory: dir, fallbackDirectory: runtime)
        let calibration = CalibrationStore(directory: dir)
        for p in calibration.problems { logger.warning("\(p)") }
        let core = UnitCore(config: site, zone: zone, hardware: hw, clock: system,
                            position: BufferedPosition(source: GPSDClient(options: .init()), onEvent: { waker.wake() }),
                            sync: KernelClockSync(),
                            store: store, calibration: calibration.calibration, recorder: recorder, logger: logger)
        options.statusPath = runtime.map { $0 + "/status.json" }
        return RunUnit(core: core, clock: system, virtual: nil, options: options, outputLines: assembled.outputLines, displayBus: assembled.displayBus)
    }

    /// --press and --long-press as (monotonic time on the virtual clock, seconds held).
    func presses(zone: ZoneRules, startWall: Double) -> [(at: Double, held: Double)] {
        func at(_ s: String) -> Double? {
            RunCommand.parseLocalSeconds(s).map { LocalMinute.instant($0.0, minute: $0.1 / 60, zone: zone) + Double($0.1 % 60) - startWall }
        }
        return press.compactMap { at($0).map { ($0, 0.2) } } + longPress.compactMap { at($0).map { ($0, 4.0) } }
    }

    /// A new, empty state directory for one simulated run.
    static func freshDirectory() throws -> String {
        let dir = temporaryDirectory() + "mihrab-simulated-" + UUID().uuidString
        if let problem = makeDirectory(dir, intermediate: false) {
            throw CommandError("cannot make a state directory \(dir): \(problem)", exitCode: .unavailable)
        }
        return dir
    }

    /// One line on what a given state directory already holds: those events will not sound again.
    static func describe(_ store: StateStore, logger: Logger) {
        let ids = store.state.events.keys.sorted()
        guard let first = ids.first, let last = ids.last else {
            logger.notice("state \(store.path): no events decided yet")
            return
        }
        let fired = store.state.events.values.filter { $0.state == .fired }.count
        logger.notice("state \(store.path) already holds \(ids.count) decided events (\(fired) fired, \(ids.count - fired) missed), \(first) to \(last): they will not sound again in this run")
    }
}
