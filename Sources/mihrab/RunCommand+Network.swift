import FoundationEssentials
import Glibc
import Logging
import Service
import SiteLink
import Synchronization

/// `mihrab run`'s part on the site's network: the stored site settings over the unit's own
/// file, and the MQTT link (off the loop; the unit runs on without it).
extension RunCommand {
    /// The site settings this unit applied (nil: no `[network]` and no `[admin]`, nothing to keep).
    static func siteStore(_ site: SiteConfig, directory: String, logger: Logger) -> SiteSettingsStore? {
        guard site.network.enabled || !site.admin.listen.isEmpty else { return nil }
        let store = SiteSettingsStore(directory: directory)
        if let p = store.problem { logger.error("site settings: \(p)") }
        return store
    }

    /// The unit's file with the stored site settings over it; settings that no longer pass
    /// the check (a newer unit's rules) are logged and the unit's own file runs.
    func effective(_ site: SiteConfig, store: SiteSettingsStore?, configPath: String?, logger: Logger) -> SiteConfig {
        guard let store else { return site }
        RunCommand.dropOtherKeys(store, site.network, logger: logger)
        guard let s = store.settings else { return site }
        do {
            guard var c = try store.effective(localFile: configPath) else { return site }
            overrides(&c)
            logger.notice("site config version \(s.version) (from \(s.by), \(s.published)) in force over \(configPath ?? "the defaults")")
            return c
        } catch {
            logger.error("site config version \(s.version) no longer passes the check, the unit's own file in force: \(error)")
            return site
        }
    }

    /// Settings signed with another key than `site_key` stop counting (a new site key, at a
    /// start or a reload): said once, when they are set aside.
    static func dropOtherKeys(_ store: SiteSettingsStore, _ network: NetworkConfig, logger: Logger) {
        guard network.enabled, let dropped = store.dropUnlessSigned(by: network.siteKey) else { return }
        logger.warning("site config version \(dropped.order) was signed with another key (\(dropped.key.map { String($0.prefix(20)) + "…" } ?? "none")) than [network] site_key: set aside, the unit's own file is in force until a config signed with the new key arrives")
    }

    /// What the command line sets over the config (the simulation's position, the screen's address).
    func overrides(_ c: inout SiteConfig) {
        if let lat, let lon { (c.latitude, c.longitude) = (lat, lon) }
        if let screen { c.screen.listen = screen }
    }

    /// `[network] signing_key`, read as the link reads it: nil without one; refused when others
    /// may read it, or when it is not the private half of `site_key`.
    static func signingKey(_ n: NetworkConfig) throws(MQTTError) -> SigningKey? {
        guard !n.signingKey.isEmpty else { return nil }
        let key = try SigningKey.load(n.signingKey)
        guard key.publicKey.text == n.siteKey else {
            throw MQTTError("signing_key: \(n.signingKey) is not the private half of site_key (its public half is \(key.publicKey))")
        }
        return key
    }

    /// The signing key, or nil with its line logged: a key that cannot sign costs the admin
    /// page its publishing, not the unit its link.
    static func usableSigningKey(_ n: NetworkConfig, logger: Logger) -> SigningKey? {
        do throws(MQTTError) { return try signingKey(n) } catch {
            logger.error("network: \(error); this unit's admin page cannot sign the site's settings or commands")
            return nil
        }
    }

    /// The link to the broker, started; nil without `[network]` or when it cannot start (logged).
    static func startLink(_ site: SiteConfig, store: SiteSettingsStore?, configPath: String?, daemon: DaemonSlot,
                          logger: Logger) -> UnitLink? {
        guard site.network.enabled, let store else { return nil }
        do throws(MQTTError) {
            let credentials = try site.network.credentials.isEmpty ? nil : MQTTCredentials.load(site.network.credentials)
            let admin = try site.network.adminCredentials.isEmpty ? nil : MQTTCredentials.load(site.network.adminCredentials)
            let signing = usableSigningKey(site.network, logger: logger)
            // The unit's own key (made at its first start on a site): what it says of itself is signed.
            var unitKey: SigningKey?
            do throws(MQTTError) {
                let (key, made) = try UnitKeyFile.loadOrMake(directory: store.directory)
                unitKey = key
                if made { logger.notice("network: made this unit's own key, \(UnitKeyFile.path(store.directory)): \(key.publicKey.text) (mihrab site enroll puts it on the site's roster)") }
                if site.roster[site.network.unitID].map({ $0 != key.publicKey.text }) == true {
                    logger.warning("network: the site's roster has another key for unit \(site.network.unitID) than this unit's own (\(key.publicKey)): its reports will not verify")
                }
            } catch {
                logger.error("network: this unit's own key: \(error); its status and events go unsigned")
            }
            var setup = UnitLink.Setup(network: site.network, credentials: credentials, adminCredentials: admin, signingKey: signing,
                                       version: BuildInfo.version)
            (setup.unitKey, setup.roster) = (unitKey, site.roster)
            let link = try UnitLink(setup,
                                    store: store, logger: logger, reload: { daemon.get()?.requestReload() },
                                    perform: { c, id in daemon.get()?.perform(c, id: id) },
                                    checkWhole: { s throws(ConfigError) in
                                        _ = try s.over(localText: try SiteSettings.localText(configPath), localFile: configPath)
                                    })
            return link
        } catch {
            logger.error("network: \(error); the unit runs on without the site's network")
            return nil
        }
    }
}

/// The daemon, for callbacks made before it exists (the link is built before the daemon,
/// whose options hold the link's hooks).
final class DaemonSlot: Sendable {
    private let slot = Mutex<Daemon?>(nil)
    func set(_ d: Daemon) { slot.withLock { $0 = d } }
    func get() -> Daemon? { slot.withLock { $0 } }
}

/// The link's side of the snapshots: each new event (by its number) on the event topic, and
/// the whole status once a second for the status topic. On the subscriber's queue; the link
/// hands both to its own.
final class LinkOutput: SnapshotSubscriber, @unchecked Sendable {
    // @unchecked: `taken` is touched on the subscriber's queue only.
    let name = "network"
    var everySnapshot: Bool { true }
    private let link: UnitLink
    private let hub: SnapshotHub
    private let logger: Logger
    private var taken: UInt64 = 0

    init(link: UnitLink, hub: SnapshotHub, logger: Logger) {
        (self.link, self.hub, self.logger) = (link, hub, logger)
    }

    func receive(_ s: UnitSnapshot) {
        let (events, lost) = s.events(after: taken)
        if lost > 0 { logger.warning("network: \(lost) events were not published (the link fell behind)") }
        for e in events { link.event(e.event) }
        taken = events.last?.number ?? taken
        if s.periodic { link.report(hub.status(of: s)) }
    }
}
