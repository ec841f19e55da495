import ArgumentParser
import Assembly
import Drivers
import FoundationEssentials
import Glibc
import Platform
import HAL
import LinuxHAL
import Logging
import Panels
import PrayerTimes
import Service
import Simulation
import UnitModel

/// `mihrab display`: what a board's small display shows at an instant, rendered through the
/// real driver into the chip's emulator and written as a PNG (and, with --show, sent to the
/// board's own display on its real bus). The content comes from a simulated unit at that
/// instant: the same screen model the wall screen shows.
struct DisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display", abstract: "Render what a board's small display (OLED, LCD) shows at an instant, as a PNG.")

    @Option(help: "Board file with [[displays]] (default: board/simulated.toml).") var board = "board/simulated.toml"
    @Option(help: "Site config (default: the built-in defaults).") var config: String?
    @Option(help: "The instant, local time YYYY-MM-DDTHH:MM[:SS] (default: now).") var at: String?
    @Option(help: "Time zone (IANA name), instead of the config's.") var tz: String?
    @Option(parsing: .unconditional, help: "Latitude, instead of the config's.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude, instead of the config's.") var lon: Double?
    @Option(help: "Which of the board's displays, from 0 in the board file's order.") var index = 0
    @Option(help: "Write the emulated display as a PNG here.") var png: String?
    @Option(help: "PNG pixels per display pixel (1-16).") var scale = 4
    @Flag(help: "Also send it to the board's own display on its real I2C bus (stop the daemon first: both would drive the chip).") var show = false

    func validate() throws {
        try validatePosition(lat: lat, lon: lon)
        if let at, RunCommand.parseLocalSeconds(at) == nil {
            throw ValidationError("--at must be a local time as YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS (got \(quoted(at)))")
        }
        if !(1...16).contains(scale) { throw ValidationError("--scale must be 1 to 16 (got \(scale))") }
        if png == nil, !show { throw ValidationError("give --png FILE, --show, or both") }
    }

    func run() throws {
        var site = try config.map { try loadConfig($0, lenientSounds: true) } ?? SiteConfig()
        let boardConfig = try loadBoard(board)
        guard !boardConfig.displays.isEmpty else {
            throw CommandError("board \(board) has no [[displays]]", exitCode: .config)
        }
        guard boardConfig.displays.indices.contains(index) else {
            throw CommandError("--index \(index): board \(board) has \(boardConfig.displays.count) display(s), 0 to \(boardConfig.displays.count - 1)",
                               exitCode: .validationFailure)
        }
        let display = boardConfig.displays[index]
        if show, boardConfig.bus == .simulated {
            throw CommandError("--show: board \(board) is simulated (no real bus); --png shows it", exitCode: .validationFailure)
        }
        let zoneName = tz ?? site.zone
        let zone: ZoneRules
        do { zone = try ZoneRules.named(zoneName) } catch {
            throw CommandError("time zone: \(error)", exitCode: .config)
        }
        if let lat, let lon { (site.latitude, site.longitude) = (lat, lon) }
        let instant = at.flatMap(RunCommand.parseLocalSeconds)
            .map { LocalMinute.instant($0.0, minute: $0.1 / 60, zone: zone) + Double($0.1 % 60) } ?? Date().timeIntervalSince1970

        let content = PanelContent(try DisplayCommand.model(site: site, zone: zone, board: boardConfig, at: instant))
        // The display's emulator, alone on its bus, in virtual time: its driver waits for nothing.
        let (bus, emulator) = BoardAssembler(boardConfig).simulatedDisplay(display)
        let driver = PanelDriver(display, device: BoardAssembler.displayDriver(display, on: bus, pause: noPause))
        do { try driver.show(content) } catch {
            throw CommandError("display \(display.label) (emulated): \(error)", exitCode: .software)
        }
        if let png {
            let image = emulator.render(scale: scale)
            guard FileManager.default.createFile(atPath: png, contents: Data(image.png)) else {
                throw CommandError("--png \(png): cannot write the file", exitCode: .cantCreate)
            }
            if let text = emulator.text { print(text.joined(separator: "\n")) }
            print("\(display.label): \(png) (\(image.width)x\(image.height))")
        }
        if show, case .linux(let n) = boardConfig.bus {
            let real = try BoardAssembler.openLinuxBus(n)
            let shown = PanelDriver(display, device: BoardAssembler.displayDriver(display, on: real, pause: pauseThread))
            do { try shown.show(content) } catch {
                throw CommandError("display \(display.label): \(error)", exitCode: .unavailable)
            }
            print("\(display.label): shown on /dev/i2c-\(n)")
        }
    }

    /// The screen model at `t` from a simulated unit run for the 30 s before it (the GNSS fix
    /// comes 2 s in; the compass settles). Its state goes to a scratch directory, or nowhere
    /// on a read-only system: that state is not the unit's, so "not persisted" is not shown.
    static func model(site: SiteConfig, zone: ZoneRules, board: BoardConfig, at t: Double) throws -> ScreenModel {
        let dir = temporaryDirectory() + "mihrab-display-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let warmUp = 30.0
        let clock = VirtualClock(wallStart: t - warmUp)
        var logger = Logger(label: "mihrab-display")
        logger.logLevel = .critical
        let unit = simulatedUnit(site: site, zone: zone, board: board, clock: clock, store: StateStore(directory: dir),
                                 calibration: nil, recorder: nil, logger: logger)
        while clock.monotonicNow() < warmUp {
            let next = unit.core.tick()
            clock.advance(to: min(max(next, clock.monotonicNow() + 0.001), warmUp))
        }
        _ = unit.core.tick()
        var model = ScreenModel.at(t, unit.core.screenInput)
        model.notices.removeAll { $0 == .stateNotPersisted }
        return model
    }
}
