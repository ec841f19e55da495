import FoundationEssentials
import Glibc
import Dispatch
import HAL
import Logging
import Service
import Synchronization
import UnitModel

/// The unit on the site's broker (`[network]`): it applies the site's shared settings,
/// publishes its state, status and events, answers commands, announces itself to Home
/// Assistant, and (for the admin page) follows the other units. Everything happens on the
/// MQTT thread and one serial queue of its own; the loop only hands reports and events over.
/// No alert depends on it: a broker that is away only delays what the network sees.
public final class UnitLink: @unchecked Sendable {
    // @unchecked: mutable state is touched on `queue` only; `client` is thread-safe.
    public struct Setup: Sendable {
        public var network: NetworkConfig
        public var credentials: MQTTCredentials?
        /// The site's admin account (a unit that runs the admin page publishes the site config with it).
        public var adminCredentials: MQTTCredentials?
        /// The site key's private half (`[network] signing_key`): this unit's admin page signs
        /// the settings it publishes and the commands it sends with it.
        public var signingKey: SigningKey?
        /// This unit's own key (its status and events signed with it), and the site's roster.
        public var unitKey: SigningKey?
        public var roster: [String: String] = [:]
        /// The unit steers the hall's TV (`[display] power`): Home Assistant gets its switch.
        public var television = false
        public var version: String
        /// The unit's clock (the daemon's: the virtual one in a simulation): the time of the
        /// link's own events. Signatures and their freshness stay on the real clock the site shares.
        public var clock: any DeviceClock
        public init(network: NetworkConfig, credentials: MQTTCredentials?, adminCredentials: MQTTCredentials? = nil,
                    signingKey: SigningKey? = nil, version: String, clock: any DeviceClock) {
            (self.network, self.credentials, self.adminCredentials, self.version) = (network, credentials, adminCredentials, version)
            self.signingKey = signingKey
            self.clock = clock
        }
    }

    /// What the link knows of another unit of the site (`PeerBook`).
    public typealias Peer = PeerBook.Entry

    /// Seconds between status publications when nothing changes.
    public static let statusEvery = 60.0

    let setup: Setup
    let store: SiteSettingsStore
    let logger: Logger
    let client: MQTTClient
    let adminClient: MQTTClient?
    let queue = DispatchQueue(label: "mihrab-network")
    let unit: String
    let site: String
    /// Asks the loop to reload (the stored settings are then in force).
    let reload: @Sendable () -> Void
    /// Hands a command to the loop (name, id).
    let perform: @Sendable (RemoteCommand, String) -> Void
    /// Hands the site's urgent message to the loop (with its id).
    let showMessage: @Sendable (MessageRequest, String) -> Void
    /// Checks settings over the unit's own file, as a whole, before they are stored.
    let checkWhole: @Sendable (SiteSettings) throws(ConfigError) -> Void
    /// The unit's own `[network] site_key`: the only key it takes settings and commands from
    /// (a reload with a new one changes it: `rekey`). On `queue` only.
    var siteKey: SiteKey?

    struct Shared {
        var refused: String?
        var refusals = 0
        var problem: String?
        var peers = PeerBook()
        /// The newest verified site config seen, applied or not.
        var newestSeen = SiteVersion.none
        var openBroker: Bool?
        /// The site key's private half (`[network] signing_key`), for the admin page.
        var signingKey: SigningKey?
        /// This unit's own key: its status and events are signed with it (`UnitSeal`).
        var unitKey: SigningKey?
    }
    let shared = Mutex(Shared())
    // On `queue` only.
    var gate: CommandGate
    /// The best verified site config offered since the last one was applied, waiting for the
    /// retained ones that come with it (the site's topic and every unit's applied one) to arrive.
    var pending: SiteSettings?
    var settling = false
    var latest: StatusReport?
    private var lastSignificant: Data?
    private var lastPublished = -Double.infinity
    private var startedAt: Double?

