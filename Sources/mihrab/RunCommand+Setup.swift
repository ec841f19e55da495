import Admin
import Glibc
import Logging
import Service
import Synchronization
import TOMLKit
import UnitModel

/// The setup page's view of this unit: the gate (setup mode, its code and throttle), the
/// places table, and the finish: the password written and the answers stored as the unit's
/// site settings through the admin page's own path (checked as the config file is, then a
/// reload), nothing kept when a step fails. Called from the admin server's tasks.
final class UnitSetupBackend: SetupBackend {
    let gate: SetupGate
    let admin: UnitAdminBackend
    let passwordFile: String
    let places: @Sendable (String) -> Result<[SetupPlace], SetupFailure>
    let near: @Sendable () -> [SetupPlace]
    let logger: Logger
    /// One finish at a time: two phones with the code never write two first passwords.
    private let finishing = Mutex(())

    init(gate: SetupGate, admin: UnitAdminBackend, passwordFile: String, logger: Logger,
         places: @escaping @Sendable (String) -> Result<[SetupPlace], SetupFailure>, near: @escaping @Sendable () -> [SetupPlace]) {
        (self.gate, self.admin, self.passwordFile, self.logger, self.places, self.near) = (gate, admin, passwordFile, logger, places, near)
    }

    func setupActive() -> Bool { gate.active }

    func checkCode(_ code: String, client: String) -> SetupCodeCheck {
        switch gate.check(code, client: client) {
        case .accepted: .accepted
        case .wrong: .wrong
        case .throttled(let s): .throttled(seconds: s)
        }
    }

    func searchPlaces(_ name: String) -> Result<[SetupPlace], SetupFailure> { places(name) }

    func suggestedPlaces() -> [SetupPlace] { near() }

    func finish(_ result: SetupResult, client: String) -> Result<Void, SetupFailure> {
        finishing.withLock { _ in finishOne(result, client: client) }
    }

    private func finishOne(_ result: SetupResult, client: String) -> Result<Void, SetupFailure> {
        guard gate.active else { return .failure(SetupFailure("setup has already been done: log in")) }
        // The answers over the site settings there may be (after a reset: the announcements,
        // events and sounds stay), then checked, before anything is written.
        let toml: String
        do throws(ConfigError) {
            toml = try Self.merged(existing: admin.store.settings?.toml ?? "", setup: result.siteTOML)
            let s = SiteSettings(version: 1, site: admin.site, file: "setup page", toml: toml, published: "", by: result.user)
            _ = try s.over(localText: try SiteSettings.localText(admin.configPath), localFile: admin.configPath)
        } catch {
            return .failure(SetupFailure(error.description))
        }
        do throws(AdminError) {
            try PasswordFile.setPassword(user: result.user, password: result.password, path: passwordFile)
        } catch {
            return .failure(SetupFailure("the admin password could not be written: \(error)"))
        }
        if case .failure(let e) = admin.apply(toml: toml, user: result.user) {
            unlink(passwordFile)  // setup mode stays: nothing half done
            return .failure(SetupFailure(e.description))
        }
        logger.notice("setup: done from \(client) by \(result.user); the admin page carries on with that password")
        gate.recheck()
        return .success(())
    }

    /// The setup page's tables over the site settings' text: each replaced whole (a place, a
    /// method and a zone go together), but `[screen]` merged key by key (its other keys kept).
    static func merged(existing: String, setup: String) throws(ConfigError) -> String {
        func table(_ text: String, _ file: String) throws(ConfigError) -> TOMLTable {
            do { return try TOMLTable(string: text) } catch {
                throw ConfigError(file: file, line: nil, path: "", message: "not TOML: \(error)")
            }
        }
        let base = try table(existing, "site settings"), over = try table(setup, "setup page")
        for (key, value) in over {
            if key == "screen", let mine = base[key]?.table, let theirs = value.table {
                for (k, v) in theirs { mine[k] = v }
            } else {
                base[key] = value
            }
        }
        return base.convert(to: .toml)
    }
}
