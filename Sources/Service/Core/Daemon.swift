import CClock
import FoundationEssentials
import Glibc
import Platform
import HAL
import Logging
import PrayerTimes
import Synchronization
import UnitModel

/// The daemon around the core, on a thread of its own: ticks the core, sleeps to the next
/// time the core asks for (one futex wait, no thread hand-off), handles signals (their
/// handlers wake the sleep; SIGTERM/SIGINT: outputs off, state flushed, exit 0; SIGHUP: reload), tells systemd it is ready
/// and alive, publishes a snapshot of the unit once a second and whenever something happened
/// (every output reads it on its own thread; status.json is one of them), and, in the
/// simulation, drives the virtual clock at a speed (very large: as fast as the machine can go).
/// Swift concurrency (gpsd, the screen's server) stays off this thread.
public final class Daemon: @unchecked Sendable {
    // @unchecked: the flags are atomics and the waker is Sendable; everything else is used
    // from the loop's thread only.
    public struct Options {
        public var statusPath: String?
        public var speed: Double?  // simulation only
        public var until: Double?  // wall time to stop at (simulation)
        /// Where the loop publishes its snapshots: every output (the screens, the displays,
        /// MQTT, the live view, a relay) subscribes to it; status.json is the daemon's own.
        public var hub = SnapshotHub()
        public var reload: (() -> Result<(SiteConfig, ZoneRules), ConfigError>)?
        /// Ends the loop's sleep when another thread has news (the stop button, the speaker,
        /// a fix); the daemon makes its own when none is given.
        public var waker: LoopWaker?
        /// Real seconds between the status file, systemd's status and the view (at most the
        /// watchdog's half-interval when systemd asks for one).
        public var housekeeping = 1.0
        /// Real seconds after the start at which the code pages that only start-up ran (the
        /// executable's and its libraries') are given back (`StartupCode.release`); nil: never (tests, short commands).
        public var releaseStartupCodeAfter: Double?
        public init() {}
    }

    let core: UnitCore
    let clock: DeviceClock
    let virtual: (any VirtualTimeControl)?
    var options: Options
    let notify = SystemdNotify()
    let logger: Logger
    let waker: LoopWaker
    private let stopFlag = Atomic<Bool>(false)
    private let reloadFlag = Atomic<Bool>(false)
    private let commands = Mutex<[(RemoteCommand, String)]>([])
    /// The urgent messages asked for (with their ids), taken with the commands.
    private let messages = Mutex<[(MessageRequest, String)]>([])
    private let commandsPending = Atomic<Bool>(false)  // read every pass without the lock
    /// Setup mode's address and code from the admin page's side, taken on the loop's next pass.
    private let setupShown = Mutex<SetupView??>(nil)
    private let setupPending = Atomic<Bool>(false)
    private let statusWriter: StatusWriter?
    private(set) var stats = LoopStats()
    let started = monotonicSeconds()
    /// The snapshots' state, on the loop's thread only (Daemon+Snapshot).
    var published = Published()

    public init(core: UnitCore, clock: DeviceClock, virtual: (any VirtualTimeControl)? = nil, options: Options,
                logger: Logger) {
        self.core = core
        self.clock = clock
        self.virtual = virtual
        self.options = options
        self.logger = logger
        waker = options.waker ?? LoopWaker()
        statusWriter = options.statusPath.map { StatusWriter(path: $0, hub: options.hub, logger: logger) }
        if let statusWriter { options.hub.subscribe(statusWriter) }
        // The core's events go into the next snapshot (called on the loop's thread).
        let before = core.onEvent
        core.onEvent = { [weak self] e in
            before?(e)
            self?.collect(e)
        }
    }

    /// From any thread: the loop stops at once (outputs off, state saved).
    public func stop() {
        stopFlag.store(true, ordering: .relaxed)
        waker.wake()
    }

    /// From any thread: the loop reloads the configuration at once.
    public func requestReload() {
        reloadFlag.store(true, ordering: .relaxed)
        waker.wake()
    }

    /// From any thread: a command from the network (with its id), run on the loop's next pass.
    public func perform(_ command: RemoteCommand, id: String) {
        commands.withLock { $0.append((command, id)) }
        commandsPending.store(true, ordering: .releasing)
        waker.wake()
    }

