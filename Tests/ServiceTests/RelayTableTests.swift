import Foundation
import Service
import Testing

/// `[[outputs.relay]]`: two relays are two rows of a board file, each with its name, line and
/// phases; today's single `relay = {…}` still reads.
@Suite("board relays")
struct RelayTableTests {
    func load(_ body: String) throws(ConfigError) -> BoardConfig {
        let path = NSTemporaryDirectory() + "board-\(UUID().uuidString).toml"
        try? Data("name = \"t\"\n[i2c]\nbus = \"simulated\"\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BoardConfig.load(path: path)
    }

    static let two = """
        [[outputs.relay]]
        name = "amplifier"
        line = "AMP"
        during = ["adhan", "sound"]

        [[outputs.relay]]
        name = "hall-lights"
        line = 12
        active_low = true
        during = ["prayer", "after"]
        """

    @Test("two [[outputs.relay]] tables: two relays in the file's order, each its own name, line and phases")
    func twoRelays() throws {
        let r = try load(Self.two).outputs.relays
        #expect(r.map(\.name) == ["amplifier", "hall-lights"])
        #expect(r.map(\.line.locator) == [.name("AMP"), .offset(12)] && r.map(\.line.activeLow) == [false, true])
        #expect(r.map(\.during) == [[.adhan, .sound], [.prayer, .after]])
    }

    @Test("one [[outputs.relay]] without a name is \"relay\", as the single table is")
    func oneUnnamed() throws {
        #expect(try load("[[outputs.relay]]\nline = 3\nduring = [\"iqamah\"]").outputs.relays.map(\.name) == ["relay"])
    }

    @Test("relays refused with one line naming the file and the key: unnamed among several, the same name twice, a bad name")
    func refused() {
        let cases: [(String, String, String)] = [
            ("[[outputs.relay]]\nline = 1\nduring = [\"adhan\"]\n[[outputs.relay]]\nname = \"b\"\nline = 2\nduring = [\"adhan\"]",
             "outputs.relay[0].name", "is missing"),
            ("[[outputs.relay]]\nname = \"a\"\nline = 1\nduring = [\"adhan\"]\n[[outputs.relay]]\nname = \"a\"\nline = 2\nduring = [\"adhan\"]",
             "outputs.relay", "two relays are named 'a'"),
            ("[[outputs.relay]]\nname = \"Hall Lights\"\nline = 1\nduring = [\"adhan\"]", "outputs.relay[0].name", "is not a name"),
            ("[[outputs.relay]]\nname = \"a\"\nline = 1\nduring = [\"lunch\"]", "outputs.relay[0].during", "'lunch' is not a phase"),
            ("[outputs]\nrelay = [1, 2]", "outputs.relay", "must be a table"),
        ]
        for (body, key, message) in cases {
            do {
                _ = try load(body)
                Issue.record("accepted: \(body)")
            } catch {
                let line = error.description
                #expect(!line.contains("\n") && line.contains(".toml") && line.contains(key + ": ") && line.contains(message), "\(line)")
            }
        }
    }
}
