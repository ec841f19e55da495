import FoundationEssentials
import Glibc
import Dispatch
import Service
import Platform
import Synchronization
import Logging
import UnitModel

/// What the site may ask of the unit: its shared settings and commands, each taken only when
/// signed with the site key in the unit's own file (the harmless commands it allows unsigned
/// aside). Anyone who can publish on the broker can send anything; nothing unsigned steers.
extension UnitLink {
    /// A site config from the site's topic (`peer` nil) or from the topic where a unit keeps
    /// the one it applied. Each is verified against the site's topic (the publisher signed it
    /// for that), and the highest version that verifies is the one offered, from wherever it
    /// came: a fresh unit joins at the site's newest version, not at an older one replayed
    /// (retained) on the site's topic. A peer's topic is only a carrier: what it holds that
    /// does not verify, or is not newer, is passed over without a word.
    func siteConfig(_ m: MQTTClient.Message, from peer: String?) {
        guard !m.payload.isEmpty else { return }  // a retained config cleared: keep what we have
        let topic = Topics.siteConfig(site)
        do throws(ConfigError) {
            let key = siteKey
            var (settings, _, _) = try SiteSettings.decode(m.payload, topic: topic) { s throws(ConfigError) in
                try s.verify(with: key, topic: topic)
            }
            // The signature does not cover `key`: a copy without it verifies all the same. It is
            // the key that verified it, whatever the copy says.
            settings.key = key?.text
            // Verified: it counts for the next version even if this unit refuses it (a newer
            // release's keys, a clash with the unit's own file).
            shared.withLock { $0.newestSeen = max($0.newestSeen, settings.order) }
            let applied = store.settings
            // Our own publication coming back, or the retained one again after a reconnect.
            if let applied, applied.order == settings.order, applied.toml == settings.toml, applied.signature == settings.signature { return }
            // Settings not signed with this key (a new site key, or stored before units took only
            // signed ones: a forged version 10^9 among them) do not hold a signed one back.
            let rekeyed = applied != nil && applied?.key != key?.text
            // Never at or below what this key signed and this unit applied (settings saved here
            // unsigned do not lower it): an old genuine config replayed is refused.
            let floor = store.signedFloor(key: key?.text ?? "")
            guard (rekeyed || settings.order > (applied?.order ?? .none)) && settings.order > floor else {
                if peer != nil { return }
                throw SiteSettings.notNewer(settings, applied: max(applied?.order ?? .none, floor))
            }
            offer(settings)
        } catch {
            guard peer == nil else { return }
            refused(error)
        }
    }

    /// How long the retained configs that arrive together (at a connection: the site's and
    /// each unit's) are gathered before the highest is applied.
    static let settleSeconds = 0.3

    /// The highest of the configs offered is applied once they stop arriving together.
    private func offer(_ s: SiteSettings) {
        if let p = pending, p.order >= s.order, p.key == siteKey?.text { return }
        pending = s
        guard !settling else { return }
        settling = true
        queue.asyncAfter(deadline: .now() + UnitLink.settleSeconds) { [weak self] in self?.applyPending() }
    }

    private func applyPending() {
        settling = false
        guard let settings = pending else { return }
        pending = nil
        do throws(ConfigError) {
            let key = siteKey
            guard settings.key == key?.text else { return }  // offered under a key replaced since
            try checkWhole(settings)
            let stored: Bool
            do { stored = try store.storeIfNewer(settings, key: key?.text) } catch {
                throw ConfigError(file: store.path, line: nil, path: "", message: "cannot be written: \(error)")
            }
            guard stored else { throw SiteSettings.notNewer(settings, applied: store.order) }  // the admin page's, just now
            shared.withLock { $0.refused = nil }
            logger.notice("network: site config version \(settings.order) from \(settings.by) (\(settings.published)) applied")
            publishEvent(UnitEvent(type: .config, at: UnitEvent.at(setup.clock), result: "applied", version: settings.version))
            publishApplied()
            reload()
        } catch {
            refused(error)
        }
        if let latest { publishStatus(latest) }
    }

