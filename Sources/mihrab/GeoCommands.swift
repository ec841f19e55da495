import ArgumentParser
import Compass
import FoundationEssentials
import Glibc
import Platform
import Geo
import PrayerTimes
import Service
import HAL

/// Parses "x,y,z" into three finite numbers.
func parseTriple(_ text: String, option: String) throws -> Vector3 {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { Double($0.trimmingSpaces()) }
    guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2],
          x.isFinite, y.isFinite, z.isFinite else {
        throw ValidationError("\(option) must be three numbers as x,y,z (got '\(text)')")
    }
    return Vector3(x, y, z)
}

func validatePlace(lat: Double, lon: Double) throws {
    guard lat.isFinite, (-90...90).contains(lat) else {
        throw ValidationError("--lat must be between -90 and 90 degrees (got \(lat))")
    }
    guard lon.isFinite, (-180...180).contains(lon) else {
        throw ValidationError("--lon must be between -180 and 180 degrees (got \(lon))")
    }
}

/// JSON number with fixed decimals, or null.
func jsonNumber(_ v: Double?, _ decimals: Int) -> String {
    guard let v, v.isFinite else { return "null" }
    let s = cFormat("%.\(decimals)f", v)
    return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
}

struct QiblaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qibla", abstract: "The qibla bearing (clockwise from true north) and distance to the Kaaba.")

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.") var lat: Double
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180.") var lon: Double
    @Flag(help: "The WGS84 geodesic azimuth instead of the great circle.") var ellipsoidal = false
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func validate() throws {
        try validatePlace(lat: lat, lon: lon)
        if format == .csv { throw ValidationError("--format must be text or json for qibla") }
    }

    func run() throws {
        let model: Qibla.Model = ellipsoidal ? .ellipsoidal : .greatCircle
        let q: Qibla
        do { q = try Qibla(latitude: lat, longitude: lon, model: model) } catch {
            // Undefined is an answer, not a failure: say it plainly.
            if format == .json {
                print(try jsonLine(QiblaReport(bearing: nil, distanceKm: nil, model: model.rawValue, undefined: error.description)))
            } else {
                print("Qibla: \(error.description)")
            }
            return
        }
        if format == .json {
            print(try jsonLine(QiblaReport(bearing: fixed(q.bearing, 4), distanceKm: fixed(q.distanceKm, 1), model: model.rawValue)))
        } else {
            print("Qibla: \(jsonNumber(q.bearing, 2)) degrees from true north, \(jsonNumber(q.distanceKm, 1)) km to the Kaaba (\(model.rawValue))")
        }
    }
}

struct DeclinationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declination", abstract: "The Earth's magnetic field from the World Magnetic Model 2025.")

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90.") var lat: Double
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180.") var lon: Double
    @Option(name: .customLong("alt-km"), parsing: .unconditional, help: "Height above the WGS84 ellipsoid, km.")
    var altKm: Double = 0
    @Option(help: "Date, YYYY-MM-DD (default: today).") var date: String?
    @Option(parsing: .unconditional, help: "Decimal year, e.g. 2026.5 (instead of --date).") var year: Double?
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func validate() throws {
        try validatePlace(lat: lat, lon: lon)
        guard altKm.isFinite, (-1...850).contains(altKm) else {
            throw ValidationError("--alt-km must be between -1 and 850 km (got \(altKm))")
        }
        if date != nil && year != nil { throw ValidationError("--date and --year exclude each other: give one") }
        if let date, CivilDate(iso: date) == nil {
            throw ValidationError("--date must be a date as YYYY-MM-DD (got '\(date)')")
        }
        if let year, !(year.isFinite && (1900...2100).contains(year)) {
            throw ValidationError("--year must be a decimal year between 1900 and 2100 (got \(year))")
        }
        if format == .csv { throw ValidationError("--format must be text or json for declination") }
    }

    func run() throws {
        let t = year ?? decimalYearOf(date.flatMap { CivilDate(iso: $0) })
        let f = MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: altKm, decimalYear: t)
        if format == .json {
            print(try jsonLine(FieldReport(declination: fixed(f.declination, 2), inclination: fixed(f.inclination, 2),
                                           horizontal: fixed(f.horizontal, 1), total: fixed(f.total, 1), north: fixed(f.north, 1),
                                           east: fixed(f.east, 1), down: fixed(f.down, 1), gridVariation: fixed(f.gridVariation, 2),
                                           year: fixed(t, 3), valid: f.valid)))
        } else {
            let dir = f.declination >= 0 ? "east" : "west"
            print("Declination \(jsonNumber(abs(f.declination), 2)) degrees \(dir), inclination \(jsonNumber(f.inclination, 2)) degrees")
            print("Field: total \(jsonNumber(f.total, 1)) nT, horizontal \(jsonNumber(f.horizontal, 1)) nT " +
                  "(north \(jsonNumber(f.north, 1)), east \(jsonNumber(f.east, 1)), down \(jsonNumber(f.down, 1)))")
            if let gv = f.gridVariation { print("Grid variation \(jsonNumber(gv, 2)) degrees") }
            print("Model \(MagneticModel.wmm2025.name) at \(jsonNumber(t, 3))" +
                  (f.valid ? "" : " (outside the model's validity 2025.0-2030.0: less accurate)"))
        }
    }
}

