import FoundationEssentials
import Glibc
import HAL
import Logging
import Service
import SiteLink
import Synchronization
import UnitModel

/// `mihrab run`'s part on the site's network: the stored site settings over the unit's own
/// file, and the MQTT link (off the loop; the unit runs on without it).
extension RunCommand {
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
    static func startLink(_ site: SiteConfig, store: SiteSettingsStore?, configPath: String?, daemon: Daemon, clock: any DeviceClock,
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
                                       version: BuildInfo.version, clock: clock)
            (setup.unitKey, setup.roster, setup.television) = (unitKey, site.roster, site.display.power != .none)
            let link = try UnitLink(setup,
                                    store: store, logger: logger, reload: { daemon.requestReload() },
                                    perform: { c, id in daemon.perform(c, id: id) },
                                    showMessage: { r, id in daemon.showMessage(r, id: id) },
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

/// `[network]` as an output of the run's table: each new event (by its number) on the event
/// topic, the whole status once a second for the status topic (the link hands both to its own
/// queue), and, when a reload brings another `[network]` key or roster, the link verifies with
/// them from then on. The link's state is the status's `site` and a row of its `outputs`.
final class NetworkOutput: SnapshotSubscriber, OutputPlugin, @unchecked Sendable {
    // @unchecked: `taken` and `keys` are touched on the subscriber's queue only.
    let name = "network"
    var everySnapshot: Bool { true }
    private let link: UnitLink
    private let logger: Logger
    private var taken: UInt64 = 0
    /// The keys the link verifies with now.
    private var keys: (network: NetworkConfig, roster: [String: String])
    private weak var hub: SnapshotHub?

    init(link: UnitLink, network: NetworkConfig, roster: [String: String], logger: Logger) {
        (self.link, self.logger, keys) = (link, logger, (network, roster))
    }

    func start(_ hub: SnapshotHub) {
        self.hub = hub
        do { try link.start() } catch { logger.error("network: \(error); the unit runs on without the site's network") }
        hub.subscribe(self)
    }

    func receive(_ s: UnitSnapshot) {
        if let c = s.screen?.config, c.network != keys.network || c.roster != keys.roster {
            keys = (c.network, c.roster)
            link.rekey(c.network, signing: RunCommand.usableSigningKey(c.network, logger: logger), roster: c.roster)
        }
        let (events, lost) = s.events(after: taken)
        if lost > 0 { logger.warning("network: \(lost) events were not published (the link fell behind)") }
        for e in events { link.event(e.event) }
        taken = events.last?.number ?? taken
        if s.periodic, let hub { link.report(hub.status(of: s)) }
    }

    func status(into report: inout StatusReport) {
        let site = link.siteStatus()
        report.site = site
        report.add(.init(name: name, kind: .network, state: OutputState(broker: site.broker), problem: site.problem))
    }

    func stop() async { link.stop() }
}