    /// From any thread: the site's urgent message to show (or clear), on the loop's next pass:
    /// every screen has it in the snapshot made then.
    public func showMessage(_ request: MessageRequest, id: String) {
        messages.withLock { $0.append((request, id)) }
        commandsPending.store(true, ordering: .releasing)
        waker.wake()
    }

    /// From any thread: what the screens show of setup mode (nil: not in it), in the next snapshot.
    public func showSetup(_ view: SetupView?) {
        setupShown.withLock { $0 = .some(view) }
        setupPending.store(true, ordering: .releasing)
        waker.wake()
    }

    private func runCommands() {
        let (pending, asked) = commands.withLock { q in
            defer { q.removeAll() }
            commandsPending.store(false, ordering: .relaxed)
            return (q, messages.withLock { m in defer { m.removeAll() }; return m })
        }
        for (request, id) in asked {
            let answer = core.showMessage(request, id: id)
            collect(UnitEvent(type: .command, at: UnitEvent.at(clock), id: id, command: "message", result: answer,
                              message: request.text.isEmpty ? nil : request.text, by: request.by))
        }
        for (command, id) in pending {
            let answer = core.perform(command)
            if command == .reload { reloadFlag.store(true, ordering: .relaxed) }
            collect(UnitEvent(type: .command, at: UnitEvent.at(clock), id: id, command: command.rawValue, result: answer))
        }
    }

    static let signals = [SIGTERM, SIGINT, SIGHUP]

    /// Signals caught since the last pass, as flags: SIGHUP reloads, SIGTERM and SIGINT stop.
    private func takeSignals() {
        let caught = waker.takeSignals()
        guard caught != 0 else { return }
        if caught & (1 << UInt32(SIGHUP)) != 0 { reloadFlag.store(true, ordering: .relaxed) }
        if caught & (1 << UInt32(SIGTERM) | 1 << UInt32(SIGINT)) != 0 { stopFlag.store(true, ordering: .relaxed) }
    }

    /// Runs the loop on a thread of its own until stopped (or `until`); returns the exit status.
    public func run() async -> Int32 {
        // The handlers wake the loop's sleep directly (no thread hand-off); they go with the loop.
        do { try waker.catchSignals(Daemon.signals) } catch {
            logger.error("cannot catch SIGTERM, SIGINT and SIGHUP (\(error)): systemd's stop will kill the unit")
        }
        defer { waker.releaseSignals(Daemon.signals) }
        return await withCheckedContinuation { (c: CheckedContinuation<Int32, Never>) in
            startThread { [self] in
                mihrab_loop_thread("mihrab-loop")  // named, timer slack 1 us
                c.resume(returning: loop())
            }
        }
    }