/// Decimal year of a date's noon (today's when nil).
func decimalYearOf(_ date: CivilDate?) -> Double {
    let d = date ?? CivilDate(daysSinceEpoch: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
    return decimalYear(year: d.year, dayOfYear: d.dayOfYear)
}

struct HeadingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heading", abstract: "The tilt-compensated heading (and qibla offset) of one sensor sample.")

    @Option(parsing: .unconditional, help: "Accelerometer reading in the chip's axes, m/s^2, as x,y,z.") var accel: String
    @Option(parsing: .unconditional, help: "Magnetometer reading in the chip's axes, uT, as x,y,z.") var mag: String
    @Option(help: "Board file: the chips' mounting matrices and the pointing axis.") var board: String?
    @Option(parsing: .unconditional, help: "Latitude, for declination and the qibla.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude, for declination and the qibla.") var lon: Double?
    @Option(help: "Date for the declination, YYYY-MM-DD (default: today).") var date: String?
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func validate() throws {
        _ = try parseTriple(accel, option: "--accel")
        _ = try parseTriple(mag, option: "--mag")
        if (lat == nil) != (lon == nil) { throw ValidationError("--lat and --lon go together: give both or neither") }
        if let lat, let lon { try validatePlace(lat: lat, lon: lon) }
        if let date, CivilDate(iso: date) == nil {
            throw ValidationError("--date must be a date as YYYY-MM-DD (got '\(date)')")
        }
        if format == .csv { throw ValidationError("--format must be text or json for heading") }
    }

    func run() throws {
        var a = try parseTriple(accel, option: "--accel"), m = try parseTriple(mag, option: "--mag")
        var pointing = Vector3(1, 0, 0)
        if let board {
            let b = try loadBoard(board)
            if let c = b.chip(.accelerometer) { a = c.mounting.toDevice(a) }
            if let c = b.chip(.magnetometer) { m = c.mounting.toDevice(m) }
            pointing = b.pointingAxis
        }
        // The unit's own estimator, for one uncalibrated sample.
        let field = lat.flatMap { lat in lon.map { lon in
            MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0, decimalYear: decimalYearOf(date.flatMap { CivilDate(iso: $0) }))
        } }
        guard let r = CompassEstimator.read(accel: a, mag: m, pointing: pointing, calibration: nil, field: field) else {
            throw CommandError("--accel/--mag: no heading from this sample (a zero vector, the field along gravity, or the pointing axis vertical)",
                               exitCode: .validationFailure)
        }
        let h = r.solution, trueHeading = r.trueHeading, declination = r.declination, accuracy = r.accuracy
        var offset: Double?
        if let lat, let lon, let t = trueHeading {
            offset = (try? Qibla(latitude: lat, longitude: lon)).map { qiblaOffset(qiblaBearing: $0.bearing, trueHeading: t) }
        }
        if format == .json {
            print(try jsonLine(HeadingReport(magneticHeading: fixed(h.magneticHeading, 2), trueHeading: fixed(trueHeading, 2),
                                             roll: fixed(h.roll, 2), pitch: fixed(h.pitch, 2), qiblaOffset: fixed(offset, 2),
                                             declination: fixed(declination, 2), dip: fixed(h.dip, 2),
                                             fieldStrength: fixed(h.fieldStrength, 2), accuracy: accuracy?.rawValue)))
        } else {
            print("Magnetic heading \(jsonNumber(h.magneticHeading, 1)) degrees; pitch \(jsonNumber(h.pitch, 1)), roll \(jsonNumber(h.roll, 1))")
            if let trueHeading, let declination {
                print("True heading \(jsonNumber(trueHeading, 1)) degrees (declination \(jsonNumber(declination, 2)))")
            }
            if let offset {
                let side = offset > 0 ? "to your right" : (offset < 0 ? "to your left" : "straight ahead")
                print("The qibla is \(jsonNumber(abs(offset), 1)) degrees \(side)")
            }
            if let accuracy { print("Accuracy: \(accuracy.rawValue) (uncalibrated sample)") }
        }
    }
}
