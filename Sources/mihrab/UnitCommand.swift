import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import SiteLink
import UnitModel

/// `mihrab unit key`: this unit's own key, with which it signs its status and events (made
/// on the first start on a site's network, or here). Its public half goes on the site's roster:
/// `mihrab site enroll UNIT KEY --file site.toml`, then `mihrab site publish`.
struct UnitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit", abstract: "This unit's own key, for the site's roster.", subcommands: [Key.self])

    struct Key: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "key", abstract: "Print this unit's public key (the key is made, mode 600, if there is none yet).")
        @Option(name: .customLong("state-dir"), help: "The unit's state directory (default: the config's service.state_dir).")
        var stateDir: String?
        @Option(help: "The unit's config (for its state directory).") var config: String?

        func run() throws {
            let dir = try stateDir ?? config.map { try loadConfig($0, lenientSounds: true).stateDirectory }
                ?? (FileManager.default.fileExists(atPath: "/etc/mihrab/mihrab.toml")
                    ? loadConfig("/etc/mihrab/mihrab.toml", lenientSounds: true).stateDirectory : SiteConfig().stateDirectory)
            do throws(MQTTError) {
                let (key, made) = try UnitKeyFile.loadOrMake(directory: dir)
                if made { writeStandardError("mihrab: made this unit's key in \(UnitKeyFile.path(dir)) (mode 600)\n") }
                print(key.publicKey.text)
            } catch {
                throw CommandError("\(error)", exitCode: .cantCreate)
            }
        }
    }
}

/// The unit's own key: `unit.key` in its state directory, mode 600, in the site key's format.
enum UnitKeyFile {
    static func path(_ directory: String) -> String { directory + "/unit.key" }

    /// The key, made (never over an existing file) when there is none; whether it was made.
    static func loadOrMake(directory: String) throws(MQTTError) -> (SigningKey, made: Bool) {
        let p = path(directory)
        var st = stat()
        if lstat(p, &st) == 0 { return (try SigningKey.load(p), false) }
        if let problem = makeDirectory(directory, intermediate: true) { throw MQTTError("\(directory): cannot be made (\(problem))") }
        try SigningKey.checkLibrary()
        let key = SigningKey()
        try key.write(to: p)
        return (key, true)
    }
}