    /// The loop itself, on the calling thread.
    func loop() -> Int32 {
        let interval = SystemdNotify.watchdogInterval().map { min(options.housekeeping, $0) } ?? options.housekeeping
        let watchdog = SystemdNotify.watchdogInterval() != nil
        var nextHousekeeping = -Double.infinity  // real monotonic seconds
        var firstTick = true
        var lastStatus = ""
        let realStart = Date()
        var virtualAnchor = virtual.map { ($0.monotonicNow(), monotonicSeconds()) }
        core.recorder?.startReal(at: virtualAnchor?.1 ?? monotonicSeconds())
        var news = false  // woken by another thread: the core looks at everything
        while true {
            takeSignals()
            if stopFlag.load(ordering: .relaxed) { break }
            if commandsPending.load(ordering: .acquiring) {
                runCommands()
                news = true  // the core looks at everything: a stop or a blink shows at once
            }
            if setupPending.exchange(false, ordering: .acquiring), let v = setupShown.withLock({ $0 }) {
                core.setup = v
                news = true
                published.eventsWaiting = true  // shown at once, not at the next second
            }
            if reloadFlag.exchange(false, ordering: .relaxed) { reload() }
            var next = core.tick(news: news)
            news = false
            let wall = clock.wallNow()
            if firstTick {
                firstTick = false
                notify?.send("READY=1")
                logger.notice("running; first update \(Int(Date().timeIntervalSince(realStart) * 1000)) ms after start")
            }
            // Once a second of real (monotonic: a wall clock set back must not starve the
            // watchdog) time: systemd's status and watchdog, and a snapshot for every output.
            let real = monotonicSeconds()
            let periodic = real >= nextHousekeeping
            if periodic {
                nextHousekeeping = real + interval
                if watchdog { notify?.send("WATCHDOG=1") }
                let status = "\(core.statusCondition.rawValue); next: \(core.nextEvent(after: wall).map { "\($0.kind.rawValue) \($0.prayer.rawValue)" } ?? "none")"
                if status != lastStatus {
                    notify?.send("STATUS=" + status)
                    lastStatus = status
                }
                if let after = options.releaseStartupCodeAfter, real - started >= after {
                    options.releaseStartupCodeAfter = nil
                    let released = StartupCode.release()  // not inside the log call: its message is only made when logged
                    logger.debug("start-up code given back: \(released / 1024) kB of read-only mappings")
                }
            }
            // Between the rounds, at once when something happened: an event, an answer, a phase.
            if periodic || published.eventsWaiting || published.nextChange.map({ wall >= $0 }) == true {
                publish(wall: wall, periodic: periodic)
            }
            if let change = published.changeMonotonic { next = min(next, change) }
            if let until = options.until, wall >= until { break }
            // The real monotonic deadline of the next pass.
            let deadline: Double
            if let v = virtual {
                var target = next
                if let until = options.until { target = min(target, until - (wall - v.monotonicNow())) }
                let speed = options.speed ?? 1
                if speed >= 1e6 {
                    v.advance(to: target)  // as fast as the machine goes: no sleep
                    continue
                }
                guard let (m0, r0) = virtualAnchor else { break }
                deadline = min(r0 + (target - m0) / speed, nextHousekeeping)
                news = sleep(until: deadline)
                v.advance(to: min(m0 + (monotonicSeconds() - r0) * speed, target))
                if v.monotonicNow() - m0 > 3600 { virtualAnchor = (v.monotonicNow(), monotonicSeconds()) }  // precision
            } else {
                let now = monotonicSeconds()
                deadline = min(now + (next - clock.monotonicNow()), nextHousekeeping)
                news = sleep(until: deadline)
            }
        }
        notify?.send("STOPPING=1")
        let saved = core.shutdown()
        let late = options.hub.finish(snapshot(wall: clock.wallNow(), periodic: true))
        if !late.isEmpty { logger.warning("outputs still busy at the stop: \(late.joined(separator: ", "))") }
        if saved {
            logger.notice("stopped: outputs off, state saved")
        } else {
            logger.error("stopped: outputs off; the state file could not be written (\(core.store.saveFailure ?? "unknown error"))")
        }
        return 0
    }

    /// Sleeps toward a real monotonic deadline; counts how late the pass after it starts.
    /// Returns whether another thread woke it.
    private func sleep(until deadline: Double) -> Bool {
        guard deadline > monotonicSeconds() else {
            stats.recordOverrun()
            return false
        }
        if waker.sleep(untilMonotonic: deadline) {
            stats.recordEarly()
            return true
        }
        stats.recordTimed(lateness: monotonicSeconds() - deadline)
        return false
    }

    private func reload() {
        guard let reload = options.reload else { return }
        notify?.send("RELOADING=1")
        switch reload() {
        case .success(let (config, zone)): core.reload(config, zone: zone)
        case .failure(let e):
            logger.error("new configuration refused, the old one keeps running: \(e)")
            for line in e.details { logger.error("\(line)") }
        }
        notify?.send("READY=1")
    }

    /// The loop's own figures, for the status.
    func loopFigures() -> StatusReport.Loop {
        func us(_ s: Double?) -> Double? { s.map { ($0 * 1e7).rounded() / 10 } }
        return .init(passes: stats.timedWakes + stats.earlyWakes + stats.overruns, earlyWakes: stats.earlyWakes,
                     overruns: stats.overruns, lateMedianMicroseconds: us(stats.percentile(0.5)),
                     lateP99Microseconds: us(stats.percentile(0.99)), lateMaxMicroseconds: us(stats.timedWakes > 0 ? stats.maxLateness : nil),
                     cpuSeconds: Daemon.processCPUSeconds(), uptimeSeconds: monotonicSeconds() - started)
    }

    /// User and system CPU time of the whole process, every thread that ever ran (getrusage).
    static func processCPUSeconds() -> Double {
        var u = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &u) == 0 else { return 0 }
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }
}

/// What the daemon needs of a virtual clock (the simulation's).
public protocol VirtualTimeControl: AnyObject, Sendable {
    func monotonicNow() -> Double
    func advance(to t: Double)
}
