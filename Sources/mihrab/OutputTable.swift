import Assembly
import HAL
import Logging
import Panels
import Screen
import Service
import SiteLink
import UnitModel

/// What an output is built from: the board and config files' sections, the assembled board,
/// the running daemon (for the network's and the admin page's commands), and the outputs built
/// before it in the table (the admin page asks the network's link).
final class OutputContext {
    let site: SiteConfig
    let board: BoardConfig
    /// The lines of `[outputs]` by output name, and the displays' bus, from the board's assembly.
    let outputLines: [String: any DigitalOutput]
    let displayBus: I2CBus?
    let feed: ScreenFeed
    let daemon: Daemon
    /// The unit's clock (the virtual one in a simulation): the only one its outputs read.
    let clock: any DeviceClock
    let siteStore: SiteSettingsStore?
    let configPath: String?
    let recorder: EventRecorder?
    let logger: Logger
    /// The simulation's live view on a terminal (nil: none).
    let liveView: LiveView?
    /// Whether the screen's address is said on the live view's terminal.
    let tty: Bool
    /// The command line's settings over a config (the admin page reads the unit's file again).
    let overrides: @Sendable (inout SiteConfig) -> Void
    /// Built by the network's row (nil: no `[network]`, or it could not start).
    var link: UnitLink?

    init(site: SiteConfig, board: BoardConfig, outputLines: [String: any DigitalOutput], displayBus: I2CBus?, feed: ScreenFeed, daemon: Daemon, clock: any DeviceClock,
         siteStore: SiteSettingsStore?, configPath: String?, recorder: EventRecorder?, logger: Logger, liveView: LiveView?, tty: Bool,
         overrides: @escaping @Sendable (inout SiteConfig) -> Void) {
        (self.site, self.board, self.outputLines, self.displayBus, self.feed, self.daemon) = (site, board, outputLines, displayBus, feed, daemon)
        self.clock = clock
        (self.siteStore, self.configPath, self.recorder, self.logger, self.liveView, self.tty) = (siteStore, configPath, recorder, logger, liveView, tty)
        self.overrides = overrides
    }
}

/// `mihrab run`'s outputs, one row each: a row reads its section of the board or config file
/// and builds its outputs (none when the section is absent) from the context. `run` walks
/// the table and gives each output to the hub (`SnapshotHub.add`), which starts it, asks it
/// for its part of every status and stops it after the loop. A new output is one row here,
/// its section's reader, and its `OutputPlugin`.
enum OutputTable {
    static let rows: [(section: String, build: @Sendable (OutputContext) -> [any OutputPlugin])] = [
        ("[[outputs.relay]]", relays),
        ("[display] power", television),
        ("[screen] listen", screen),
        ("[[displays]]", displays),
        ("[network]", network),
        ("[admin] listen", admin),
        ("the live view", { $0.liveView.map { [$0] } ?? [] }),
    ]

    /// Every row's outputs, each given to the hub (and so started), in the table's order.
    static func start(_ context: OutputContext, hub: SnapshotHub) -> [any OutputPlugin] {
        var all: [any OutputPlugin] = []
        for row in rows {
            for output in row.build(context) {
                hub.add(output)
                all.append(output)
            }
        }
        return all
    }

    /// `[[outputs.relay]]`: each its line (a recording one on a simulated board), on its phases.
    static func relays(_ c: OutputContext) -> [any OutputPlugin] {
        c.board.outputs.relays.compactMap { r in
            guard let line = c.outputLines[r.name] else { return nil }
            c.logger.notice("relay \(r.name): \(line.name), on during \(r.during.map(\.rawValue).joined(separator: ", "))")
            return RelayOutput(name: r.name, line: line, during: r.during, recorder: c.recorder, log: { [logger = c.logger] in logger.error("\($0)") })
        }
    }

    /// `[display] power`: the hall's TV, by the board's `[tv]` (the simulated board's answers).
    static func television(_ c: OutputContext) -> [any OutputPlugin] {
        let clock = c.clock
        if c.site.display.power == .none || c.site.display.power == .cec { CompositorPower.forget(runtimeDirectory: c.site.runtimeDirectory) }
        guard let tv = BoardAssembler(c.board).television(c.site.display.power, runtimeDirectory: c.site.runtimeDirectory,
                                                          now: { clock.monotonicNow() }) else { return [] }
        c.logger.notice("display: the TV's power by \(tv.driver.name), \(c.site.display.allDay ? "on all day" : "on around each prayer")")
        return [DisplayPowerOutput(driver: tv.driver, log: { [logger = c.logger] in logger.notice("\($0)") })]
    }

    /// `[screen] listen`: the wall screen's server (none when "").
    static func screen(_ c: OutputContext) -> [any OutputPlugin] {
        guard let address = ListenAddress(c.site.screen.listen) else {
            c.logger.notice("screen: off (screen.listen is \"\")")
            return []
        }
        do {
            return [try ScreenOutput(feed: c.feed, address: address, logger: c.logger, tty: c.tty)]
        } catch {
            c.logger.error("\(error)")
            return []
        }
    }

    /// `[[displays]]`: the board's small displays, their drivers from the assembly, on one
    /// thread (on a real board the bus is the compass's handle, each transfer whole under its lock).
    static func displays(_ c: OutputContext) -> [any OutputPlugin] {
        // The bus is the board assembly's (nil: no displays, or a bus that did not open, logged there).
        guard !c.board.displays.isEmpty, let bus = c.displayBus else { return [] }
        let drivers = BoardAssembler(c.board).displayDrivers(on: bus, pause: pauseThread).map { PanelDriver($0.display, device: $0.device) }
        let output = PanelOutput(drivers: drivers, feed: c.feed, log: { [logger = c.logger] in logger.warning("\($0)") })
        c.logger.notice("displays: \(output.labels.joined(separator: ", "))")
        return [output]
    }

    /// `[network]`: the link to the site's broker.
    static func network(_ c: OutputContext) -> [any OutputPlugin] {
        guard let link = RunCommand.startLink(c.site, store: c.siteStore, configPath: c.configPath, daemon: c.daemon, clock: c.clock,
                                              logger: c.logger) else {
            return []
        }
        c.link = link
        return [NetworkOutput(link: link, network: c.site.network, roster: c.site.roster, logger: c.logger)]
    }

    /// `[admin] listen`: the admin page (it needs the site's settings kept: `[admin]` makes the store).
    static func admin(_ c: OutputContext) -> [any OutputPlugin] {
        guard let store = c.siteStore, !c.site.admin.listen.isEmpty else { return [] }
        var site = c.site
        site.admin.passwordFile = site.admin.passwordFile(state: store.directory)
        let latest = LatestStatus()
        let backend = UnitAdminBackend(store: store, configPath: c.configPath, link: c.link, daemon: c.daemon, network: c.site.network,
                                       feed: c.feed, language: c.site.screen.language, latest: latest, logger: c.logger,
                                       overrides: c.overrides)
        // Setup mode while the password file has no user: the screens show the page and its code.
        let gate = SetupAddress.gate(listen: site.admin.listen, passwordFile: site.admin.passwordFile, logger: c.logger)
        let setup = gate.map { g in
            UnitSetupBackend(gate: g, admin: backend, passwordFile: site.admin.passwordFile, logger: c.logger,
                             places: SetupPlaces.search, near: { [feed = c.feed] in SetupPlaces.near(feed) })
        }
        return [AdminOutput(site: site, backend: backend, latest: latest, gate: gate, setup: setup, daemon: c.daemon,
                            stateDirectory: store.directory, logger: c.logger)]
    }
}
