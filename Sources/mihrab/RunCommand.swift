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
    @Flag(help: "No live view (simulation).") var quiet = false
    @Option(help: "Simulation: press the stop button at this local time, YYYY-MM-DDTHH:MM[:SS] (repeatable).") var press: [String] = []
    @Option(name: .customLong("long-press"), help: "Simulation: hold the stop button 4 s from this local time (a test of the adhan sound).") var longPress: [String] = []

    func validate() throws {
        if let speed, !(speed.isFinite && speed > 0) { throw ValidationError("--speed must be above 0 (got \(speed))") }
        try validatePosition(lat: lat, lon: lon)
        if let screen, !screen.isEmpty, ListenAddress(screen) == nil {
            throw ValidationError("--screen must be ADDRESS:PORT, e.g. 127.0.0.1:8080 or [::1]:8080, or \"\" for none (got \(quoted(screen)))")
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
        // A sound file that does not load is logged, and its buzzer pattern sounds: never a unit kept down.
        var site = try configPath.map { try loadConfig($0, lenientSounds: true) } ?? SiteConfig()
        let boardPath = board ?? (configPath != nil ? site.board : "board/simulated.toml")
        let boardConfig = try loadBoard(boardPath)
        let simulated = boardConfig.bus == .simulated
        if configPath == nil {
            // No site config: the defaults' sound names, looked up beside the board too (board/sounds).
            let folder = parentFolder(of: boardPath)
            do { try site.sound.resolve(patterns: site.patterns, extra: [(folder.isEmpty ? "." : folder) + "/sounds"], lenient: true) } catch {
                throw CommandError("sounds.\(error.name.rawValue): \(error.message)", exitCode: .config)
            }
        }
        if !simulated {
            let given = [("--speed", speed != nil), ("--start", start != nil), ("--until", until != nil), ("--lat", lat != nil),
                         ("--lon", lon != nil), ("--press", !press.isEmpty), ("--long-press", !longPress.isEmpty)].filter(\.1).map(\.0)
            if !given.isEmpty {
                throw CommandError("\(given.joined(separator: ", ")): only for a simulated board (\(boardPath) is a real one, on the real clock and position)",
                                   exitCode: .validationFailure)
            }
        }
        let zoneName = tz ?? site.zone
        let zone: ZoneRules
        do { zone = zoneName == "system" ? ZoneRules.system() : try ZoneRules.load(zoneName) } catch {
            throw CommandError("time zone: \(error)", exitCode: .config)
        }
        overrides(&site)
        let recorder: EventRecorder?
        do { recorder = try record.map { try EventRecorder(path: $0, zone: zone) } } catch {
            throw CommandError("--record: \(error)", exitCode: .validationFailure)
        }

        let core: UnitCore
        let clock: DeviceClock
        var virtual: VirtualClock?
        var options = Daemon.Options()
        var panelBus: I2CBus?
        var relayLine: (any DigitalOutput)?
        var view: LiveView?
        var siteStore: SiteSettingsStore?
        if simulated {
            let startWall = start.flatMap(RunCommand.parseLocal).map { Planner.localInstant($0.0, minute: $0.1, zone: zone) }
                ?? Date().timeIntervalSince1970
            let v = VirtualClock(wallStart: startWall)
            virtual = v
            clock = v
            // A fresh state per run (the same simulated day run twice sounds twice), unless asked.
            let dir = try stateDir ?? RunCommand.freshDirectory()
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let store = StateStore(directory: dir)
            siteStore = RunCommand.siteStore(site, directory: dir, logger: logger)
            site = effective(site, store: siteStore, configPath: configPath, logger: logger)
            if stateDir != nil {
                RunCommand.describe(store, logger: logger)
            } else {
                logger.notice("simulated unit's state and status in \(dir) (fresh for this run; --state-dir DIR to keep one across runs)")
            }
            let unit = simulatedUnit(site: site, zone: zone, board: boardConfig, clock: v, store: store,
                                     calibration: CalibrationStore(directory: dir).calibration, recorder: recorder, logger: logger,
                                     presses: presses(zone: zone, startWall: startWall))
            core = unit.core
            panelBus = unit.displayBus
            relayLine = unit.relay
            options.speed = speed ?? 60
            options.until = until.flatMap(RunCommand.parseLocal).map { Planner.localInstant($0.0, minute: $0.1, zone: zone) }
            options.statusPath = dir + "/status.json"
            if !quiet { view = LiveView(tty: isatty(1) == 1) }
        } else {
            let system = SystemClock()
            clock = system
            let waker = LoopWaker()
            options.waker = waker
            let assembler = BoardAssembler(boardConfig)
            assembler.awaitDevices(seconds: 30) { logger.notice("\($0)") }
            var hw: UnitCore.Hardware
            do {
                let assembled = try assembler.real(waker: waker) { logger.warning("\($0)") }
                (hw, relayLine) = (assembled.hardware, assembled.relay)
            } catch { throw CommandError(error) }
            // The speaker: its own thread; a missing device is retried there, the buzzer meanwhile.
            hw.sound = assembler.speaker(device: site.sound.device, keepAwake: site.sound.keepAwake, waker: waker,
                                         logger: { logger.warning("\($0)") })
            panelBus = assembler.displayBus { logger.error("\($0)") }
            logger.notice(site.sound.device == "none" ? "sound: no speaker (sounds.device = \"none\"): the buzzer sounds every event"
                          : "sound: \(site.sound.device)\(site.sound.keepAwake ? ", kept awake" : "")")
            let dir = stateDir ?? site.stateDirectory
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            // systemd makes the runtime directory; by hand, it is made here (status.json, the fallback record).
            let runtime: String? = (try? FileManager.default.createDirectory(atPath: site.runtimeDirectory, withIntermediateDirectories: true))
                .map { site.runtimeDirectory }
            if runtime == nil { logger.warning("runtime directory \(site.runtimeDirectory) cannot be made: no status file") }
            let store = StateStore(directory: dir, fallbackDirectory: runtime)
            siteStore = RunCommand.siteStore(site, directory: dir, logger: logger)
            site = effective(site, store: siteStore, configPath: configPath, logger: logger)
            let calibration = CalibrationStore(directory: dir)
            for p in calibration.problems { logger.warning("\(p)") }
            core = UnitCore(config: site, zone: zone, hardware: hw, clock: system,
                            position: BufferedPosition(source: GPSDClient(options: .init()), onEvent: { waker.wake() }),
                            sync: KernelClockSync(),
                            store: store, calibration: calibration.calibration, recorder: recorder, logger: logger)
            options.statusPath = runtime.map { $0 + "/status.json" }
        }
        logger.notice("mihrab \(BuildInfo.version) on \(boardConfig.name), zone \(zone.identifier)")
        // The outputs: each a subscriber of the loop's snapshots (status.json is the daemon's own).
        let hub = options.hub
        let feed = ScreenFeed()
        hub.subscribe(feed)
        let screen = startScreen(site.screen.listen, feed: feed, logger: logger, tty: simulated && !quiet && isatty(1) == 1)
        let panels = startPanels(boardConfig, bus: panelBus, feed: feed, logger: logger)
        if let panels { hub.addStatusPart { $0.displays = panels.status() } }
        let adminSlot = AdminSlot()
        if screen != nil || !site.admin.listen.isEmpty {
            hub.addStatusPart { [screen = screen?.server] in $0.servers = [screen?.condition, adminSlot.server?.condition].compactMap { $0 } }
        }
        let slot = DaemonSlot()
        let link = RunCommand.startLink(site, store: siteStore, configPath: configPath, daemon: slot, logger: logger)
        if let configPath {
            options.reload = { [siteStore] in
                do {
                    var c = try SiteConfig.load(path: configPath)
                    if let siteStore { RunCommand.dropOtherKeys(siteStore, c.network, logger: logger) }
                    if let e = try siteStore?.effective(localFile: configPath) { c = e }
                    overrides(&c)
                    let z = c.zone == "system" ? ZoneRules.system() : try ZoneRules.load(c.zone)
                    // The link verifies with the reloaded site_key from now on.
                    link?.rekey(c.network, signing: RunCommand.usableSigningKey(c.network, logger: logger), roster: c.roster)
                    return .success((c, z))
                } catch let e as ConfigError {
                    return .failure(e)
                } catch {
                    return .failure(ConfigError(file: configPath, line: nil, path: "time.zone", message: "\(error)"))
                }
            }
        }
        let latest = LatestStatus(hub: hub)
        hub.subscribe(latest)
        if let link {
            hub.addStatusPart { $0.site = link.siteStatus() }
            hub.subscribe(LinkOutput(link: link, hub: hub, logger: logger))
        }
        if let view { hub.subscribe(view) }
        RunCommand.startRelay(relayLine, during: boardConfig.outputs.relay?.during ?? [], hub: hub, logger: logger)
        let daemon = Daemon(core: core, clock: clock, virtual: virtual, options: options, logger: logger)
        slot.set(daemon)
        do { try link?.start() } catch { logger.error("network: \(error); the unit runs on without the site's network") }
        var admin: Task<AdminServer?, Never>?
        if let siteStore, !site.admin.listen.isEmpty {
            let backend = UnitAdminBackend(store: siteStore, configPath: configPath, link: link, daemon: slot, network: site.network,
                                           feed: feed, language: site.screen.language, latest: latest, logger: logger, overrides: { [self] in overrides(&$0) })
            let state = siteStore.directory
            // Beside the loop, not before it: a slow start (a certificate to make, an HTTP
            // server slow to listen) never holds back the first adhan.
            admin = Task { [site] in
                let server = await RunCommand.startAdmin(site, backend: backend, stateDirectory: state, logger: logger)
                adminSlot.server = server
                return server
            }
        }
        let status = await daemon.run()
        // Alerts and state are done with (the loop saved its state before it returned). The
        // servers get a second to close their connections; the process ends then whatever
        // they are doing (a client in the middle of a large request holds nothing).
        admin?.cancel()
        await awaitAtMost(seconds: 1) { await adminSlot.server?.stop() }
        link?.stop()
        screen?.task.cancel()
        panels?.stop()
        if status != 0 { throw ExitCode(status) }
    }

    /// --press and --long-press as (monotonic time on the virtual clock, seconds held).
    func presses(zone: ZoneRules, startWall: Double) -> [(at: Double, held: Double)] {
        func at(_ s: String) -> Double? {
            RunCommand.parseLocalSeconds(s).map { Planner.localInstant($0.0, minute: $0.1 / 60, zone: zone) + Double($0.1 % 60) - startWall }
        }
        return press.compactMap { at($0).map { ($0, 0.2) } } + longPress.compactMap { at($0).map { ($0, 4.0) } }
    }

    /// A new, empty state directory for one simulated run.
    static func freshDirectory() throws -> String {
        let dir = temporaryDirectory() + "mihrab-simulated-" + UUID().uuidString
        if let problem = makeDirectory(dir, intermediate: false) {
            throw CommandError("cannot make a state directory \(dir): \(problem)", exitCode: .unavailable)
        }
        return dir
    }

    /// One line on what a given state directory already holds: those events will not sound again.
    static func describe(_ store: StateStore, logger: Logger) {
        let ids = store.state.events.keys.sorted()
        guard let first = ids.first, let last = ids.last else {
            logger.notice("state \(store.path): no events decided yet")
            return
        }
        let fired = store.state.events.values.filter { $0.state == .fired }.count
        logger.notice("state \(store.path) already holds \(ids.count) decided events (\(fired) fired, \(ids.count - fired) missed), \(first) to \(last): they will not sound again in this run")
    }
}