    private func refused(_ error: ConfigError) {
        let line = error.description
        shared.withLock {
            $0.refused = line
            $0.refusals += 1
        }
        logger.error("network: site config refused, version \(store.order) kept: \(line)")
        publishEvent(UnitEvent(type: .config, at: UnitEvent.at(setup.clock), result: "refused", message: line, version: store.version))
        if let latest { publishStatus(latest) }
    }

    /// This unit's own applied topic: cleared or set back by someone else, it is set again
    /// (peers and `site publish` read the site's newest version there).
    func ownApplied(_ m: MQTTClient.Message) {
        guard let mine = store.settings, mine.signature != nil else { return }
        if m.payload == mine.encoded() { return }
        logger.warning("network: \(m.topic) was \(m.payload.isEmpty ? "cleared" : "overwritten") by another client: published again")
        publishApplied()
    }

    func command(_ name: String, _ m: MQTTClient.Message) {
        let (topic, payload) = (m.topic, m.payload)
        let decoded = payload.count <= 4096 ? try? JSONDecoder().decode(CommandBody.self, from: payload) : nil
        let body = decoded ?? CommandBody(id: String(decoding: payload.prefix(64), as: UTF8.self).trimmingSpacesAndNewlines())
        let given = body.id ?? ""
        let id = given.isEmpty ? UUID().uuidString : String(given.prefix(64))
        if payload.isEmpty { return }  // a retained command cleared (as it is cleared, or at a subscription)
        if name == "message" { return messageCommand(m, body: body, id: id) }
        let c: RemoteCommand, judged: String
        switch CommandName.resolve(name, payload: payload, signed: body.signature != nil) {
        case .success(let r): (c, judged) = r
        case .failure(let why):
            publishEvent(UnitEvent(type: .command, at: UnitEvent.at(setup.clock), id: id, command: String(name.prefix(32)), result: why.text))
            return
        }
        let trusted = latest?.clock.trusted ?? false
        // A retained command would be taken again at every restart and reconnection.
        let why = m.retained ? "\(topic): retained: commands are taken only as they are sent, never from what the broker keeps"
            : gate.refusal(judged, topic: topic, body: body, now: Date(), clockTrusted: trusted)
        if let why {
            shared.withLock { $0.refusals += 1 }
            logger.error("network: command \(c.rawValue) (id \(id)) refused: \(why)")
            publishEvent(UnitEvent(type: .command, at: UnitEvent.at(setup.clock), id: id, command: c.rawValue, result: "refused: \(why)"))
            return
        }
        if let p = gate.problem { logger.error("network: \(p)") }
        logger.notice("network: command \(c.rawValue) (id \(id))\(body.signature == nil ? "" : ", signed")")
        perform(c, id)
    }

    /// The signed settings this unit applied, retained on its own topic (none: nothing).
    func publishApplied() {
        guard let s = store.settings, s.signature != nil, client.isConnected else { return }
        client.publish(Topics.applied(unit), s.encoded(), retain: true)
    }

    /// Whether the broker takes clients without an account: this unit's own link when it has
    /// no credentials, else a try without them (once per connection, off the queue).
    func probeOpenBroker() {
        guard setup.credentials != nil else {
            shared.withLock { $0.openBroker = true }
            logger.warning("network: this unit logs in without an account: anyone on the network may read and publish the site's topics (signatures keep them from steering the units)")
            return
        }
        guard let broker = setup.network.broker else { return }
        let caFile = setup.network.caFile
        DispatchQueue.global().async { [weak self] in
            let open = MQTTSession.takesAnonymous(broker, caFile: caFile, timeout: 5)
            guard let self else { return }
            let was = shared.withLock { s in
                defer { s.openBroker = open }
                return s.openBroker
            }
            if open == true, was != true {
                logger.warning("network: \(broker) takes clients without an account: anyone on the network may read and publish the site's topics (signatures keep them from steering the units)")
            }
        }
    }
}