    public init(_ setup: Setup, store: SiteSettingsStore, logger: Logger, reload: @escaping @Sendable () -> Void,
                perform: @escaping @Sendable (RemoteCommand, String) -> Void,
                showMessage: @escaping @Sendable (MessageRequest, String) -> Void = { _, _ in },
                checkWhole: @escaping @Sendable (SiteSettings) throws(ConfigError) -> Void = { _ in }) throws(MQTTError) {
        guard let broker = setup.network.broker else { throw MQTTError("network.mqtt: \(quoted(setup.network.mqtt)) is not a broker URL") }
        self.setup = setup
        self.store = store
        self.logger = logger
        self.reload = reload
        self.perform = perform
        self.showMessage = showMessage
        self.checkWhole = checkWhole
        unit = setup.network.unitID
        site = setup.network.site
        siteKey = SiteKey(setup.network.siteKey)
        gate = CommandGate(key: siteKey, unsigned: setup.network.unsignedCommands, path: store.directory + "/commands.json")
        client = try MQTTClient(.init(clientID: "mihrab-\(unit)", broker: broker, credentials: setup.credentials,
                                      caFile: setup.network.caFile,
                                      will: (Topics.state(unit), Data(UnitPresence.lost.rawValue.utf8), true)))
        adminClient = try setup.adminCredentials.map { c throws(MQTTError) in
            try MQTTClient(.init(clientID: "mihrab-\(setup.network.unitID)-admin", broker: broker, credentials: c, caFile: setup.network.caFile))
        }
        shared.withLock { s in
            (s.newestSeen, s.signingKey, s.unitKey) = (store.order, setup.signingKey, setup.unitKey)
            s.peers.setRoster(setup.roster)
        }
        client.onConnect = { [weak self] in
            guard let link = self else { return }
            link.queue.async { link.connected() }
        }
        client.onDisconnect = { [weak self] why in
            guard let link = self else { return }
            link.queue.async { link.disconnected(why) }
        }
        client.onMessage = { [weak self] m in
            guard let link = self else { return }
            link.queue.async { link.received(m) }
        }
    }

    public func start() throws(MQTTError) {
        // The unit's errors on the event topic (not the network's own: they could not go out).
        ErrorTap.shared.listen { [weak self] line in
            guard let link = self, !line.hasPrefix("network:") else { return }
            link.event(UnitEvent(type: .error, at: UnitEvent.at(link.setup.clock), message: String(line.prefix(512))))
        }
        logger.notice("network: unit \(unit) of site \(site) on \(client.options.broker)")
        if let p = gate.problem { logger.error("network: \(p)") }
        if siteKey == nil {
            logger.warning("network: no site_key in [network]: the site's settings and signed commands are refused (mihrab site keygen makes a key)")
        }
        queue.async { self.startedAt = ProcessInfo.processInfo.systemUptime }
        try client.start()
        try adminClient?.start()
    }

    /// A clean goodbye: state offline (retained), then the link closes.
    public func stop() {
        ErrorTap.shared.listen(nil)
        queue.sync {
            if client.isConnected { client.publish(Topics.state(unit), Data(UnitPresence.offline.rawValue.utf8), retain: true) }
        }
        client.stop()
        adminClient?.stop()
    }

    // MARK: - From the loop (hand over only)

    public func report(_ r: StatusReport) { queue.async { self.consider(r) } }

    public func event(_ e: UnitEvent) { queue.async { self.publishEvent(e) } }

    public func answer(_ command: RemoteCommand, id: String, result: String) {
        queue.async {
            self.publishEvent(UnitEvent(type: .command, at: UnitEvent.at(self.setup.clock), id: id, command: command.rawValue, result: result))
        }
    }

    // MARK: - On the queue

