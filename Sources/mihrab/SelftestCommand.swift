import ArgumentParser
import Assembly
import Audio
import Drivers
import FoundationEssentials
import Glibc
import Platform
import HAL
import LinuxHAL
import Service

/// `mihrab selftest`: what an installer runs on a new unit. Each configured chip is probed
/// (identity and one reading), each LED and the buzzer is switched on and off in turn (and
/// read back), a tone is played through the sound device, gpsd's state is reported. Exits
/// non-zero with the list of what failed.
struct SelftestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selftest", abstract: "Check a unit's chips, LEDs, buzzer, sound and GPS.")

    @Option(help: "Board file.") var board = "board/simulated.toml"
    @Option(parsing: .unconditional, help: "Seconds each output stays on (so a person, or a test rig, can see it).") var hold: Double = 0.3
    @Option(help: "gpsd host and port.") var gpsd = "localhost:2947"
    @Option(help: "Output format (text or json).") var format: OutputFormat = .text
    @Option(help: "ALSA device for the sound check (default: \"default\" on a real board; the simulated board has no sound check unless given).")
    var soundDevice: String?

    struct Check: Encodable {
        let name: String
        let ok: Bool
        let detail: String

        private enum CodingKeys: String, CodingKey { case name = "check", ok, detail }
    }

    /// What `--format json` prints: every check in order, gpsd's state, whether all passed.
    struct Report: Encodable {
        let board: String
        let checks: [Check]
        let gps: String
        let passed: Bool
    }

    func validate() throws {
        guard hold.isFinite, (0...10).contains(hold) else { throw ValidationError("--hold must be 0 to 10 seconds (got \(hold))") }
        if format == .csv { throw ValidationError("--format must be text or json for selftest") }
    }

    func run() async throws {
        let b = try loadBoard(board)
        var checks: [Check] = []
        let start = Date()
        let now = { Date().timeIntervalSince(start) }

        // Chips: identity, initialisation, one reading.
        do {
            let bus = try openBus(board: b, busNumber: nil, now: now)
            let chips = BoardAssembler(b).chipDrivers(on: bus, pause: pauseThread)
            if chips.isEmpty { checks.append(Check(name: "compass chips", ok: false, detail: "none found on \(bus.name)")) }
            for (c, d) in chips {
                let name = "\(c.model.rawValue) at \(hex(c.address))"
                do {
                    guard try d.probe() else { throw SensorError.wrongIdentity(chip: c.model, address: c.address, found: []) }
                    try d.initialize()
                    var sample: Triple?
                    let until = now() + 1
                    while sample == nil && now() < until {
                        sample = try d.read()
                        if sample == nil { pauseThread(0.01) }
                    }
                    guard let s = sample else { throw SensorError.configurationRejected(chip: c.model, address: c.address, register: 0) }
                    let unit = c.model.kind == .magnetometer ? "uT" : "m/s^2"
                    checks.append(Check(name: name, ok: true, detail: cFormat("%.2f, %.2f, %.2f ", s.x, s.y, s.z) + unit))
                } catch let e as SensorError {
                    let why: String = if case .configurationRejected = e { "no reading within 1 s" } else { e.description }
                    checks.append(Check(name: name, ok: false, detail: why))
                }
            }
        } catch let e as CommandError {
            checks.append(Check(name: "I2C bus", ok: false, detail: e.description))
        }

        // Outputs, one at a time, in the board's order.
        let order = BoardConfig.Output.allCases.filter { b.lines[$0] != nil }
        let outputs = BoardAssembler(b).separateOutputs(order, consumer: "mihrab-selftest", wallNow: { Date().timeIntervalSince1970 })
        for (output, result) in outputs {
            let name = output.rawValue
            switch result {
            case .failure(let why): checks.append(Check(name: "output \(name)", ok: false, detail: why.description))
            case .success(let out):
                do {
                    try out.set(true)
                    let on = try out.get()
                    if hold > 0 { try? await Task.sleep(nanoseconds: UInt64(hold * 1e9)) }
                    try out.set(false)
                    let off = try out.get()
                    checks.append(Check(name: "output \(name)", ok: on && !off,
                                        detail: on && !off ? "on and off, read back" : "read back \(on) then \(off)"))
                } catch {
                    checks.append(Check(name: "output \(name)", ok: false, detail: "\(error)"))
                }
            }
        }

        // Sound: a 1 s tone through the device, as the daemon plays the adhan.
        if let device = soundDevice ?? (b.bus == .simulated ? nil : "default") {
            checks.append(Self.soundCheck(device: device))
        }

        // GNSS: informative (a unit without a receiver uses its configured position).
        let gps: String
        if b.bus == .simulated {
            gps = "simulated"
        } else {
            let parts = gpsd.split(separator: ":")
            let client = GPSDClient(options: .init(host: String(parts.first ?? "localhost"), port: parts.count > 1 ? Int(parts[1]) ?? 2947 : 2947))
            // The first report, or none within 3 s (stopping the client ends the stream).
            let stream = client.events()
            let timer = Task {
                try? await Task.sleep(nanoseconds: 3_000_000_000)
                client.stop()
            }
            var first: PositionEvent?
            for await e in stream {
                first = e
                break
            }
            timer.cancel()
            client.stop()
            switch first {
            case .fix(let f)?: gps = cFormat("fix %.5f, %.5f", f.latitude, f.longitude)
            case .status(.noDaemon(let why))?: gps = "no gpsd (\(why))"
            case .status(let s)?: gps = "\(s)"
            case .rejected(let why)?: gps = why
            case nil: gps = "gpsd connected, no report within 3 s"
            }
        }

        let failed = checks.filter { !$0.ok }
        if format == .json {
            print(try jsonLine(Report(board: b.name, checks: checks, gps: gps, passed: failed.isEmpty)))
        } else {
            print("Selftest of \(b.name):")
            for c in checks { print("  \(c.ok ? "ok  " : "FAIL") \(c.name): \(c.detail)") }
            print("  gps: \(gps)")
        }
        if !failed.isEmpty {
            throw CommandError("selftest failed: \(failed.map(\.name).joined(separator: ", "))")
        }
    }

    /// Plays the self-test tone (1 s of 880 Hz) on `device`; ok when it played to its end.
    static func soundCheck(device: String) -> Check {
        let tone = Tone.selftest()
        let request = SoundRequest(items: [.init(sound: tone.info, event: "test", prayer: nil)], volume: 100, fadeIn: 0)
        let outcome = playOnce(request, device: ALSADevice(name: device), open: { _ in Tone.selftest() }, timeout: 10)
        switch outcome {
        case .ended: return Check(name: "sound \(device)", ok: true, detail: "played a 1 s 880 Hz tone")
        case .failed(let why, _): return Check(name: "sound \(device)", ok: false, detail: why)
        }
    }
}
