import ArgumentParser
import FoundationEssentials
import Glibc
import Service
import SiteLink
import UnitModel

/// `mihrab site`: the mosque's shared settings on its broker. `check` and `publish` read a
/// TOML file with the keys a site may set (the same syntax and checks as the unit's file);
/// `show` lists what each unit reports applying.
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "The site's shared settings on its MQTT broker.",
        subcommands: [Keygen.self, Check.self, Publish.self, Enroll.self, Command.self, Message.self, Show.self])

    /// The broker options every subcommand that talks to it takes.
    struct BrokerOptions: ParsableArguments {
        @Option(help: "The broker, mqtt://HOST[:PORT] or mqtts://HOST[:PORT].") var broker: String
        @Option(help: "The site's name in the topics.") var site: String
        @Option(help: "A file \"username:password\" (mode 600): the broker login.") var credentials: String?
        @Option(name: .customLong("ca-file"), help: "mqtts: the CA that signed the broker's certificate.") var caFile: String?
        @Option(help: "Seconds to wait for the broker.") var timeout: Double = 5

        func validate() throws {
            guard BrokerURL(broker) != nil else {
                throw ValidationError("--broker must be mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (got \(quoted(broker)))")
            }
            guard NetworkConfig.validName(site) else { throw ValidationError("--site must be 1 to 64 letters, digits, \"-\" or \"_\" (got \(quoted(site)))") }
            guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be above 0 and at most 600 seconds") }
        }

        func session(_ subscriptions: [String]) throws -> MQTTSession {
            do throws(MQTTError) {
                let login = try credentials.map { path throws(MQTTError) in try MQTTCredentials.load(path) }
                let s = try MQTTSession(broker: BrokerURL(broker)!, credentials: login, caFile: caFile ?? "", subscriptions: subscriptions)  // validated
                try s.connect(timeout: timeout)
                return s
            } catch {
                throw CommandError("\(error)", exitCode: .unavailable)
            }
        }
    }

    /// A site config file checked as a unit will check it, with the timetable it names (read
    /// beside it, to travel with it).
    static func check(_ file: String) throws -> (text: String, timetable: TimetableText?) {
        let text: String
        // Size-checked before it is read: a site config travels in at most maximumBytes.
        do throws(ConfigError) { text = try ConfigFile.text(file, limit: SiteSettings.maximumBytes) } catch {
            throw CommandError(error.description, exitCode: .config, more: error.details)
        }
        return try checkText(text, file: file)
    }

    /// A site config's text (from `file`, or about to be written there) checked as `check` does.
    static func checkText(_ text: String, file: String) throws -> (text: String, timetable: TimetableText?) {
        do throws(ConfigError) {
            var timetable: TimetableText?
            if let name = try SiteSettings.timetableName(text, file: file) {
                let path = resolvedPath(name, besideFile: file)
                let room = max(0, SiteSettings.maximumBytes - text.utf8.count - 4096)
                let read = readSmallFile(path, limit: room)
                if case .failure(.tooLarge(let size, _)) = read {
                    throw ConfigError(file: path, line: nil, path: "", message: "\(size) bytes: more than a site config may carry (\(room))")
                }
                if case .success(let d?) = read, let t = String(data: d, encoding: .utf8) {
                    timetable = TimetableText(name: name, text: t)
                } else {
                    _ = try SiteConfig.parse(text, file: file)  // unreadable or not UTF-8: the file check's own message
                }
            }
            try SiteSettings.check(text, file: file, timetable: timetable)
            return (text, timetable)
        } catch {
            throw CommandError(error.description, exitCode: .config, more: error.details)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a site config file as a unit will.")
        @Argument(help: "The site config (TOML).") var file: String
        func run() throws {
            let (_, timetable) = try SiteCommand.check(file)
            print("\(file): ok" + (timetable.map { "; its timetable \($0.name) goes with it" } ?? ""))
        }
    }
}
