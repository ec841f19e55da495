import FoundationEssentials
import Glibc
import Dispatch
import Service
import Logging
import Synchronization
import UnitModel

/// A new site key, taken at a reload: what the old key signed stops counting at once.
extension UnitLink {
    /// The unit's `[network]` as reloaded, and its signing key (nil: none, or one that cannot
    /// be used). With another `site_key`, commands and settings are verified with the new one
    /// from now on, the command ledger and the version floor start again for it, and the
    /// site's retained configs are read again (one the new key signed is applied).
    public func rekey(_ network: NetworkConfig, signing: SigningKey?, roster: [String: String]) {
        shared.withLock { s in
            s.signingKey = signing
            s.peers.setRoster(roster)
        }
        queue.async { [self] in
            let key = SiteKey(network.siteKey)
            guard key != siteKey else {
                // The same key: the ledger stays (read again from disk), the commands allowed unsigned may have changed.
                if gate.unsigned != Set(network.unsignedCommands) {
                    gate = CommandGate(key: key, unsigned: network.unsignedCommands, path: store.directory + "/commands.json")
                }
                return
            }
            siteKey = key
            gate = CommandGate(key: key, unsigned: network.unsignedCommands, path: store.directory + "/commands.json")
            pending = nil
            shared.withLock { s in
                s.newestSeen = store.settings?.key == key?.text ? store.order : .none
                s.refused = nil
            }
            logger.notice("network: site key changed to \(key.map { "\($0)" } ?? "none"): settings and commands are verified with it from now on")
            if client.isConnected {
                // A subscription made again delivers what is retained again (MQTT 3.1.1, 3.8.4).
                client.subscribe(Topics.siteConfig(site))
                client.subscribe(Topics.everyApplied)
            }
        }
    }
}
