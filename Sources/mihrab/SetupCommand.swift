import ArgumentParser
import Glibc
import Service
import UnitModel

/// `mihrab setup reset`: back to setup mode. The admin password is removed; the running unit
/// sees it within seconds, logs it to the journal, and its screens show a new setup code. The
/// config, the site settings and the record of what has sounded are kept.
struct SetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup", abstract: "Setup mode: set up from a phone by the code on the unit's screens.", subcommands: [Reset.self])

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Remove the admin password: the unit returns to setup mode (its config and record are kept).")
        @Option(help: "The unit's config (its state directory and [admin] password_file).") var config = "/etc/mihrab/mihrab.toml"
        @Option(name: .customLong("state-dir"), help: "The state directory, instead of the config's.") var stateDir: String?

        func run() throws {
            let site = access(config, F_OK) == 0 ? try loadConfig(config, lenientSounds: true) : SiteConfig()
            let path = site.admin.passwordFile(state: stateDir ?? site.stateDirectory)
            let removed = unlink(path) == 0
            guard removed || errno == ENOENT else {
                throw CommandError("setup reset: \(path): \(String(cString: strerror(errno))); nothing changed (run it as root)", exitCode: .cantCreate)
            }
            print("setup reset: " + (removed ? "\(path) removed" : "no admin password (\(path) is not there)")
                  + "; the unit's screens show a setup code within seconds"
                  + (site.admin.listen.isEmpty ? " (once [admin] listen is set: this config has no admin page)" : ""))
        }
    }
}
