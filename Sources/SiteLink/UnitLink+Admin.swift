import FoundationEssentials
import Glibc
import Dispatch
import Service
import Synchronization
import UnitModel

/// What the link tells status.json and the admin page, and what the admin page does through
/// it: the site's settings signed and published, commands sent to the site's units.
extension UnitLink {
    /// status.json's and the status topic's site part.
    public func siteStatus() -> StatusReport.Site {
        let (refused, refusals, problem, open) = shared.withLock { ($0.refused, $0.refusals, $0.problem, $0.openBroker) }
        let connected = client.isConnected
        let order = store.order
        var s = StatusReport.Site(name: site, unit: unit, configVersion: order.version, refused: refused,
                                  broker: connected ? .connected : .connecting, problem: connected ? nil : problem)
        s.configSeries = order.series == 0 ? nil : order.series
        s.refusals = refusals
        s.login = setup.credentials == nil ? .anonymous : .account
        s.openBroker = open
        return s
    }

    /// Every unit of the site seen on the broker (this one included).
    /// The roster's units first (each by what it signed), then the others apart.
    public func peers() -> [Peer] {
        shared.withLock { $0.peers.entries(now: Date()) }.filter { $0.enrolled || $0.status?.site?.name == nil || $0.status?.site?.name == site }
    }

    /// The newest verified site config seen (applied or not): the next one must be above it.
    /// Never a unit's status, which any unit's account may write.
    public var newestVersion: SiteVersion { max(store.order, shared.withLock { $0.newestSeen }) }

    /// Why this unit cannot publish the site config, nil when it can: it needs the site's
    /// admin account and the site key.
    public var cannotPublish: String? {
        if adminClient == nil { return "no admin_credentials in [network]" }
        if shared.withLock({ $0.signingKey }) == nil { return "no signing_key in [network] (the site key that signs it)" }
        return nil
    }

    /// Settings signed with the site key for the site's topic; nil without the key.
    public func sign(_ s: SiteSettings) -> SiteSettings? {
        shared.withLock { $0.signingKey }.map { s.signed(with: $0, topic: Topics.siteConfig(site)) }
    }

    /// Publishes signed settings to the site (retained) with the admin account; false without
    /// one or without a link.
    public func publishSite(_ s: SiteSettings) -> Bool {
        guard let adminClient, adminClient.isConnected, s.signature != nil else { return false }
        queue.async { self.publishApplied() }
        return adminClient.publish(Topics.siteConfig(site), s.encoded(), retain: true) != nil
    }

    /// Sends a command to a unit of the site (the admin page's buttons), signed with the site
    /// key when this unit holds it (a command that changes something needs it).
    public func send(_ command: RemoteCommand, to unit: String, id: String) -> Bool {
        let topic = Topics.command(unit, command.rawValue)
        let body = shared.withLock { $0.signingKey }.map { CommandBody.signed(topic: topic, id: id, key: $0) } ?? CommandBody(id: id)
        return (adminClient ?? client).publish(topic, body.json(), retain: false, qos: 1) != nil
    }
}
