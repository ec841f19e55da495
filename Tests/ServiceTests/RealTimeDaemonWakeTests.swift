import Platform
import Foundation
import HAL
import Logging
import PrayerTimes
import Synchronization
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// Real monotonic time with the wall clock set to a chosen day: the daemon's real-clock
/// path, at a time of day when nothing is due for hours.
private struct OffsetClock: DeviceClock {
    let offset: Double
    func monotonicNow() -> Double { monotonicSeconds() }
    func wallNow() -> Double { monotonicNow() + offset }
    func sleep(untilMonotonic deadline: Double) async throws {
        let dt = deadline - monotonicNow()
        if dt > 0 { try await Task.sleep(nanoseconds: UInt64(dt * 1e9)) }
    }
}

/// A stop button pressed from the test's thread; like the GPIO reader, it wakes the loop.
private final class LiveButton: ButtonInput, @unchecked Sendable {
    // @unchecked: the edges and the time seen are behind Mutexes.
    let name = "test button"
    var nextTime: Double? { nil }
    private let edges = Mutex<[ButtonEdge]>([])
    /// When the loop first took the press (real monotonic seconds).
    let taken = Mutex<Double?>(nil)
    let waker: LoopWaker
    init(waker: LoopWaker) { self.waker = waker }

    func press() {
        let now = monotonicSeconds()
        edges.withLock { $0 += [ButtonEdge(pressed: true, at: now), ButtonEdge(pressed: false, at: now + 0.1)] }
        waker.wake()
    }

    func poll(now: Double) -> [ButtonEdge] {
        let due = edges.withLock { e -> [ButtonEdge] in
            let d = e.filter { $0.at <= now }
            e.removeAll { $0.at <= now }
            return d
        }
        if due.contains(where: \.pressed) { taken.withLock { $0 = $0 ?? monotonicSeconds() } }
        return due
    }
}

/// A speaker that notes when it is told to stop (the daemon's shutdown does, first thing).
private final class StopWatchSound: SoundOutput, @unchecked Sendable {
    // @unchecked: the times are behind a Mutex.
    let deviceName = "test"
    let isAvailable = true
    var nextReportTime: Double? { nil }
    /// Real monotonic times of every stop.
    let stops = Mutex<[Double]>([])
    func play(_ request: SoundRequest, now: Double) {}
    func stop(now: Double) { stops.withLock { $0.append(monotonicSeconds()) } }
    func keepWarm(until: Double, now: Double, for sound: SoundInfo?) {}
    func poll(now: Double) -> [SoundReport] { [] }
}

