import Dispatch
import Foundation
import HAL
import Logging
import PrayerTimes
import Synchronization

/// The daemon around the core: sleeps until the core's next time, handles signals
/// (SIGTERM/SIGINT: outputs off, state flushed, exit 0; SIGHUP: reload), tells systemd
/// it is ready and alive, writes status.json once a second, and, in the simulation, drives
/// the virtual clock at a speed (very large: as fast as the machine can go).
public final class Daemon: @unchecked Sendable {
    // @unchecked: signal flags are atomics; everything else is used from `run()` only.
    public struct Options {
        public var statusPath: String?
        public var speed: Double?  // simulation only
        public var until: Double?  // wall time to stop at (simulation)
        public var view: ((UnitCore, Double) -> Void)?
        /// Hands the screens what they show (called on the loop's thread; must not block).
        public var publish: (@Sendable (ScreenInput, Double) -> Void)?
        public var reload: (() -> Result<(SiteConfig, ZoneRules), ConfigError>)?
        /// Ends the loop's sleep when the stop button or the speaker has news (real clock only).
        public var waker: LoopWaker?
        public init() {}
    }

    let core: UnitCore
    let clock: DeviceClock
    let virtual: (any VirtualTimeControl)?
    var options: Options
    let notify = SystemdNotify()
    let logger: Logger
    private let stopFlag = Atomic<Bool>(false)
    private let reloadFlag = Atomic<Bool>(false)
    private var sources: [DispatchSourceSignal] = []

    public init(core: UnitCore, clock: DeviceClock, virtual: (any VirtualTimeControl)? = nil, options: Options,
                logger: Logger) {
        self.core = core
        self.clock = clock
        self.virtual = virtual
        self.options = options
        self.logger = logger
    }

    public func stop() { stopFlag.store(true, ordering: .relaxed) }

    private func watchSignals() {
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { [self] in
                if sig == SIGHUP { reloadFlag.store(true, ordering: .relaxed) } else { stopFlag.store(true, ordering: .relaxed) }
            }
            s.resume()
            sources.append(s)
        }
    }

    /// Runs until stopped (or `until`); returns the exit status.
    public func run() async -> Int32 {
        watchSignals()
        let watchdog = SystemdNotify.watchdogInterval()
        var lastHousekeeping = -Double.infinity
        var firstTick = true
        var statusFailing = false
        let realStart = Date()
        var virtualAnchor = virtual.map { ($0.monotonicNow(), Date()) }
        while !stopFlag.load(ordering: .relaxed) {
            if reloadFlag.exchange(false, ordering: .relaxed), let reload = options.reload {
                notify?.send("RELOADING=1")
                switch reload() {
                case .success(let (config, zone)): core.reload(config, zone: zone)
                case .failure(let e):
                    logger.error("new configuration refused, the old one keeps running: \(e)")
                    for line in e.details { logger.error("\(line)") }
                }
                notify?.send("READY=1")
            }
            let next = core.tick()
            let wall = clock.wallNow()
            if firstTick {
                firstTick = false
                notify?.send("READY=1")
                logger.notice("running; first update \(Int(Date().timeIntervalSince(realStart) * 1000)) ms after start")
            }
            // Once a second of real time: status file, systemd status and watchdog, the view.
            let real = Date().timeIntervalSince1970
            if real - lastHousekeeping >= (watchdog.map { min(1, $0) } ?? 1) {
                lastHousekeeping = real
                if let path = options.statusPath {
                    // A failure is logged when it starts and when it ends, not every second.
                    do {
                        try writeAtomically(core.statusJSON(wall: wall), to: path, durable: false)
                        if statusFailing { logger.notice("\(path) written again") }
                        statusFailing = false
                    } catch {
                        if !statusFailing { logger.error("cannot write \(path): \(error)") }
                        statusFailing = true
                    }
                }
                if watchdog != nil { notify?.send("WATCHDOG=1") }
                notify?.send("STATUS=\(core.statusCondition.rawValue); next: \(core.nextEvent(after: wall).map { "\($0.kind.rawValue) \($0.prayer.rawValue)" } ?? "none")")
                options.view?(core, wall)
                options.publish?(core.screenInput, wall)
            }
            if let until = options.until, wall >= until { break }
            if let v = virtual {
                // Simulated time: at `speed` times real time, or as fast as the machine goes.
                var target = next
                if let until = options.until { target = min(target, until - (wall - v.monotonicNow())) }
                let speed = options.speed ?? 1
                if speed >= 1e6 {
                    v.advance(to: target)
                } else if let (m0, r0) = virtualAnchor {
                    let due = r0.addingTimeInterval((target - m0) / speed)
                    let wait = min(due.timeIntervalSinceNow, 0.1)
                    if wait > 0 { try? await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
                    let now = m0 + Date().timeIntervalSince(r0) * speed
                    v.advance(to: min(now, target))
                    if v.monotonicNow() - m0 > 3600 { virtualAnchor = (v.monotonicNow(), Date()) }  // keep precision
                }
            } else {
                let until = min(next, clock.monotonicNow() + 1)
                if let waker = options.waker {
                    await waker.sleep(seconds: until - clock.monotonicNow())
                } else {
                    do { try await clock.sleep(untilMonotonic: until) } catch { break }
                }
            }
        }
        notify?.send("STOPPING=1")
        let saved = core.shutdown()
        if let path = options.statusPath { try? writeAtomically(core.statusJSON(wall: clock.wallNow()), to: path) }
        if saved {
            logger.notice("stopped: outputs off, state saved")
        } else {
            logger.error("stopped: outputs off; the state file could not be written (\(core.store.saveFailure ?? "unknown error"))")
        }
        return 0
    }
}

/// What the daemon needs of a virtual clock (the simulation's).
public protocol VirtualTimeControl: AnyObject, Sendable {
    func monotonicNow() -> Double
    func advance(to t: Double)
}
