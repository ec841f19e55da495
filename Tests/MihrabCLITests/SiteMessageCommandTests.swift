import Foundation
import Testing
import TestSupport

/// `mihrab site message`'s arguments refused before anything is sent, each with one line and
/// the usage status (64); the broker is never reached (nothing listens on its port).
@Suite("mihrab site message: its arguments")
struct SiteMessageCommandTests {
    static let broker = ["--broker", "mqtt://127.0.0.1:1", "--site", "central", "--key", "/nonexistent/site.key", "--timeout", "1"]

    @Test("A missing text, a text and --clear, a line break, 201 characters, minutes out of range, a bad unit id: refused with their lines")
    func refused() throws {
        let cases: [([String], String)] = [
            ([], "the message's text is missing (or --clear)"),
            (["   "], "the message's text is missing (or --clear)"),
            (["hi", "--clear"], "give a text or --clear, not both"),
            (["one\ntwo"], "control character"),
            ([String(repeating: "x", count: 201)], "at most 200"),
            (["hi", "--minutes", "0"], "minutes: 0 is not 1 to 1440"),
            (["hi", "--minutes", "1441"], "minutes: 1441 is not 1 to 1440"),
            (["hi", "--unit", "hall/1"], "--unit must be 1 to 64 letters"),
        ]
        for (args, line) in cases {
            let r = try MihrabBinary.run(["site", "message"] + args + Self.broker)
            #expect(r.status == 64, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(line), "\(args): \(r.stderr)")
        }
    }

    @Test("A good message with a key that cannot be read: the key's one line, before any broker")
    func key() throws {
        let r = try MihrabBinary.run(["site", "message", "Car AB12 is blocking the gate", "--minutes", "5"] + Self.broker)
        #expect(r.status != 0 && r.status != 64 && r.stderr.contains("--key") && r.stderr.contains("/nonexistent/site.key"), Comment(rawValue: r.stderr))
    }
}
