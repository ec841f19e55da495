import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink
import UnitModel

extension SiteCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The site's config version and what each unit applied.")
        @OptionGroup var options: BrokerOptions
        @Option(help: "Output format (text or json).") var format: OutputFormat = .text
        @Option(help: "Seconds to gather the units' retained state and status.") var wait: Double = 1.5
        @Option(name: .customLong("site-key"), help: "The site key's public half: the site's roster is read from the settings it signed, and each enrolled unit's report is verified.")
        var siteKey: String?

        func validate() throws {
            if let siteKey, SiteKey(siteKey) == nil { throw ValidationError("--site-key: not an ed25519:BASE64 public key (the line mihrab site keygen prints)") }
        }

        struct Row: Codable {
            var unit: String
            var state: String
            var configVersion: Int?
            var refused: String?
            var next: String?
            var status: StatusCondition?
            var login: StatusReport.Login?
            var openBroker: Bool?
            var refusals: Int?
            /// On the site's roster (its report verified with its own key); nil without --site-key.
            var enrolled: Bool?
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
            // The roster, from the newest settings the site key signed (its own topic or a unit's applied one).
            let key = siteKey.flatMap { SiteKey($0) }
            var roster: [String: String] = [:]
            var newest = SiteVersion.none
            for m in session.messages where key != nil && (m.topic == topic || Topics.unitID(in: m.topic, leaf: "config") != nil) {
                guard let key, let (settings, config, _) = try? SiteSettings.decode(m.payload, topic: topic, verify: { s throws(ConfigError) in
                    try s.verify(with: key, topic: topic)
                }), settings.order > newest else { continue }
                (newest, roster) = (settings.order, config.roster)
            }
            var book = PeerBook(roster: roster)
            for m in session.messages {
                if m.topic == topic, let s = try? JSONDecoder().decode(SiteSettings.self, from: m.payload) {
                    (report.version, report.publishedBy, report.published) = (s.version, s.by, s.published)
                    report.signedBy = s.signature == nil ? nil : s.key
                } else if let id = Topics.unitID(in: m.topic, leaf: "state") {
                    book.state(id, m.payload)
                } else if let id = Topics.unitID(in: m.topic, leaf: "status") {
                    book.status(id, m.payload)
                }
            }
            var rows: [String: Row] = [:]
            for e in book.entries(now: Date()) {
                var r = Row(unit: e.id, state: e.state)
                r.enrolled = key == nil ? nil : e.enrolled
                if let s = e.status, e.enrolled || s.site?.name == options.site {
                    (r.configVersion, r.refused, r.status) = (s.site?.configVersion, s.site?.refused, s.status)
                    (r.login, r.openBroker, r.refusals) = (s.site?.login, s.site?.openBroker, s.site?.refusals)
                    r.next = s.next.map { "\($0.prayer) \($0.event) \($0.at.dropFirst(11).prefix(5))" }
                }
                rows[e.id] = r
            }
            report.openBroker = options.opensWithoutAccount()
            // Units of this site only (a state topic alone does not say which site): the roster's
            // every one, the others when their status names the site.
            report.units = rows.values.filter { $0.enrolled == true || $0.configVersion != nil }
                .sorted { ($0.enrolled == true ? 0 : 1, $0.unit) < ($1.enrolled == true ? 0 : 1, $1.unit) }
            if format == .json {
                let e = JSONEncoder()
                e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                print(String(decoding: (try? e.encode(report)) ?? Data(), as: UTF8.self))
                return
            }
            // Every string below came from the network: printed with no control character in it.
            print("Site \(options.site): " + (report.version.map { "config version \($0), published \(printable(report.published ?? "?")) by \(printable(report.publishedBy ?? "?"))" } ?? "no config published")
                  + (report.version == nil ? "" : report.signedBy.map { ", signed by \(printable(String($0.prefix(20))))…" } ?? ", NOT SIGNED (no unit takes it)"))
            if report.openBroker == true || report.units.contains(where: { $0.login == .anonymous || $0.openBroker == true }) {
                print("Broker: takes clients without an account: anyone on the network can read the site's topics and publish to them. Units take only settings and commands signed with the site key (stop, identify and display unsigned, unless a unit's unsigned_commands says otherwise).")
            }
            if report.units.isEmpty { print("No unit of this site has reported yet.") }
            if key != nil, roster.isEmpty { print("No roster in the site's signed settings: what the units report is not verified (mihrab site enroll).") }
            if key == nil, !report.units.isEmpty { print("Not verified (no --site-key): any client of the broker could have written these.") }
            var apart = false
            for r in report.units {
                if r.enrolled == false, !roster.isEmpty, !apart {
                    apart = true
                    print("Not on the site's roster (what they say is not verified):")
                }
                print(printable("\(r.unit): \(r.state), applied \(r.configVersion.map(String.init) ?? "-"), \(r.status?.description ?? "-"), next \(r.next ?? "-")"
                      + (r.login == .anonymous ? "; logs in without an account" : "")
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
