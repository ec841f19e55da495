import Admin
import ArgumentParser
import Assembly
import Audio
import Compass
import Drivers
import FoundationEssentials
import Glibc
import Platform
import HAL
import LinuxHAL
import Logging
import Panels
import PrayerTimes
import Screen
import Service
import Simulation
import SiteLink
import UnitModel

extension VirtualClock: VirtualTimeControl {}

/// `mihrab run`: the daemon. On the simulated board everything is simulated (chips, GNSS,
/// GPIO, the clock) and a live view shows the outputs; on a real board it drives the
/// hardware and is what systemd starts.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run the unit (the simulated board needs no hardware).")

    @Option(help: "Board file (default: the config's service.board, or board/simulated.toml).") var board: String?
    @Option(help: "Site config (default: /etc/mihrab/mihrab.toml when it exists).") var config: String?
    @Option(parsing: .unconditional, help: "Simulation: virtual seconds per real second (1e6 or more: as fast as possible; default 60).") var speed: Double?
    @Option(help: "Simulation: the virtual start, local time YYYY-MM-DDTHH:MM (default: now).") var start: String?
    @Option(help: "Simulation: stop at this local time, YYYY-MM-DDTHH:MM.") var until: String?
    @Option(help: "Time zone (IANA name), instead of the config's.") var tz: String?
    @Option(parsing: .unconditional, help: "Simulation: the GNSS latitude.") var lat: Double?
    @Option(parsing: .unconditional, help: "Simulation: the GNSS longitude.") var lon: Double?
    @Option(help: "Write JSON lines for every fired or missed event and output change.") var record: String?
    @Option(name: .customLong("state-dir"), help: "State directory, instead of the config's (simulation: a fresh one per run by default).") var stateDir: String?
    @Option(help: "Serve the wall screen on ADDRESS:PORT instead of the config's screen.listen (\"\" for none; port 0: any free port).") var screen: String?
    @Option(name: .customLong("display-power"), help: "The hall's TV: cec, compositor, both or none, instead of the config's [display] power.") var displayPower: String?
    @Flag(help: "No live view (simulation).") var quiet = false
    @Option(help: "Simulation: press the stop button at this local time, YYYY-MM-DDTHH:MM[:SS] (repeatable).") var press: [String] = []
    @Option(name: .customLong("long-press"), help: "Simulation: hold the stop button 4 s from this local time (a test of the adhan sound).") var longPress: [String] = []

    func validate() throws {
        if let speed, !(speed.isFinite && speed > 0) { throw ValidationError("--speed must be above 0 (got \(speed))") }
        try validatePosition(lat: lat, lon: lon)
        if let screen, !screen.isEmpty, ListenAddress(screen) == nil {
            throw ValidationError("--screen must be ADDRESS:PORT, e.g. 127.0.0.1:8080 or [::1]:8080, or \"\" for none (got \(quoted(screen)))")
        }
        if let displayPower, DisplayConfig.Power(rawValue: displayPower) == nil {
            throw ValidationError("--display-power must be cec, compositor, both or none (got \(quoted(displayPower)))")
        }
        for (name, v) in [("--start", start), ("--until", until)] {
            if let v, RunCommand.parseLocal(v) == nil { throw ValidationError("\(name) must be a local time as YYYY-MM-DDTHH:MM (got \(quoted(v)))") }
        }
        for (name, list) in [("--press", press), ("--long-press", longPress)] {
            for v in list where RunCommand.parseLocalSeconds(v) == nil {
                throw ValidationError("\(name) must be a local time as YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS (got \(quoted(v)))")
            }
        }
    }

    static func parseLocal(_ s: String) -> (CivilDate, Int)? {
        let parts = s.split(separator: "T")
        guard parts.count == 2, let d = CivilDate(iso: parts[0]) else { return nil }
        let hm = parts[1].split(separator: ":")
        guard hm.count == 2, let h = Int(hm[0]), let m = Int(hm[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return (d, h * 60 + m)
    }

    /// YYYY-MM-DDTHH:MM[:SS]: the date and the seconds after midnight.
    static func parseLocalSeconds(_ s: String) -> (CivilDate, Int)? {
        let parts = s.split(separator: "T")
        guard parts.count == 2 else { return nil }
        let hms = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 3, let sec = Int(hms[2]), (0...59).contains(sec) else {
            return parseLocal(s).map { ($0.0, $0.1 * 60) }
        }
        return parseLocal("\(parts[0])T\(hms[0]):\(hms[1])").map { ($0.0, $0.1 * 60 + sec) }
    }

    func run() async throws {
        LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
        let logger = Logger(label: "mihrab")
        let configPath = config ?? (FileManager.default.fileExists(atPath: "/etc/mihrab/mihrab.toml") ? "/etc/mihrab/mihrab.toml" : nil)
        // The unit's own file first: it names the board, the state directory and the site's store.
        let own: SiteConfig
        do { own = try ownConfig(configPath, boardPath: board ?? "board/simulated.toml", atStart: true) } catch {
            throw CommandError(error.description, exitCode: .config, more: error.details)
        }
        let boardPath = board ?? (configPath != nil ? own.board : "board/simulated.toml")
        let boardConfig = try loadBoard(boardPath)
        let simulated = boardConfig.bus == .simulated
        if !simulated { try onlySimulated(boardPath) }
        let dir = try stateDirectory(own, simulated: simulated)
        let siteStore = RunCommand.siteStore(own, directory: dir, logger: logger)
        let (site, zone): (SiteConfig, ZoneRules)
        do { (site, zone) = try inForce(own, configPath: configPath, store: siteStore, atStart: true, logger: logger) } catch {
            throw CommandError(error.description, exitCode: .config)
        }
        let recorder: EventRecorder?
        do { recorder = try record.map { try EventRecorder(path: $0, zone: zone) } } catch {
            throw CommandError("--record: \(error)", exitCode: .validationFailure)
        }
        var unit = try simulated ? simulatedRun(site, zone: zone, board: boardConfig, directory: dir, recorder: recorder, logger: logger)
            : realRun(site, zone: zone, board: boardConfig, directory: dir, recorder: recorder, logger: logger)
        logger.notice("mihrab \(BuildInfo.version) on \(boardConfig.name), zone \(zone.identifier)")
        if let configPath {
            unit.options.reload = { [self] in reload(configPath, boardPath: boardPath, store: siteStore, logger: logger) }
        }
        // The screens' model, made once per snapshot for every output that shows it.
        let hub = unit.options.hub
        let feed = ScreenFeed()
        hub.subscribe(feed)
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.virtual, options: unit.options, logger: logger)
        // The outputs, each a plug-in of the hub built from its row of the table.
        let tty = simulated && !quiet && isatty(1) == 1
        _ = OutputTable.start(OutputContext(site: site, board: boardConfig, outputLines: unit.outputLines, displayBus: unit.displayBus, feed: feed,
                                            daemon: daemon, clock: unit.clock, siteStore: siteStore, configPath: configPath, recorder: recorder, logger: logger,
                                            liveView: simulated && !quiet ? LiveView(tty: isatty(1) == 1) : nil, tty: tty,
                                            overrides: { [self] in overrides(&$0) }), hub: hub)
        let status = await daemon.run()
        // Alerts and state are done with (the loop saved its state and the hub finished its
        // outputs before it returned). Each output closes what it holds; a server gets a second.
        await hub.stopOutputs()
        if status != 0 { throw ExitCode(status) }
    }

    /// The simulation's options, refused on a real board (the real clock and position).
    func onlySimulated(_ boardPath: String) throws {
        let given = [("--speed", speed != nil), ("--start", start != nil), ("--until", until != nil), ("--lat", lat != nil),
                     ("--lon", lon != nil), ("--press", !press.isEmpty), ("--long-press", !longPress.isEmpty)].filter(\.1).map(\.0)
        if !given.isEmpty {
            throw CommandError("\(given.joined(separator: ", ")): only for a simulated board (\(boardPath) is a real one, on the real clock and position)",
                               exitCode: .validationFailure)
        }
    }
}
