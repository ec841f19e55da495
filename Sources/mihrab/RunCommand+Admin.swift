import Admin
import FoundationEssentials
import Glibc
import Platform
import Logging
import Service
import SiteLink
import Synchronization
import UnitModel

/// The admin page's view of this unit: the site settings it applies (and, with MQTT, publishes
/// to the site), every unit of the site from the broker, and commands. Called from the admin
/// server's tasks; the loop is only asked (reload, a command), never waited for.
final class UnitAdminBackend: AdminBackend {
    let store: SiteSettingsStore
    let configPath: String?
    let link: UnitLink?
    let daemon: Daemon
    let unitID: String
    let site: String
    let latest: LatestStatus
    let logger: Logger
    /// The command line's settings over the file (the simulation's position, the screen's address).
    let overrides: @Sendable (inout SiteConfig) -> Void
    /// What the loop last published (the config it runs with), and the language it started with.
    let feed: ScreenFeed
    let startLanguage: String

    init(store: SiteSettingsStore, configPath: String?, link: UnitLink?, daemon: Daemon, network: NetworkConfig, feed: ScreenFeed,
         language: String, latest: LatestStatus, logger: Logger, overrides: @escaping @Sendable (inout SiteConfig) -> Void) {
        (self.store, self.configPath, self.link, self.daemon, self.latest, self.logger) = (store, configPath, link, daemon, latest, logger)
        (self.feed, startLanguage) = (feed, language)
        unitID = network.unitID.isEmpty ? "this-unit" : network.unitID
        site = network.site.isEmpty ? "local" : network.site
        self.overrides = overrides
    }

    /// The unit's file alone, read again.
    private func own() -> SiteConfig {
        var c = (try? configPath.map { try SiteConfig.load(path: $0, lenientSounds: true) } ?? SiteConfig()) ?? SiteConfig()
        overrides(&c)
        return c
    }

    func language() -> String { feed.read().input?.config.screen.language ?? startLanguage }

    func snapshot() -> AdminSnapshot {
        let s = store.settings
        var effective = own()
        if let e = try? store.effective(localFile: configPath) {
            effective = e
            overrides(&effective)
        }
        return AdminSnapshot(version: s?.version ?? 0, siteTOML: s?.toml ?? "", effective: effective)
    }

    func apply(toml: String, user: String) -> Result<SavedSettings, ConfigError> {
        let file = "admin page"
        do throws(ConfigError) {
            let settings = try store.storeNext(above: link?.newestVersion ?? .none) { next throws(ConfigError) in
                // The timetable the site's settings carry stays with them (the page does not edit it).
                let s = SiteSettings(version: next.version, site: site, file: file, toml: toml, published: utcISO8601(Date().timeIntervalSince1970),
                                     by: String(user.prefix(64)), timetable: store.settings?.timetable, series: next.series)
                // Checked alone, then as a whole: the unit's file with the change over it.
                _ = try s.over(localText: try SiteSettings.localText(configPath), localFile: configPath)
                // Signed with the site key when this unit holds it (the other units take nothing else).
                return link?.sign(s) ?? s
            }
            let version = settings.version
            daemon.requestReload()
            var stayedHere = false
            if let link {
                if link.publishSite(settings) {
                    logger.notice("admin: version \(version) published to site \(site)")
                } else {
                    stayedHere = true
                    logger.warning("admin: version \(version) applied on this unit but not published to site \(site): \(link.cannotPublish ?? "the broker is not connected")")
                }
            }
            return .success(SavedSettings(version: version, stayedHere: stayedHere))
        } catch {
            return .failure(error)
        }
    }

    func units() -> [AdminUnit] {
        if let link {
            let peers = link.peers()
            let roster = peers.contains { $0.enrolled }
            if !peers.isEmpty { return peers.map { AdminUnit(id: $0.id, state: $0.state, status: $0.status, enrolled: roster ? $0.enrolled : nil) } }
        }
        return [AdminUnit(id: unitID, state: "online", status: latest.get())]
    }

