import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink
import UnitModel

extension SiteCommand {
    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish", abstract: "Check a site config, sign it with the site key and publish it (retained) with a new version.")
        @Argument(help: "The site config (TOML with the keys a site may set).") var file: String
        @OptionGroup var options: BrokerOptions
        @Option(help: "The site key's private half (mihrab site keygen --out).") var key: String
        @Flag(help: "Start the site's versions again: version 1 of the next series, which every unit takes as newer.") var reset = false
        @Option(help: "Who publishes it (shown by the units; default: the user).") var by: String?

        func run() throws {
            let signing = try SiteCommand.signingKey(key)
            let (text, timetable) = try SiteCommand.check(file)
            let topic = Topics.siteConfig(options.site)
            let session = try options.session([topic, Topics.everyApplied, Topics.everyState, "\(Topics.root)/unit/+/event"])
            defer { session.close() }
            // What is retained arrives at once.
            _ = session.wait(timeout: 1.0) { _ in false }
            // Above what the broker holds and above what this key signed before: a broker whose
            // retained configs were cleared cannot set the site's versions back.
            let floor = SignedFloor(keyFile: key)
            let top = max(SiteCommand.newestSigned(session.messages, site: options.site, key: signing.publicKey), floor.read())
            let next = reset ? SiteVersion(series: top.series + 1, version: 1) : SiteVersion(series: top.series, version: top.version + 1)
            guard next.version <= SiteSettings.maximumVersion, next.series <= SiteSettings.maximumVersion else {
                throw CommandError("\(file): version \(top) is the last of its series: nothing published; --reset starts the site's versions again",
                                   exitCode: .config)
            }
            let user = by ?? ProcessInfo.processInfo.environment["USER"] ?? "mihrab site"
            let settings = SiteSettings(version: next.version, site: options.site, file: lastComponent(of: file), toml: text,
                                        published: utcISO8601(Date().timeIntervalSince1970), by: String(user.prefix(64)),
                                        timetable: timetable, series: next.series).signed(with: signing, topic: topic)
            let payload = settings.encoded()
            guard payload.count <= SiteSettings.maximumBytes else {
                throw CommandError("\(file): \(payload.count) bytes as published: more than a unit takes (\(SiteSettings.maximumBytes))", exitCode: .config)
            }
            // Kept before it is sent: a version once signed is never signed again for other settings.
            if let problem = floor.write(next) { throw CommandError(problem, exitCode: .cantCreate) }
            let online = Set(session.messages.compactMap { m in
                Topics.unitID(in: m.topic, leaf: "state").flatMap { String(decoding: m.payload, as: UTF8.self) == "online" ? $0 : nil }
            })
            let sentAt = session.messages.count
            guard session.publish(topic, payload, retain: true) else {
                throw CommandError("\(options.broker): the link dropped before the config could be sent", exitCode: .unavailable)
            }
            // The broker sends it back to our subscription only if it took it (an account the
            // ACL does not let write the site's topics is silently dropped).
            let back = session.wait(timeout: options.timeout) { $0.topic == topic && $0.payload == payload }
            guard back else {
                throw CommandError("\(options.broker): the broker did not take version \(next) for \(topic): does this account may write mihrab/v1/site/\(options.site)/#? (the broker's ACL)",
                                   exitCode: .unavailable)
            }
            print("published version \(next) of \(file) to \(topic)")
            let answers = SiteCommand.answers(session, after: sentAt, version: next.version, expecting: online, timeout: options.timeout)
            for (unit, line) in answers.sorted(by: { $0.key < $1.key }) { print("\(unit): \(line)") }
            let applied = answers.values.filter { $0 == "applied" }.count
            let silent = online.subtracting(answers.keys).sorted()
            if !silent.isEmpty { print("no answer in \(Int(options.timeout)) s: \(silent.joined(separator: ", "))") }
            guard applied > 0 else {
                throw CommandError("\(file): no unit applied version \(next) (\(online.isEmpty ? "none of the site's units is online" : "\(online.count) online")): mihrab site show says what each has",
                                   exitCode: .unavailable)
            }
            print("applied by \(applied) of the \(online.count) units online")
        }
    }

    /// Each unit's answer to a published version (from its event topic): "applied", or
    /// "refused: LINE". Waits until every unit of `expecting` has answered, or `timeout`.
    /// (Polled: `MQTTSession.wait` holds the messages' lock while it matches.)
    static func answers(_ session: MQTTSession, after: Int, version: Int, expecting: Set<String>, timeout: Double) -> [String: String] {
        // A type this version does not know (a newer unit's) fails the decode: such an event is not a config answer.
        struct Event: Decodable { var type: UnitEvent.Kind?; var result: String?; var message: String?; var version: Int? }
        func collect() -> [String: String] {
            var out: [String: String] = [:]
            for m in session.messages.dropFirst(after) {
                guard let unit = Topics.unitID(in: m.topic, leaf: "event"), let e = try? JSONDecoder().decode(Event.self, from: m.payload),
                      e.type == .config else { continue }
                if e.result == "applied", e.version == version { out[unit] = "applied" }
                if e.result == "refused", out[unit] == nil { out[unit] = "refused: " + printable(e.message ?? "") }
            }
            return out
        }
        let deadline = Date().addingTimeInterval(timeout)
        var got = collect()
        while Date() < deadline, !expecting.isSubset(of: Set(got.keys)) {
            usleep(50_000)
            got = collect()
        }
        return got
    }

    /// The newest site config on the broker that this key signed: the site's retained one or
    /// one a unit applied (each unit keeps its own retained, so a forgery on the site's topic,
    /// or a broker that lost it, does not set the site back). Units' status reports are never
    /// counted: any unit's account may write its own.
    static func newestSigned(_ messages: [MQTTClient.Message], site: String, key: SiteKey) -> SiteVersion {
        let topic = Topics.siteConfig(site)
        var top = SiteVersion.none
        for m in messages where m.topic == topic || Topics.unitID(in: m.topic, leaf: "config") != nil {
            guard let s = try? SiteSettings.envelope(m.payload, topic: topic), s.site == site,
                  (try? s.verify(with: key, topic: topic)) != nil else { continue }
            top = max(top, s.order)
        }
        return top
    }

    /// The private key file, or the command's one-line error.
    static func signingKey(_ path: String) throws -> SigningKey {
        do throws(MQTTError) { return try SigningKey.load(path) } catch { throw CommandError("--key: \(error)", exitCode: .config) }
    }
}
