import Foundation
import HAL
import PrayerTimes
@testable import Drivers
@testable import Service
@testable import Simulation
import UnitModel

/// A unit on the simulated board in virtual time: the core is ticked, and the virtual
/// clock jumps to the time it asks for, so a day runs in well under a second.
final class UnitHarness {
    let clock: VirtualClock
    let zone: ZoneRules
    var config: SiteConfig
    let stateDirectory: String
    /// Stands in for /run/mihrab: the fallback record when the state file cannot be written.
    let runtimeDirectory: String
    var outputs: [BoardConfig.Output: SimulatedOutput] = [:]
    let position: ScriptedPosition
    let sync: FixedClockSync
    var core: UnitCore
    let recordPath: String
    var compass: (SensorChannel, SensorChannel, SimulatedI2CBus)?
    /// The speaker and the stop button (kept across restarts, like the hardware).
    let sound = SimulatedSound()
    let button: ScriptedButton?

    init(zone: String, lat: Double, lon: Double, start: CivilDate, startMinute: Int = 0, config: SiteConfig? = nil, synchronized: Bool = true,
         position: [(at: Double, event: PositionEvent)] = [], withCompass: Bool = false, stateDirectory: String? = nil,
         presses: [(at: Double, held: Double)] = [], attitude: @escaping SimulatedWorld.Attitude = SimulatedWorld.fixed(yaw: 40)) throws {
        self.zone = try ZoneRules.load(zone)
        let startWall = LocalMinute.instant(start, minute: startMinute, zone: self.zone)
        // Presses are given in wall time; the button works on monotonic time (0 at the start).
        button = presses.isEmpty ? nil : ScriptedButton(presses: presses.map { ($0.at - startWall, $0.held) })
        clock = VirtualClock(wallStart: startWall)
        var c = config ?? UnitHarness.testConfig()
        c.latitude = lat
        c.longitude = lon
        c.zone = zone
        self.config = c
        self.stateDirectory = stateDirectory ?? NSTemporaryDirectory() + "mihrab-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: self.stateDirectory, withIntermediateDirectories: true)
        runtimeDirectory = self.stateDirectory + ".run"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true)
        recordPath = self.stateDirectory + "/record.jsonl"
        let clock = self.clock
        for o in BoardConfig.Output.allCases { outputs[o] = SimulatedOutput(name: o.rawValue, now: { clock.wallNow() }) }
        self.position = ScriptedPosition(position)
        sync = FixedClockSync(synchronized)
        if withCompass {
            let world = SimulatedWorld(latitude: lat, longitude: lon, decimalYear: 2026.5, attitude: attitude)
            let bus = SimulatedBoard.bus(chips: [.init(chip: .qmc5883l, address: 0x0D, mounting: .identity),
                                                 .init(chip: .mpu6050, address: 0x68, mounting: .identity)],
                                         world: world, now: { clock.monotonicNow() })
            compass = (SensorChannel(sensor: QMC5883L(bus: bus)), SensorChannel(sensor: MPU6050(bus: bus, pause: noPause)), bus)
        }
        core = UnitCore(config: c, zone: self.zone, hardware: UnitHarness.hardware(outputs, compass, sound: sound, button: button),
                        clock: clock, position: self.position, sync: sync,
                        store: StateStore(directory: self.stateDirectory, fallbackDirectory: runtimeDirectory),
                        recorder: try EventRecorder(path: recordPath, zone: self.zone))
    }

    static func hardware(_ outputs: [BoardConfig.Output: SimulatedOutput], _ compass: (SensorChannel, SensorChannel, SimulatedI2CBus)?,
                         sound: SoundOutput? = nil, button: ButtonInput? = nil) -> UnitCore.Hardware {
        UnitCore.Hardware(outputs: outputs.mapValues { $0 as DigitalOutput }, magnetometer: compass?.0, accelerometer: compass?.1,
                          sound: sound, button: button)
    }

    /// Events with distinct single-pulse patterns, so each one is exactly one buzzer edge.
    static func testConfig() -> SiteConfig {
        var c = SiteConfig()
        c.locationSource = .fixed
        c.parameters = CalculationMethod.mwl.parameters
        c.reminders = Dictionary(uniqueKeysWithValues: SiteConfig.prayers.map { ($0, 10) })
        c.iqamah = Dictionary(uniqueKeysWithValues: SiteConfig.prayers.map { ($0, SiteConfig.Iqamah.minutesAfterAdhan(15)) })
        c.sunriseWarningMinutes = 20
        c.patterns = ["adhan": [3000], "reminder": [500], "iqamah": [700], "sunrise": [900]]
        c.compassRate = 5
        return c
    }

    /// Runs the loop until the wall clock reaches `wall`.
    func run(untilWall wall: Double) {
        while clock.wallNow() < wall {
            let next = core.tick()
            let offset = clock.wallNow() - clock.monotonicNow()
            clock.advance(to: min(next, wall - offset))
        }
        _ = core.tick()
    }

    /// A new daemon on the same state directory (a restart), after `downFor` seconds.
    func restart(downFor: Double = 0) {
        clock.advance(by: downFor)
        core = UnitCore(config: config, zone: zone, hardware: UnitHarness.hardware(outputs, compass, sound: sound, button: button), clock: clock,
                        position: position, sync: sync, store: StateStore(directory: stateDirectory, fallbackDirectory: runtimeDirectory),
                        recorder: try? EventRecorder(path: recordPath + ".\(UUID().uuidString)", zone: zone))
    }

    /// The buzzer's rising edges (wall times).
    var buzzerStarts: [Double] { outputs[.buzzer]?.edges.filter(\.active).map(\.time) ?? [] }

    /// The events the engine computes for a local date (the independent expectation here is
    /// the schedule itself: these tests are about firing it exactly once, on time).
    func expectedEvents(on date: CivilDate) -> [PlannedEvent] {
        Planner.events(for: date, schedule: expectedSchedule(on: date), zone: zone, config: config)
    }

    /// The method's schedule for a local date at the configured place.
    func expectedSchedule(on date: CivilDate) -> DaySchedule {
        let calc = PrayerCalculator(parameters: config.parameters)
        let at = Coordinates(latitude: config.latitude, longitude: config.longitude) ?? Coordinates(latitude: 0, longitude: 0)!
        return calc.schedule(for: date, at: at, utcOffset: zone.offset(at: date.unixMidnight + 43_200),
                             ramadan: HijriCalendar.date(for: date).isRamadan)
    }
}
