import ArgumentParser
import Assembly
import Compass
import Drivers
import FoundationEssentials
import Glibc
import Platform
import HAL
import LinuxHAL
import Service
import Simulation

/// The I2C bus a board (or --bus) names: the simulated one, with emulated chips in a
/// simulated world, or a real /dev/i2c-N.
func openBus(board: BoardConfig?, busNumber: Int?, now: @escaping () -> Double) throws -> I2CBus {
    if let busNumber { return try BoardAssembler.openLinuxBus(busNumber) }
    guard let board else { throw CommandError("no bus: give --board FILE or --bus N", exitCode: .validationFailure) }
    switch board.bus {
    case .linux(let n): return try BoardAssembler.openLinuxBus(n)
    case .simulated:
        // London, a unit lying level and facing 30 degrees east of north, gentle noise.
        let world = SimulatedWorld(latitude: 51.5074, longitude: -0.1278, decimalYear: decimalYearOf(nil),
                                   attitude: SimulatedWorld.fixed(yaw: 30))
        world.magneticNoise = 0.2
        world.accelerationNoise = 0.01
        return BoardAssembler(board).simulatedBoardBus(world: world, now: now)
    }
}

struct SensorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensors", abstract: "What is on the I2C bus, and live readings.")

    @Option(help: "Board file (default: board/simulated.toml unless --bus is given).") var board: String?
    @Option(parsing: .unconditional, help: "A real I2C bus number (/dev/i2c-N), instead of the board's.") var bus: Int?
    @Flag(help: "One reading per chip, then exit.") var once = false
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func validate() throws {
        if let bus, !(0...255).contains(bus) { throw ValidationError("--bus must be 0 to 255 (got \(bus))") }
        if format == .csv { throw ValidationError("--format must be text or json for sensors") }
    }

    func run() throws {
        let boardFile = try (board ?? (bus == nil ? "board/simulated.toml" : nil)).map { try loadBoard($0) }
        let clock = SystemClock()
        let start = clock.monotonicNow()
        let now = { clock.monotonicNow() - start }
        let i2c = try openBus(board: boardFile, busNumber: bus, now: now)
        let channels = BoardAssembler.detectedChipDrivers(on: i2c, pause: pauseThread).map { SensorChannel(sensor: $0) }
        let displays = DisplayScanner.scan(i2c)
        repeat {
            // Poll each chip until it has a sample (up to a second).
            let deadline = now() + 1
            while now() < deadline, channels.contains(where: { $0.latest == nil && !$0.isLost }) {
                for ch in channels where ch.latest == nil { ch.poll(now: now()) }
                pauseThread(0.005)
            }
            print(try report(bus: i2c, channels: channels, displays: displays, board: boardFile))
            for ch in channels { ch.poll(now: now()) }
            if !once { pauseThread(0.5) }
        } while !once
    }

    func report(bus i2c: I2CBus, channels: [SensorChannel], displays: [DisplayScanner.Found], board: BoardConfig?) throws -> String {
        func unit(_ k: SensorKind) -> String { k == .magnetometer ? "uT" : "m/s^2" }
        let transfer = (i2c as? LinuxI2CBus).map { SensorsReport.name($0.transferPath) }
        if format == .json {
            func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            let chips = channels.map { ch in
                SensorsReport.Chip(chip: ch.sensor.model.rawValue, address: hex(ch.sensor.address), kind: ch.sensor.kind.rawValue,
                                   reading: ch.latest.map { [rounded($0.x), rounded($0.y), rounded($0.z)] },
                                   unit: unit(ch.sensor.kind), errors: ch.errorCount, lastError: ch.lastError?.description)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(SensorsReport(bus: i2c.name, transfer: transfer, chips: chips,
                                                        displays: SensorsReport.displays(displays, board: board)))
            return String(decoding: data, as: UTF8.self)
        }
        let bus = i2c.name + (transfer.map { " (\($0))" } ?? "")
        var out = "Bus \(bus): \(channels.count) chip\(channels.count == 1 ? "" : "s") found\n"
        if channels.isEmpty { out += "  (nothing answered at the known addresses)\n" }
        for ch in channels {
            let s = ch.sensor
            let r = ch.latest.map { "\(jsonNumber($0.x, 2)), \(jsonNumber($0.y, 2)), \(jsonNumber($0.z, 2)) \(unit(s.kind)) (chip axes)" }
                ?? "no reading: \(ch.lastError?.description ?? "no data yet")"
            out += "  \(s.model.rawValue) at \(hex(s.address)) \(s.kind.rawValue): \(r)\n"
        }
        if let board {
            for c in board.chips where !channels.contains(where: { $0.sensor.model == c.model && $0.sensor.address == c.address }) {
                out += "  missing: \(c.model.rawValue) at \(hex(c.address)) (board \(board.name))\n"
            }
        }
        for d in SensorsReport.displays(displays, board: board) {
            let what = d.chip.map { "\($0) (\(d.size ?? ""))" } ?? (d.family == "oled" ? "an OLED (SSD1306 or SH1106; not in the board file)" : "a PCF8574 (an LCD backpack?; not in the board file)")
            out += d.answers ? "  display \(what) at \(d.address): answers\n" : "  missing: display \(what) at \(d.address) (board \(board?.name ?? ""))\n"
        }
        return String(out.dropLast())
    }
}

