import ArgumentParser
import Foundation
import Service
import SiteLink

/// `mihrab site`: the mosque's shared settings on its broker. `check` and `publish` read a
/// TOML file with the keys a site may set (the same syntax and checks as the unit's file);
/// `show` lists what each unit reports applying.
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "The site's shared settings on its MQTT broker.",
        subcommands: [Check.self, Publish.self, Show.self])

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
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw CommandError("\(file): cannot be read", exitCode: .config)
        }
        do throws(ConfigError) {
            var timetable: TimetableText?
            if let name = try SiteSettings.timetableName(text, file: file) {
                let path = resolvedPath(name, besideFile: file)
                if let d = FileManager.default.contents(atPath: path), let t = String(data: d, encoding: .utf8) {
                    let room = SiteSettings.maximumBytes - text.utf8.count - 4096
                    guard d.count <= room else {
                        throw ConfigError(file: path, line: nil, path: "", message: "\(d.count) bytes: more than a site config may carry (\(room))")
                    }
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

    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish", abstract: "Check a site config and publish it (retained) with a new version.")
        @Argument(help: "The site config (TOML with the keys a site may set).") var file: String
        @OptionGroup var options: BrokerOptions
        @Option(help: "Who publishes it (shown by the units; default: the user).") var by: String?

        func run() throws {
            let (text, timetable) = try SiteCommand.check(file)
            let topic = Topics.siteConfig(options.site)
            let session = try options.session([topic, Topics.everyStatus])
            defer { session.close() }
            // What is retained arrives at once; a moment for every unit's status.
            _ = session.wait(timeout: 1.0) { _ in false }
            let known = SiteCommand.versions(session.messages, site: options.site)
            let version = known.max() .map { $0 + 1 } ?? 1
            let user = by ?? ProcessInfo.processInfo.environment["USER"] ?? "mihrab site"
            let f = ISO8601DateFormatter()
            let settings = SiteSettings(version: version, site: options.site, file: lastComponent(of: file), toml: text,
                                        published: f.string(from: Date()), by: String(user.prefix(64)), timetable: timetable)
            let payload = settings.encoded()
            guard payload.count <= SiteSettings.maximumBytes else {
                throw CommandError("\(file): \(payload.count) bytes as published: more than a unit takes (\(SiteSettings.maximumBytes))", exitCode: .config)
            }
            guard session.publish(topic, payload, retain: true) else {
                throw CommandError("\(options.broker): the link dropped before the config could be sent", exitCode: .unavailable)
            }
            // The broker sends it back to our subscription only if it took it (an account the
            // ACL does not let write the site's topics is silently dropped).
            let back = session.wait(timeout: options.timeout) { $0.topic == topic && $0.payload == payload }
            guard back else {
                throw CommandError("\(options.broker): the broker did not take version \(version) for \(topic): does this account may write mihrab/v1/site/\(options.site)/#? (the broker's ACL)",
                                   exitCode: .unavailable)
            }
            print("published version \(version) of \(file) to \(topic)")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The site's config version and what each unit applied.")
        @OptionGroup var options: BrokerOptions
        @Option(help: "Output format (text or json).") var format: OutputFormat = .text
        @Option(help: "Seconds to gather the units' retained state and status.") var wait: Double = 1.5

        struct Row: Codable {
            var unit: String
            var state: String
            var configVersion: Int?
            var refused: String?
            var next: String?
            var status: String?
        }
        struct Report: Codable {
            var site: String
            var version: Int?
            var publishedBy: String?
            var published: String?
            var units: [Row]
        }

        func run() throws {
            let topic = Topics.siteConfig(options.site)
            let session = try options.session([topic, Topics.everyStatus, Topics.everyState])
            defer { session.close() }
            _ = session.wait(timeout: max(0.1, min(wait, 60))) { _ in false }
            var report = Report(site: options.site, units: [])
            var rows: [String: Row] = [:]
            for m in session.messages {
                if m.topic == topic, let s = try? JSONDecoder().decode(SiteSettings.self, from: m.payload) {
                    (report.version, report.publishedBy, report.published) = (s.version, s.by, s.published)
                } else if let id = Topics.unitID(in: m.topic, leaf: "state") {
                    rows[id, default: Row(unit: id, state: "unknown")].state = String(decoding: m.payload.prefix(16), as: UTF8.self)
                } else if let id = Topics.unitID(in: m.topic, leaf: "status"),
                          let s = try? JSONDecoder().decode(StatusReport.self, from: m.payload), s.site?.name == options.site {
                    var r = rows[id, default: Row(unit: id, state: "unknown")]
                    (r.configVersion, r.refused, r.status) = (s.site?.configVersion, s.site?.refused, s.status)
                    r.next = s.next.map { "\($0.prayer) \($0.event) \($0.at.dropFirst(11).prefix(5))" }
                    rows[id] = r
                }
            }
            // Units of this site only (a state topic alone does not say which site).
            report.units = rows.values.filter { $0.configVersion != nil }.sorted { $0.unit < $1.unit }
            if format == .json {
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                print(String(decoding: (try? e.encode(report)) ?? Data(), as: UTF8.self))
                return
            }
            print("Site \(options.site): " + (report.version.map { "config version \($0), published \(report.published ?? "?") by \(report.publishedBy ?? "?")" } ?? "no config published"))
            if report.units.isEmpty { print("No unit of this site has reported yet.") }
            for r in report.units {
                print("\(r.unit): \(r.state), applied \(r.configVersion.map(String.init) ?? "-"), \(r.status ?? "-"), next \(r.next ?? "-")"
                      + (r.refused.map { "; refused: \($0)" } ?? ""))
            }
        }
    }

    /// Every version known on the site: the retained config's and each unit's applied one.
    static func versions(_ messages: [MQTTClient.Message], site: String) -> [Int] {
        messages.compactMap { m in
            if m.topic == Topics.siteConfig(site) { return SiteSettings.claimedVersion(m.payload) }
            guard Topics.unitID(in: m.topic, leaf: "status") != nil,
                  let s = try? JSONDecoder().decode(StatusReport.self, from: m.payload), s.site?.name == site else { return nil }
            return s.site?.configVersion
        }.filter { (1...SiteSettings.maximumVersion).contains($0) }
    }
}