    func command(_ name: String, unit: String, user: String) -> Result<String, AdminCommandError> {
        guard let c = RemoteCommand(rawValue: name) else {
            return .failure(.init("\(quoted(name)) is not a command (\(RemoteCommand.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        let id = "admin-" + UUID().uuidString.prefix(8).lowercased()
        logger.notice("admin: \(user) sent \(c.rawValue) to \(unit) (id \(id))")
        if unit == unitID || link == nil {
            guard unit == unitID else { return .failure(.init("\(quoted(unit)) is not a unit of this site")) }
            daemon.perform(c, id: id)
            return .success(id)
        }
        guard let link, link.send(c, to: unit, id: id) else { return .failure(.init("\(unit): the broker is not connected")) }
        return .success(id)
    }

    /// This unit's screens first (at once, whatever the broker does), then every other unit
    /// the link knows of, each its own signed command.
    func message(_ request: MessageRequest, user: String) -> Result<MessageSent, AdminCommandError> {
        let id = "admin-" + UUID().uuidString.prefix(8).lowercased()
        daemon.showMessage(request, id: id)
        guard let link else { return .success(MessageSent(id: id, units: 1)) }
        let others = link.peers().map(\.id).filter { $0 != unitID }
        let sent = others.filter { link.send(request, to: $0, id: id) }.count
        var problem: String?
        if sent < others.count { problem = "the broker is not connected: sent to \(sent) of \(others.count) other unit(s)" }
        else if !link.signsCommands, !others.isEmpty { problem = "sent unsigned (no signing_key in [network]): only units that take message unsigned show it" }
        if let problem { logger.warning("admin: message (id \(id)): \(problem)") }
        return .success(MessageSent(id: id, units: 1 + sent, problem: problem))
    }
}

/// The latest status report (a subscriber of the once-a-second snapshots; the admin page reads it).
final class LatestStatus: SnapshotSubscriber, @unchecked Sendable {
    // @unchecked: `hub` is set once, before the first snapshot comes.
    let name = "admin status"
    private weak var hub: SnapshotHub?
    private let report = Mutex<StatusReport?>(nil)
    func attach(_ hub: SnapshotHub) {
        self.hub = hub
        hub.subscribe(self)
    }
    func receive(_ s: UnitSnapshot) {
        guard let r = hub?.status(of: s) else { return }
        report.withLock { $0 = r }
    }
    func get() -> StatusReport? { report.withLock { $0 } }
}

/// `[admin] listen` as an output of the run's table: the admin page, started beside the loop,
/// not before it (a slow start, a certificate to make, never holds back the first adhan); a
/// server that cannot start is logged and the unit runs on. Its state is a row of `servers`
/// and of `outputs`; at the end it gets a second to close its connections.
final class AdminOutput: OutputPlugin {
    let name = "admin"
    private let site: SiteConfig
    private let backend: UnitAdminBackend
    private let latest: LatestStatus
    private let gate: SetupGate?
    private let setup: UnitSetupBackend?
    private let daemon: Daemon
    private let stateDirectory: String
    private let logger: Logger
    private let running = Mutex<(task: Task<Void, Never>?, server: AdminServer?, watch: Task<Void, Never>?)>((nil, nil, nil))

    init(site: SiteConfig, backend: UnitAdminBackend, latest: LatestStatus, gate: SetupGate?, setup: UnitSetupBackend?, daemon: Daemon,
         stateDirectory: String, logger: Logger) {
        (self.site, self.backend, self.latest, self.stateDirectory, self.logger) = (site, backend, latest, stateDirectory, logger)
        (self.gate, self.setup, self.daemon) = (gate, setup, daemon)
    }

    func start(_ hub: SnapshotHub) {
        latest.attach(hub)
        if let gate {
            // What the screens show of setup mode, from now on; the password file looked at
            // every 2 s (`mihrab admin passwd` or `mihrab setup reset` from a shell).
            gate.recheck()
            gate.onChange { [daemon] in daemon.showSetup($0) }
            let watch = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(2))
                    gate.recheck(force: false)
                }
            }
            running.withLock { $0.watch = watch }
        }
        let task = Task { [self] in
            do {
                let server = try AdminServer(config: site.admin, stateDirectory: stateDirectory, backend: backend, logger: logger, setup: setup)
                try await server.start()
                running.withLock { $0.server = server }
            } catch {
                logger.error("\(error); the unit runs on without its admin page")
            }
        }
        running.withLock { $0.task = task }
    }

    func status(into report: inout StatusReport) {
        let c = running.withLock { $0.server }?.condition
        report.servers = (report.servers ?? []) + (c.map { [$0] } ?? [])
        if let c { report.add(.init(name: name, kind: .server, state: OutputState(server: c.state), problem: c.problem)) }
    }

    func stop() async {
        let (task, server, watch) = running.withLock { ($0.task, $0.server, $0.watch) }
        task?.cancel()
        watch?.cancel()
        await awaitAtMost(seconds: 1) { await server?.stop() }
    }
}
