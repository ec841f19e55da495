import ArgumentParser
import Assembly
import Compass
import Drivers
import HAL
import Logging
import PrayerTimes
import Service
import Simulation
import UnitModel

/// A unit on a simulated board: emulated chips in a turning simulated world, recording GPIO
/// lines, scripted GNSS (a fix 2 s in), a simulated speaker and button, and the board's
/// displays as emulators on a bus of their own (the panels' thread drives them; the
/// simulated bus is not shared between threads). `mihrab run` and `mihrab display` build it.
struct SimulatedUnit {
    let core: UnitCore
    let outputs: [BoardConfig.Output: DigitalOutput]
    let displayBus: I2CBus?
    let outputLines: [String: any DigitalOutput]
}

func simulatedUnit(site: SiteConfig, zone: ZoneRules, board: BoardConfig, clock v: VirtualClock, store: StateStore,
                   calibration: MagnetometerCalibration?, recorder: EventRecorder?, logger: Logger,
                   presses: [(at: Double, held: Double)] = []) -> SimulatedUnit {
    let world = SimulatedWorld(latitude: site.latitude, longitude: site.longitude, decimalYear: 2026.5,
                               attitude: SimulatedWorld.turning(degreesPerSecond: 1))
    world.magneticNoise = 0.2
    world.accelerationNoise = 0.01
    let assembled = BoardAssembler(board).simulated(world: world, now: { v.monotonicNow() }, wallNow: { v.wallNow() }, presses: presses)
    let gnss = ScriptedPosition([(at: 2, event: .fix(PositionFix(time: nil, latitude: site.latitude, longitude: site.longitude,
                                                                altitude: 0, horizontalError: 5, mode: .threeD)))])
    // The simulated chips are ideal: a unit calibration stands in for `mihrab calibrate`.
    let core = UnitCore(config: site, zone: zone, hardware: assembled.hardware, clock: v, position: gnss, sync: FixedClockSync(true),
                        store: store, calibration: calibration ?? .identity, recorder: recorder, logger: logger)
    return SimulatedUnit(core: core, outputs: assembled.hardware.outputs, displayBus: assembled.displayBus, outputLines: assembled.outputLines)
}

/// --lat and --lon of the commands that simulate a unit: each in range, both or neither.
func validatePosition(lat: Double?, lon: Double?) throws {
    if let lat, !(lat.isFinite && (-90...90).contains(lat)) { throw ValidationError("--lat must be between -90 and 90 (got \(lat))") }
    if let lon, !(lon.isFinite && (-180...180).contains(lon)) { throw ValidationError("--lon must be between -180 and 180 (got \(lon))") }
    if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon go together") }
}