struct GPSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gps", abstract: "Fixes and status from gpsd (or the simulated board's scripted GNSS).")

    @Option(help: "gpsd host.") var host = "localhost"
    @Option(parsing: .unconditional, help: "gpsd port.") var port = 2947
    @Option(help: "A simulated board file: scripted GNSS instead of gpsd.") var board: String?
    @Flag(help: "The first fix, then exit (non-zero when none came within --timeout).") var once = false
    @Option(parsing: .unconditional, help: "Seconds to wait for a fix with --once.") var timeout: Double = 15
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1 to 65535 (got \(port))") }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds (got \(timeout))")
        }
        if format == .csv { throw ValidationError("--format must be text or json for gps") }
    }

    func run() async throws {
        let source: PositionSource
        var virtual: VirtualClock?
        if let board {
            let b = try loadBoard(board)
            guard b.bus == .simulated else {
                throw CommandError("--board \(board): not a simulated board; for real hardware use gpsd (--host, --port)",
                                   exitCode: .validationFailure)
            }
            let clock = VirtualClock(wallStart: Date().timeIntervalSince1970)
            virtual = clock
            source = ScriptedGNSS(script: [
                .init(at: 0.5, .status(.noFix)),
                .init(at: 1, ScriptedGNSS.fix(51.5074, -0.1278, time: clock.wallNow() + 1)),
                .init(at: 2, ScriptedGNSS.fix(51.5074, -0.1278, time: clock.wallNow() + 2)),
            ], clock: clock)
        } else {
            source = GPSDClient(options: .init(host: host, port: port))
        }
        let events = source.events()
        let deadline = Date().addingTimeInterval(timeout)
        var lastStatus: PositionStatus?
        var it = events.makeAsyncIterator()
        let pump = Task { [virtual] in
            // The simulated script runs on a virtual clock: let it run in real time.
            guard let virtual else { return }
            let start = Date()
            while !Task.isCancelled {
                virtual.advance(to: Date().timeIntervalSince(start))
                try? await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        defer {
            pump.cancel()
            source.stop()
        }
        let watchdog = Task {
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
            if once { source.stop() }
        }
        defer { watchdog.cancel() }
        while let event = await it.next() {
            print(describe(event))
            switch event {
            case .fix: if once { return }
            case .status(let s): lastStatus = s
            case .rejected: break
            }
            if once && Date() > deadline { break }
        }
        if once {
            let why = lastStatus.map { describe(.status($0)) } ?? "no data"
            throw CommandError("gps: no fix within \(Int(timeout)) s (\(why))", exitCode: .unavailable)
        }
    }

    func describe(_ e: PositionEvent) -> String {
        switch e {
        case .fix(let f):
            let time = f.time.map(utcISO8601)
            if format == .json {
                return json(GPSReport(fix: .init(mode: f.mode == .threeD ? "3d" : "2d", latitude: fixed(f.latitude, 7),
                                                 longitude: fixed(f.longitude, 7), altitude: fixed(f.altitude, 1),
                                                 horizontalError: fixed(f.horizontalError, 1), time: time)))
            }
            return "fix \(f.mode == .threeD ? "3D" : "2D") \(jsonNumber(f.latitude, 6)), \(jsonNumber(f.longitude, 6))" +
                (f.altitude.map { " alt \(jsonNumber($0, 1)) m" } ?? "") +
                (f.horizontalError.map { " +-\(jsonNumber($0, 0)) m" } ?? "") + (time.map { " at \($0)" } ?? "")
        case .rejected(let why):
            return format == .json ? json(GPSReport(rejected: why)) : "rejected: \(why)"
        case .status(let s):
            let text: String
            switch s {
            case .noDaemon(let why): text = "no gpsd: \(why)"
            case .noDevice: text = "gpsd has no receiver"
            case .noFix: text = "no fix"
            case .silent: text = "no data from gpsd; reconnecting"
            }
            return format == .json ? json(GPSReport(status: text)) : "status: \(text)"
        }
    }

    /// A report as its line; encoding strings and numbers cannot fail, but if it did the line says so.
    private func json(_ report: GPSReport) -> String {
        (try? jsonLine(report)) ?? #"{"status":"unencodable report"}"#
    }
}

/// `mihrab gps --format json`: one line per event, with one key: a fix, a rejection or a status.
struct GPSReport: Encodable {
    struct Fix: Encodable {
        let mode: String
        @Nullable var latitude: Double?
        @Nullable var longitude: Double?
        @Nullable var altitude: Double?
        @Nullable var horizontalError: Double?
        @Nullable var time: String?
    }

    var fix: Fix? = nil
    var rejected: String? = nil
    var status: String? = nil
}