    private func connected() {
        shared.withLock { $0.problem = nil }
        logger.notice("network: connected to \(client.options.broker) as \(setup.credentials?.username ?? "no user")")
        client.subscribe(Topics.siteConfig(site))
        client.subscribe(Topics.everyApplied)
        client.subscribe(Topics.unit(unit) + "/cmd/+")
        client.subscribe(Topics.everyState)
        client.subscribe(Topics.everyStatus)
        client.publish(Topics.state(unit), Data(UnitPresence.online.rawValue.utf8), retain: true)
        for (topic, payload) in HomeAssistant.discovery(unit: unit, version: setup.version, television: setup.television,
                                                             message: setup.network.unsignedCommands.contains("message")) {
            client.publish(topic, payload, retain: true)
        }
        if let latest { publishStatus(latest) }
        publishApplied()
        probeOpenBroker()
    }

    private func disconnected(_ why: String) {
        var why = why
        if client.options.broker.tls, why.contains("TLS") {
            why += setup.network.caFile.isEmpty ? " (the system's CAs do not know the broker's certificate? set network.ca_file)"
                : " (is \(setup.network.caFile) the CA that signed the broker's certificate, for this host name?)"
        }
        let first = shared.withLock { s in
            defer { s.problem = why }
            return s.problem == nil
        }
        // Once per outage, not once per retry.
        if first { logger.warning("network: \(client.options.broker): \(why); retrying (alerts go on without it)") }
    }

    private func received(_ m: MQTTClient.Message) {
        if m.topic == Topics.siteConfig(site) {
            siteConfig(m, from: nil)
        } else if let id = Topics.unitID(in: m.topic, leaf: "config") {
            if id == unit { ownApplied(m) } else { siteConfig(m, from: id) }
        } else if let name = Topics.commandName(in: m.topic, unit: unit) {
            command(name, m)
        } else if let id = Topics.unitID(in: m.topic, leaf: "state") {
            shared.withLock { $0.peers.state(id, m.payload) }
        } else if let id = Topics.unitID(in: m.topic, leaf: "status") {
            // The signature and the JSON outside the lock (the loop takes it for its status).
            let reading = PeerBook.read(id, m.payload, key: shared.withLock { $0.peers.roster[id] })
            shared.withLock { $0.peers.take(id, reading) }
        }
    }

    private func consider(_ r: StatusReport) {
        // libmosquitto says nothing while it cannot connect at all: say it once, after 10 s.
        let uptime = ProcessInfo.processInfo.systemUptime
        if !client.isConnected, startedAt.map({ uptime - $0 >= 10 }) == true, shared.withLock({ $0.problem == nil }) {
            disconnected("no connection yet (is the broker up, and reachable from this unit?)")
        }
        var r = r
        r.version = setup.version
        latest = r
        let now = ProcessInfo.processInfo.systemUptime
        if significant(r) != lastSignificant || now - lastPublished >= UnitLink.statusEvery { publishStatus(r) }
    }

    func publishStatus(_ r: StatusReport) {
        guard client.isConnected else { return }
        if client.publish(Topics.status(unit), sealed(StatusMessage(report: r).json(), topic: Topics.status(unit)), retain: true) != nil {
            lastSignificant = significant(r)
            lastPublished = ProcessInfo.processInfo.systemUptime
        }
    }

    /// The status without what changes every second (the time, the countdown, the heading,
    /// the loop's figures): a change in the rest publishes at once.
    private func significant(_ r: StatusReport) -> Data {
        var r = r
        r.time = ""
        r.loop = nil
        r.heading = nil
        r.qiblaOffset = nil
        r.next?.inSeconds = 0
        r.displays = r.displays?.map { var d = $0; d.renders = 0; return d }
        r.servers = r.servers?.map { var s = $0; s.connections = 0; return s }
        return r.json()
    }

    /// Signed with this unit's own key, when it has one.
    func sealed(_ json: Data, topic: String) -> Data {
        shared.withLock { $0.unitKey }.map { UnitSeal.seal(json, topic: topic, key: $0) } ?? json
    }

    func publishEvent(_ e: UnitEvent) {
        guard let data = e.payload else { return }
        client.publish(Topics.event(unit), sealed(data, topic: Topics.event(unit)), retain: false)
    }
}
