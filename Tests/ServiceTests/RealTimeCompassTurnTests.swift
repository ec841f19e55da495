import Foundation
import Geo
import HAL
import Logging
import Platform
import PrayerTimes
import Synchronization
import Testing
@testable import Drivers
@testable import Service
@testable import Simulation
import UnitModel

/// The unit's yaw, set from the test's thread, read by the simulated world on the loop's;
/// every reading's real time noted (the world is asked once per chip per sample).
private final class TurnTable: @unchecked Sendable {
    // @unchecked: everything is behind the Mutex.
    private let state: Mutex<(yaw: Double, asked: [Double])>
    init(yaw: Double) { state = Mutex((yaw, [])) }
    var yaw: Double {
        get { state.withLock { $0.yaw } }
        set { state.withLock { $0.yaw = newValue } }
    }
    func attitude(_ t: Double) -> (yaw: Double, pitch: Double, roll: Double) {
        state.withLock { s in
            s.asked.append(monotonicSeconds())
            return (s.yaw, 0, 0)
        }
    }
    /// Real times the world was asked, since `t`.
    func asked(since t: Double) -> [Double] { state.withLock { $0.asked.filter { $0 >= t } } }
}

/// A ring LED whose changes are stamped with real monotonic time, read from any thread.
private final class StampedLine: DigitalOutput, @unchecked Sendable {
    // @unchecked: the state is behind the Mutex.
    let name: String
    private let state = Mutex<(on: Bool, changed: [(time: Double, on: Bool)])>((false, []))
    init(name: String) { self.name = name }
    func set(_ active: Bool) throws(GPIOError) {
        state.withLock { s in
            guard s.on != active else { return }
            s.on = active
            s.changed.append((monotonicSeconds(), active))
        }
    }
    func get() throws(GPIOError) -> Bool { state.withLock { $0.on } }
    var isOn: Bool { state.withLock { $0.on } }
    /// When it last went dark at or after `t`.
    func wentDark(since t: Double) -> Double? { state.withLock { $0.changed.first { $0.time >= t && !$0.on }?.time } }
}

/// Real monotonic time, the wall clock on a chosen day.
private struct RealClock: DeviceClock {
    let offset: Double
    func monotonicNow() -> Double { monotonicSeconds() }
    func wallNow() -> Double { monotonicNow() + offset }
    func sleep(untilMonotonic deadline: Double) async throws {
        let dt = deadline - monotonicNow()
        if dt > 0 { try await Task.sleep(nanoseconds: UInt64(dt * 1e9)) }
    }
}

/// The daemon's loop in real time with the simulated compass at 25 Hz and a qibla ring of 24
/// LEDs: the unit stands facing the qibla (the ring's first LED lit) long enough for the loop
/// to read the compass at its resting rate, then is turned a quarter turn at once; the ring
/// must leave that LED within 200 ms of the turn. Named RealTime...: it measures wall-clock
/// latency, so it runs in the serialized pass.
@Suite("RealTime compass turn")
struct RealTimeCompassTurnTests {
    private func whenTrue(within seconds: Double, _ check: () -> Bool) async -> Bool {
        let end = monotonicSeconds() + seconds
        while monotonicSeconds() < end {
            if check() { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return check()
    }

    @Test("still: the compass is read at most 9 times a second; a quarter turn moves the qibla ring within 200 ms, each of 4 turns")
    func ringAnswersATurn() async throws {
        let (lat, lon) = (51.5074, -0.1278)
        let zone = try ZoneRules.load("Europe/London")
        let date = try #require(CivilDate(iso: "2026-05-05"))
        // 09:00 in London: nothing sounds for hours.
        let clock = RealClock(offset: LocalMinute.instant(date, minute: 540, zone: zone) - monotonicSeconds())
        var config = UnitHarness.testConfig()
        (config.latitude, config.longitude, config.zone) = (lat, lon, "Europe/London")
        config.compassRate = 25
        let qibla = try Qibla(latitude: lat, longitude: lon).bearing
        let table = TurnTable(yaw: qibla)
        let world = SimulatedWorld(latitude: lat, longitude: lon, decimalYear: 2026.5, attitude: { table.attitude($0) })
        world.magneticNoise = 0.2  // as `mihrab run` on the simulated board
        world.accelerationNoise = 0.01
        let bus = SimulatedBoard.bus(chips: [.init(chip: .qmc5883l, address: 0x0D, mounting: .identity),
                                             .init(chip: .mpu6050, address: 0x68, mounting: .identity)],
                                     world: world, now: { monotonicSeconds() })
        let ring = (0..<24).map { StampedLine(name: "RING\($0)") }
        let hardware = UnitCore.Hardware(outputs: [:], ring: ring, magnetometer: SensorChannel(sensor: QMC5883L(bus: bus)),
                                         accelerometer: SensorChannel(sensor: MPU6050(bus: bus, pause: noPause)))
        let dir = NSTemporaryDirectory() + "mihrab-turn-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let core = UnitCore(config: config, zone: zone, hardware: hardware, clock: clock, position: ScriptedPosition([]),
                            sync: FixedClockSync(true), store: StateStore(directory: dir), calibration: .identity)
        let daemon = Daemon(core: core, clock: clock, options: Daemon.Options(),
                            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let run = Task { await daemon.run() }
        defer { daemon.stop() }

        var latencies: [Double] = []
        var yaw = qibla
        for turn in 0..<4 {
            // Settled on the LED for this heading (the qibla ahead, or a quarter turn to its
            // right: LED 18 of 24), and still long enough that the compass rests: at most 9
            // readings (two questions to the world each) in the last second.
            let lit = yaw == qibla ? 0 : 18
            #expect(await whenTrue(within: 10) { ring[lit].isOn && table.asked(since: monotonicSeconds() - 1).count <= 2 * 9 },
                    "turn \(turn): resting on LED \(lit) (\(table.asked(since: monotonicSeconds() - 1).count / 2) readings in the last second)")
            try await Task.sleep(nanoseconds: UInt64(turn) * 37_000_000)  // a different phase of the readings each time
            let turned = monotonicSeconds()
            yaw = yaw == qibla ? qibla + 90 : qibla
            table.yaw = yaw
            _ = await whenTrue(within: 1) { !ring[lit].isOn }
            let answered = try #require(ring[lit].wentDark(since: turned), "turn \(turn): the ring never moved")
            latencies.append(answered - turned)
        }
        daemon.stop()
        #expect(await run.value == 0)
        let worst = latencies.max() ?? .infinity
        #expect(worst < 0.2, "the ring answered \(latencies.map { Int($0 * 1000) }) ms after each turn")
    }
}
