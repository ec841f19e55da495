import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink

extension SiteCommand {
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
            var login: String?
            var openBroker: Bool?
            var refusals: Int?
        }
        struct Report: Codable {
            var site: String
            var version: Int?
            var publishedBy: String?
            var published: String?
            /// Whether the retained config carries a signature, and the key that made it.
            var signedBy: String?
            /// Whether the broker takes clients without an account (nil: not known).
            var openBroker: Bool?
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
                    report.signedBy = s.signature == nil ? nil : s.key
                } else if let id = Topics.unitID(in: m.topic, leaf: "state") {
                    rows[id, default: Row(unit: id, state: "unknown")].state = String(decoding: m.payload.prefix(16), as: UTF8.self)
                } else if let id = Topics.unitID(in: m.topic, leaf: "status"),
                          let s = try? JSONDecoder().decode(StatusReport.self, from: m.payload), s.site?.name == options.site {
                    var r = rows[id, default: Row(unit: id, state: "unknown")]
                    (r.configVersion, r.refused, r.status) = (s.site?.configVersion, s.site?.refused, s.status)
                    (r.login, r.openBroker, r.refusals) = (s.site?.login, s.site?.openBroker, s.site?.refusals)
                    r.next = s.next.map { "\($0.prayer) \($0.event) \($0.at.dropFirst(11).prefix(5))" }
                    rows[id] = r
                }
            }
            report.openBroker = options.opensWithoutAccount()
            // Units of this site only (a state topic alone does not say which site).
            report.units = rows.values.filter { $0.configVersion != nil }.sorted { $0.unit < $1.unit }
            if format == .json {
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                print(String(decoding: (try? e.encode(report)) ?? Data(), as: UTF8.self))
                return
            }
            // Every string below came from the network: printed with no control character in it.
            print("Site \(options.site): " + (report.version.map { "config version \($0), published \(printable(report.published ?? "?")) by \(printable(report.publishedBy ?? "?"))" } ?? "no config published")
                  + (report.version == nil ? "" : report.signedBy.map { ", signed by \(printable(String($0.prefix(20))))…" } ?? ", NOT SIGNED (no unit takes it)"))
            if report.openBroker == true || report.units.contains(where: { $0.login == "none" || $0.openBroker == true }) {
                print("Broker: takes clients without an account: anyone on the network can read the site's topics and publish to them. Units take only settings and commands signed with the site key (stop and identify unsigned, unless a unit's unsigned_commands says otherwise).")
            }
            if report.units.isEmpty { print("No unit of this site has reported yet.") }
            for r in report.units {
                print(printable("\(r.unit): \(r.state), applied \(r.configVersion.map(String.init) ?? "-"), \(r.status ?? "-"), next \(r.next ?? "-")"
                      + (r.login == "none" ? "; logs in without an account" : "")
                      + ((r.refusals ?? 0) > 0 ? "; \(r.refusals ?? 0) refused" : "")
                      + (r.refused.map { "; refused: \($0)" } ?? "")))
            }
        }
    }
}

extension SiteCommand.BrokerOptions {
    /// Whether the broker takes a client without an account: true when this command itself
    /// has none and got in, else a try without one; nil when it cannot be told.
    func opensWithoutAccount() -> Bool? {
        if credentials == nil { return true }
        guard let url = BrokerURL(broker) else { return nil }
        return MQTTSession.takesAnonymous(url, caFile: caFile ?? "", timeout: min(timeout, 3))
    }
}
