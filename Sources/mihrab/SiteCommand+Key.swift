import ArgumentParser
import FoundationEssentials
import Glibc
import Platform
import Service
import SiteLink
import UnitModel

extension SiteCommand {
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keygen", abstract: "Make the site key: the private half in a new file (mode 600), the public half printed.")
        @Option(help: "The new private key file (never overwritten).") var out: String

        func run() throws {
            do throws(MQTTError) { try SigningKey.checkLibrary() } catch { throw CommandError("\(error)", exitCode: .config) }
            let key = SigningKey()
            do throws(MQTTError) { try key.write(to: out) } catch { throw CommandError("--out: \(error)", exitCode: .cantCreate) }
            writeStandardError("""
                mihrab: the site's private key is in \(out) (mode 600): keep it with whoever publishes the site's settings.
                mihrab: put this line in each unit's /etc/mihrab/mihrab.toml, [network] site_key = "…":

                """)
            print(key.publicKey.text)
        }
    }

    struct Command: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "command", abstract: "Send a unit a command signed with the site key, and print its answer.")
        @Argument(help: "The unit's id.") var unit: String
        @Argument(help: "stop, test-sound, identify, reload, display-on or display-off.") var name: String
        @OptionGroup var options: BrokerOptions
        @Option(help: "The site key's private half (mihrab site keygen --out).") var key: String

        func validate() throws {
            guard NetworkConfig.validName(unit) else { throw ValidationError("the unit must be 1 to 64 letters, digits, \"-\" or \"_\" (got \(quoted(unit)))") }
            guard RemoteCommand(rawValue: name) != nil else { throw ValidationError("\(quoted(name)) is not a command (\(RemoteCommand.allCases.map(\.rawValue).joined(separator: ", ")))") }
        }

        func run() throws {
            let signing = try SiteCommand.signingKey(key)
            let events = Topics.event(unit)
            let session = try options.session([events])
            defer { session.close() }
            let id = "cli-" + UUID().uuidString.prefix(8).lowercased()
            let body = CommandBody.signed(topic: Topics.command(unit, name), id: id, key: signing)
            guard session.publish(Topics.command(unit, name), body.json(), retain: false) else {
                throw CommandError("\(options.broker): the link dropped before the command could be sent", exitCode: .unavailable)
            }
            struct Answer: Decodable { var id: String?; var result: String? }
            func answer(_ m: MQTTClient.Message) -> Answer? {
                guard m.topic == events, let a = try? JSONDecoder().decode(Answer.self, from: m.payload), a.id == id else { return nil }
                return a
            }
            guard session.wait(timeout: options.timeout, until: { answer($0) != nil }),
                  let result = session.messages.lazy.compactMap(answer).first?.result else {
                throw CommandError("\(unit): no answer to \(name) in \(Int(options.timeout)) s (is it online? mihrab site show)", exitCode: .unavailable)
            }
            guard !result.hasPrefix("refused") else { throw CommandError("\(unit): \(name) \(result)", exitCode: .unavailable) }
            print("\(unit): \(name) (id \(id)): \(result)")
        }
    }
}
