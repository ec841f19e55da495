import ArgumentParser
import Compass
import Drivers
import HAL
import Logging
import PrayerTimes
import Service
import Simulation

/// A unit on a simulated board: emulated chips in a turning simulated world, recording GPIO
/// lines, scripted GNSS (a fix 2 s in), a simulated speaker and button, and the board's
/// displays as emulators on a bus of their own (the panels' thread drives them; the
/// simulated bus is not shared between threads). `mihrab run` and `mihrab display` build it.
struct SimulatedUnit {
    let core: UnitCore
    let outputs: [BoardConfig.Output: DigitalOutput]
    let displayBus: SimulatedI2CBus
}

func simulatedUnit(site: SiteConfig, zone: ZoneRules, board: BoardConfig, clock v: VirtualClock, store: StateStore,
                   calibration: MagnetometerCalibration?, recorder: EventRecorder?, logger: Logger,
                   presses: [(at: Double, held: Double)] = []) -> SimulatedUnit {
    let world = SimulatedWorld(latitude: site.latitude, longitude: site.longitude, decimalYear: 2026.5,
                               attitude: SimulatedWorld.turning(degreesPerSecond: 1))
    world.magneticNoise = 0.2
    world.accelerationNoise = 0.01
    let bus = SimulatedBoard.bus(chips: simulatedChips(board), world: world, now: { v.monotonicNow() })
    var outputs: [BoardConfig.Output: DigitalOutput] = [:]
    // No edges kept: --record writes them; the live view reads the lines' states.
    for o in board.lines.keys { outputs[o] = SimulatedOutput(name: o.rawValue, keep: 0, now: { v.wallNow() }) }
    let mag = board.chip(.magnetometer), acc = board.chip(.accelerometer)
    let hw = UnitCore.Hardware(
        outputs: outputs, magnetometer: mag.map { SensorChannel(sensor: $0.model.driver(bus: bus, address: $0.address)) },
        accelerometer: acc.map { SensorChannel(sensor: $0.model.driver(bus: bus, address: $0.address)) },
        magnetometerMounting: mag?.mounting ?? .identity, accelerometerMounting: acc?.mounting ?? .identity,
        pointing: board.pointingAxis, sound: SimulatedSound(deviceName: "simulated"),
        button: ScriptedButton(presses: presses))
    let gnss = ScriptedPosition([(at: 2, event: .fix(PositionFix(time: nil, latitude: site.latitude, longitude: site.longitude,
                                                                altitude: 0, horizontalError: 5, mode: .threeD)))])
    // The simulated chips are ideal: a unit calibration stands in for `mihrab calibrate`.
    let core = UnitCore(config: site, zone: zone, hardware: hw, clock: v, position: gnss, sync: FixedClockSync(true),
                        store: store, calibration: calibration ?? .identity, recorder: recorder, logger: logger)
    return SimulatedUnit(core: core, outputs: outputs, displayBus: SimulatedBoard.displayBus(simulatedDisplays(board)))
}

/// --lat and --lon of the commands that simulate a unit: each in range, both or neither.
func validatePosition(lat: Double?, lon: Double?) throws {
    if let lat, !(lat.isFinite && (-90...90).contains(lat)) { throw ValidationError("--lat must be between -90 and 90 (got \(lat))") }
    if let lon, !(lon.isFinite && (-180...180).contains(lon)) { throw ValidationError("--lon must be between -180 and 180 (got \(lon))") }
    if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon go together") }
}

/// The board's displays as emulator descriptions.
func simulatedDisplays(_ board: BoardConfig) -> [SimulatedBoard.Display] {
    board.displays.map { .init(model: $0.model, address: $0.address, width: $0.width, height: $0.height, columns: $0.columns, rows: $0.rows) }
}
