import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink
import UnitModel

extension SiteCommand {
    /// `mihrab site message TEXT [--minutes N]`: the site's urgent message on every unit's
    /// screens, each unit sent its own command signed with the site key (over the text, the
    /// minutes and the sender); `--clear` takes it off. Prints each unit's answer.
    struct Message: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "message",
            abstract: "Show an urgent message on every screen of the site (signed with the site key), or clear it.",
            discussion: "The units are those whose status names the site (mihrab site show), or the --unit ones. Each shows it within seconds, full screen, never over an adhan, an iqamah or its silent minute (it waits beneath them).")
        @Argument(help: "The text: one line, at most \(UrgentMessage.maximumCharacters) characters (none with --clear).") var text: String?
        @Option(help: "How long it is shown (\(UrgentMessage.minutes.lowerBound) to \(UrgentMessage.minutes.upperBound)).") var minutes = UrgentMessage.defaultMinutes
        @Flag(help: "Clear the message shown.") var clear = false
        @Option(name: .customLong("unit"), help: "A unit to send it to (repeatable); default: every unit of the site.") var units: [String] = []
        @Option(help: "Who sends it, as the units record it (default: USER@HOST).") var by: String?
        @OptionGroup var options: BrokerOptions
        @Option(help: "The site key's private half (mihrab site keygen --out).") var key: String

        var request: MessageRequest {
            MessageRequest(text: clear ? "" : text ?? "", minutes: minutes, by: by ?? Self.defaultSender()).trimmed()
        }

        static func defaultSender() -> String {
            var host = [CChar](repeating: 0, count: 256)
            let name = gethostname(&host, host.count) == 0 ? String(cString: host) : "localhost"
            let user = ProcessInfo.processInfo.environment["USER"] ?? String(getuid())
            return String("\(user)@\(name)".prefix(UrgentMessage.maximumByCharacters))
        }

        func validate() throws {
            if clear, text != nil { throw ValidationError("give a text or --clear, not both") }
            if !clear, (text ?? "").trimmingSpacesAndNewlines().isEmpty { throw ValidationError("the message's text is missing (or --clear)") }
            if let why = request.problem { throw ValidationError(why) }
            for u in units where !NetworkConfig.validName(u) {
                throw ValidationError("--unit must be 1 to 64 letters, digits, \"-\" or \"_\" (got \(quoted(u)))")
            }
        }

        func run() throws {
            let signing = try SiteCommand.signingKey(key)
            let session = try options.session([Topics.everyStatus, Topics.root + "/unit/+/event"])
            defer { session.close() }
            var targets = units
            if targets.isEmpty {
                // The units whose retained status names this site.
                _ = session.wait(timeout: min(options.timeout, 2)) { _ in false }
                struct Named: Decodable { struct Site: Decodable { var name: String }; var site: Site? }
                var found = Set<String>()
                for m in session.messages {
                    guard let id = Topics.unitID(in: m.topic, leaf: "status"), m.payload.count < 1 << 20,
                          (try? JSONDecoder().decode(Named.self, from: m.payload))?.site?.name == options.site else { continue }
                    found.insert(id)
                }
                targets = found.sorted()
            }
            guard !targets.isEmpty else {
                throw CommandError("site \(options.site): no unit has reported on \(options.broker) (mihrab site show; or name them with --unit)", exitCode: .unavailable)
            }
            let id = "cli-" + UUID().uuidString.prefix(8).lowercased()
            for unit in targets {
                let topic = Topics.command(unit, "message")
                let body = CommandBody.signed(topic: topic, id: id, key: signing, message: request)
                guard session.publish(topic, body.json(), retain: false) else {
                    throw CommandError("\(options.broker): the link dropped before the message could be sent", exitCode: .unavailable)
                }
            }
            struct Answer: Decodable { var id: String?; var result: String? }
            func answer(_ m: MQTTClient.Message) -> (String, String)? {
                guard let unit = Topics.unitID(in: m.topic, leaf: "event"), targets.contains(unit),
                      let a = try? JSONDecoder().decode(Answer.self, from: m.payload), a.id == id else { return nil }
                return (unit, a.result ?? "")
            }
            // (The match is called under the session's lock: it looks at one message, never at the list.)
            var answered = Set<String>()
            _ = session.wait(timeout: options.timeout) { m in
                if let (unit, _) = answer(m) { answered.insert(unit) }
                return answered.count == targets.count
            }
            var got: [String: String] = [:]
            for m in session.messages { if let (unit, result) = answer(m) { got[unit] = result } }
            var failed = 0
            for unit in targets {
                let result = got[unit].map(printable) ?? "no answer in \(Int(options.timeout)) s (is it online?)"
                if got[unit] == nil || result.hasPrefix("refused") { failed += 1 }
                print("\(unit): message (id \(id)): \(result)")
            }
            if failed > 0 { throw CommandError("\(failed) of \(targets.count) unit(s) did not take the message", exitCode: .unavailable) }
        }
    }
}