/// The loop on its own thread asleep toward a deadline ten minutes away (nothing due for
/// hours; housekeeping and the core's idle pass lengthened to ten minutes): a press of the
/// stop button, SIGHUP and SIGTERM each wake it at once. Named RealTime... so that it runs in
/// the serialized pass; it sends itself signals, which the daemon's handlers take.
@Suite("RealTime daemon wakes")
struct RealTimeDaemonWakeTests {
    /// Polls `check` every millisecond for up to 2 s (suspending, so the pool's threads stay
    /// free on a one-CPU machine); the real time it first held.
    private func whenTrue(_ check: () -> Bool) async -> Double? {
        let end = monotonicSeconds() + 2
        while monotonicSeconds() < end {
            if check() { return monotonicSeconds() }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return nil
    }

    @Test("a button press, a reload (SIGHUP) and a stop (SIGTERM) each wake the sleeping loop within 50 ms")
    func wakesWithin50ms() async throws {
        let zone = try ZoneRules.load("Europe/London")
        let date = try #require(CivilDate(iso: "2026-05-05"))
        // 09:00 in London: Dhuhr's reminder (12:48) is hours away; no compass, no position script.
        let clock = OffsetClock(offset: LocalMinute.instant(date, minute: 540, zone: zone) - monotonicSeconds())
        var config = UnitHarness.testConfig()
        (config.latitude, config.longitude, config.zone) = (51.5074, -0.1278, "Europe/London")
        let waker = LoopWaker()
        let button = LiveButton(waker: waker)
        // The buzzer alone: a status LED's heartbeat would wake the loop every two seconds.
        let outputs: [BoardConfig.Output: DigitalOutput] = [.buzzer: SimulatedOutput(name: "buzzer", now: { 0 })]
        let sound = StopWatchSound()
        let dir = NSTemporaryDirectory() + "mihrab-wake-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let core = UnitCore(config: config, zone: zone, hardware: UnitCore.Hardware(outputs: outputs, sound: sound, button: button), clock: clock,
                            position: ScriptedPosition([]), sync: FixedClockSync(true), store: StateStore(directory: dir))
        core.longestPass = 600

        let reloaded = Mutex<Double?>(nil)
        let published = Mutex(0)
        var options = Daemon.Options()
        options.waker = waker
        options.housekeeping = 600
        options.statusPath = dir + "/status.json"
        options.hub.subscribe(ClosureSubscriber { _ in published.withLock { $0 += 1 } })
        options.reload = {
            reloaded.withLock { $0 = $0 ?? monotonicSeconds() }
            return .success((config, zone))
        }
        let began = monotonicSeconds()
        let daemon = Daemon(core: core, clock: clock, options: options, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let run = Task { await daemon.run() }

        // The first pass has run (housekeeping published once); then the loop sleeps.
        #expect(await whenTrue { published.withLock { $0 } > 0 } != nil, "the loop's first pass")
        try await Task.sleep(nanoseconds: 300_000_000)

        let pressed = monotonicSeconds()
        button.press()
        let tookPress = await whenTrue { button.taken.withLock { $0 } != nil }
        let pressLatency = try #require(button.taken.withLock { $0 }, "the press was never taken") - pressed
        #expect(tookPress != nil && pressLatency < 0.05, "press taken \(Int(pressLatency * 1000)) ms after it")
        try await Task.sleep(nanoseconds: 300_000_000)

        let hup = monotonicSeconds()
        kill(getpid(), SIGHUP)
        _ = await whenTrue { reloaded.withLock { $0 } != nil }
        let reloadLatency = try #require(reloaded.withLock { $0 }, "SIGHUP never reloaded") - hup
        #expect(reloadLatency < 0.05, "reload \(Int(reloadLatency * 1000)) ms after SIGHUP")
        try await Task.sleep(nanoseconds: 300_000_000)

        let term = monotonicSeconds()
        kill(getpid(), SIGTERM)
        // Shutting down turns the outputs off and stops the speaker first (then saves the state).
        _ = await whenTrue { sound.stops.withLock { $0.contains { $0 >= term } } }
        let stopped = try #require(sound.stops.withLock { $0.first { $0 >= term } }, "SIGTERM never stopped the unit") - term
        #expect(stopped < 0.05, "the unit stopped \(Int(stopped * 1000)) ms after SIGTERM")
        #expect(await run.value == 0)

        // Each wake came early, out of a long sleep: few passes in all, none timed out.
        #expect(daemon.stats.earlyWakes == 3, "\(daemon.stats)")
        #expect(daemon.stats.timedWakes == 0, "no deadline fell due in the test: \(daemon.stats)")
        #expect(published.withLock { $0 } == 1, "housekeeping ran once (at the first pass) in ten minutes' interval")

        // The status file written at the stop carries the loop's own figures: three passes,
        // each after a wake (the first pass comes before any sleep), none timed.
        let elapsed = monotonicSeconds() - began
        let report = try JSONDecoder().decode(StatusReport.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/status.json")))
        let loop = try #require(report.loop, "status.json has the loop's figures")
        #expect(loop.passes == 3 && loop.earlyWakes == 3 && loop.overruns == 0, "\(loop)")
        #expect(loop.lateMedianMicroseconds == nil, "no timed wake, no lateness: \(loop)")
        #expect(loop.uptimeSeconds > 0.8 && loop.uptimeSeconds <= elapsed, "uptime \(loop.uptimeSeconds) s of \(elapsed) s")
    }
}
