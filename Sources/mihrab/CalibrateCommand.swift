import ArgumentParser
import Assembly
import Compass
import Drivers
import FoundationEssentials
import Glibc
import Platform
import Geo
import HAL
import LinuxHAL
import Service
import Simulation
import UnitModel

/// `mihrab calibrate`: hard- and soft-iron calibration of the compass. Turn the unit slowly
/// through every direction (upside down too) while it samples; the fit is checked against
/// the WMM at the unit's position and, when accepted, stored in the state file, where the
/// daemon finds it at its next start. Stop the daemon first: both would drive the chips.
struct CalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: "Calibrate the compass (stop the daemon first).")

    @Option(help: "Board file (default: the config's service.board, or board/simulated.toml).") var board: String?
    @Option(help: "Site config (for the position and the state directory).") var config: String?
    @Option(name: .customLong("state-dir"), help: "State directory, instead of the config's.") var stateDir: String?
    @Option(parsing: .unconditional, help: "Seconds to sample at most.") var seconds: Double = 90
    @Option(parsing: .unconditional, help: "Latitude, instead of the config's.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude, instead of the config's.") var lon: Double?

    func validate() throws {
        guard seconds.isFinite, (10...600).contains(seconds) else { throw ValidationError("--seconds must be 10 to 600 (got \(seconds))") }
        if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon go together") }
        if let lat, !(-90...90).contains(lat) { throw ValidationError("--lat must be between -90 and 90 (got \(lat))") }
        if let lon, !(-180...180).contains(lon) { throw ValidationError("--lon must be between -180 and 180 (got \(lon))") }
    }

    func run() async throws {
        let site = try config.map { try loadConfig($0, lenientSounds: true) } ?? SiteConfig()
        let b = try loadBoard(board ?? (config != nil ? site.board : "board/simulated.toml"))
        let latitude = lat ?? site.latitude, longitude = lon ?? site.longitude
        let directory = stateDir ?? (b.bus == .simulated ? temporaryDirectory() + "mihrab-simulated" : site.stateDirectory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let year = decimalYearOf(nil)
        let field = MagneticModel.wmm2025.field(latitude: latitude, longitude: longitude, heightKm: 0, decimalYear: year)

        // The chips, and a clock: real time on a unit; on the simulated board a tumbling
        // world (with iron to correct) sampled in virtual time, as fast as it goes.
        var t = 0.0
        let simulated = b.bus == .simulated
        let start = Date()
        let now: () -> Double = { simulated ? t : Date().timeIntervalSince(start) }
        let assembler = BoardAssembler(b)
        let bus: I2CBus
        if simulated {
            let world = SimulatedWorld(latitude: latitude, longitude: longitude, decimalYear: year, attitude: { s in
                (37 * s, 80 * sin(0.23 * s), 170 * sin(0.11 * s))
            })
            world.hardIron = Vector3(12, -7, 9)
            world.softIron = Matrix3(rows: Vector3(1.05, 0.03, 0), Vector3(0.03, 0.96, 0.02), Vector3(0, 0.02, 1.01))
            world.magneticNoise = 0.2
            world.accelerationNoise = 0.02
            bus = assembler.simulatedBus(world: world, now: { t })
        } else {
            bus = try openBus(board: b, busNumber: nil, now: now)
        }
        // The simulated chips live in virtual time (`t`): their drivers wait for nothing.
        let pause: Pause = if simulated { noPause } else { pauseThread }
        let compass = assembler.compass(on: bus, pause: pause)
        guard let mag = compass.magnetometer, let acc = compass.accelerometer else {
            let found = assembler.compassChips(on: bus).map(\.model.rawValue).joined(separator: ", ")
            throw CommandError("calibrate: the board needs a magnetometer and an accelerometer (found: \(found))", exitCode: .unavailable)
        }

        print("Turn the unit slowly through every direction, upside down too, away from iron.")
        var samples: [CalibrationSample] = []
        var lastReport = -1.0
        var report = MagnetometerCalibrator.calibrate([], expectedField: field.total / 1000, expectedDip: field.inclination)
        while now() < seconds {
            mag.poll(now: now())
            acc.poll(now: now())
            if let m = mag.latest, let a = acc.latest, mag.latestTime == now(), acc.isHealthy {
                samples.append(CalibrationSample(accel: compass.accelerometerMounting.toDevice(Vector3(a.x, a.y, a.z)),
                                                 mag: compass.magnetometerMounting.toDevice(Vector3(m.x, m.y, m.z))))
            }
            if now() - lastReport >= 1 {
                lastReport = now()
                report = MagnetometerCalibrator.calibrate(samples, expectedField: field.total / 1000, expectedDip: field.inclination)
                print(cFormat("  %3.0f s: %4ld samples, coverage %3.0f%%", now(), samples.count, report.coverage * 100)
                      + (report.missing.isEmpty ? "" : ", missing " + report.missing.prefix(6).joined(separator: " ")))
                if report.status == .accepted && samples.count >= 300 { break }
            }
            if simulated { t += 0.04 } else { try? await Task.sleep(nanoseconds: 40_000_000) }
        }
        report = MagnetometerCalibrator.calibrate(samples, expectedField: field.total / 1000, expectedDip: field.inclination)
        guard report.status == .accepted, let cal = report.calibration else {
            throw CommandError("calibrate: \(report.status.rawValue): \(report.problems.joined(separator: "; "))")
        }
        let store = CalibrationStore(directory: directory)
        do { try store.store(cal) } catch { throw CommandError("calibrate: cannot write \(store.path): \(error)", exitCode: .unavailable) }
        print(cFormat("Accepted: hard iron %.1f, %.1f, %.1f uT; field %.1f uT (%.0f%% of the WMM's), dip %.1f (WMM %.1f), residual %.1f%%.",
                     cal.hardIron.x, cal.hardIron.y, cal.hardIron.z, cal.fieldStrength, (report.fieldRatio ?? 0) * 100,
                     report.dip ?? 0, field.inclination, cal.residual * 100))
        print("Stored in \(store.path); the daemon uses it from its next start.")
    }
}
