import Logging
import PrayerTimes
import Service
import UnitModel

/// The config `mihrab run` runs with, made one way at the start and at each reload.
extension RunCommand {
    /// The unit's own config: its file (or, without one, the defaults with their sounds looked
    /// up beside the board too) with the command line's settings over it. At the start a sound
    /// that does not load is logged and its buzzer pattern sounds (never a unit kept down); at
    /// a reload it refuses the reload.
    func ownConfig(_ configPath: String?, boardPath: String, atStart: Bool) throws(ConfigError) -> SiteConfig {
        var own = SiteConfig()
        if let configPath {
            own = try SiteConfig.load(path: configPath, lenientSounds: atStart)
        } else {
            let folder = parentFolder(of: boardPath)
            do { try own.sound.resolve(patterns: own.patterns, extra: [(folder.isEmpty ? "." : folder) + "/sounds"], lenient: true) } catch {
                throw ConfigError(file: "the defaults", line: nil, path: "sounds.\(error.name.rawValue)", message: error.message)
            }
        }
        overrides(&own)
        return own
    }

    /// The config in force over the unit's own: the site settings stored (set aside when signed
    /// with another key than `site_key`) with the command line's settings over them, and the
    /// zone it names (`--tz` over it). At the start, stored settings that no longer pass the
    /// check are logged and the unit's own file runs; at a reload they refuse the reload.
    func inForce(_ own: SiteConfig, configPath: String?, store: SiteSettingsStore?, atStart: Bool,
                 logger: Logger) throws(ConfigError) -> (config: SiteConfig, zone: ZoneRules) {
        var config = own
        if let store {
            RunCommand.dropOtherKeys(store, own.network, logger: logger)
            if let s = store.settings {
                do throws(ConfigError) {
                    if var e = try store.effective(localFile: configPath) {
                        overrides(&e)
                        config = e
                        if atStart { logger.notice("site config version \(s.version) (from \(s.by), \(s.published)) in force over \(configPath ?? "the defaults")") }
                    }
                } catch {
                    guard atStart else { throw error }
                    logger.error("site config version \(s.version) no longer passes the check, the unit's own file in force: \(error)")
                }
            }
        }
        do throws(ZoneRules.LoadError) {
            return (config, try ZoneRules.named(tz ?? config.zone))
        } catch {
            throw ConfigError(file: tz != nil ? "--tz" : (configPath ?? "the defaults"), line: nil, path: tz != nil ? "" : "time.zone",
                              message: error.description)
        }
    }

    /// A reload (SIGHUP, the network's or the admin page's): the same two steps as the start.
    func reload(_ configPath: String, boardPath: String, store: SiteSettingsStore?,
                logger: Logger) -> Result<(SiteConfig, ZoneRules), ConfigError> {
        do throws(ConfigError) {
            let own = try ownConfig(configPath, boardPath: boardPath, atStart: false)
            let (c, z) = try inForce(own, configPath: configPath, store: store, atStart: false, logger: logger)
            return .success((c, z))
        } catch {
            return .failure(error)
        }
    }

    /// The site settings this unit applied (nil: no `[network]` and no `[admin]`, nothing to keep).
    static func siteStore(_ site: SiteConfig, directory: String, logger: Logger) -> SiteSettingsStore? {
        guard site.network.enabled || !site.admin.listen.isEmpty else { return nil }
        let store = SiteSettingsStore(directory: directory)
        if let p = store.problem { logger.error("site settings: \(p)") }
        return store
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
        if let p = displayPower.flatMap(DisplayConfig.Power.init) { c.display.power = p }
    }
}
