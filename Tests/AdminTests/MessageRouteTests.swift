import Foundation
import Testing
@testable import Admin
import UnitModel

/// The dashboard's urgent message: the form, what a POST asks of the unit (its text, minutes
/// and the user who sends it), the clear button, and the one-line refusals.
@Suite("Admin page: the urgent message")
struct MessageRouteTests {
    @Test("The dashboard has the message form; a message posted goes to the backend with the user as its sender, and the page says on how many units")
    func send() async throws {
        let backend = FakeBackend()
        let h = try RouteHarness(backend: backend)
        let page = await h.get("/")
        #expect(page.status == 200 && page.body.contains("action=\"/message\"") && page.body.contains("name=\"text\"")
                && page.body.contains("maxlength=\"200\"") && page.body.contains("Urgent message to every screen"))
        #expect(!page.body.contains("Clear the message"), "nothing to clear yet")
        let sent = await h.post("/message", [("text", "  Grey car AB12 CDE is blocking the gate "), ("minutes", "15")])
        #expect(sent.status == 303 && sent.headers[.location] == "/?message=sent&units=3")
        let m = try #require(backend.state.withLock { $0.messages.first })
        #expect(m.request == MessageRequest(text: "Grey car AB12 CDE is blocking the gate", minutes: 15, by: "admin") && m.user == "admin")
        let after = await h.get("/?message=sent&units=3")
        #expect(after.body.contains("Message sent to 3 unit(s)."))
    }

    @Test("What the units show is on the dashboard with a clear button; clearing sends an empty text")
    func clear() async throws {
        let backend = FakeBackend()
        backend.state.withLock { $0.shown = ScreenModel.Message(text: "Car <b>AB12</b>", by: "imam", until: "2026-03-25T12:29:00+00:00", banner: false) }
        let h = try RouteHarness(backend: backend)
        let page = await h.get("/")
        #expect(page.body.contains("On the screens now: “Car &lt;b&gt;AB12&lt;/b&gt;” from imam, until 12:29."), Comment(rawValue: page.body))
        #expect(page.body.contains("Clear the message") && page.body.contains("name=\"clear\""))
        let cleared = await h.post("/message", [("clear", "1"), ("text", "")])
        #expect(cleared.status == 303 && cleared.headers[.location] == "/?message=cleared&units=3")
        #expect(backend.state.withLock { $0.messages.first?.request.clears } == true)
    }

    @Test("Refused with its one line, and nothing sent: empty, too long, a line break, minutes out of range or not a number, no CSRF token")
    func refused() async throws {
        let backend = FakeBackend()
        let h = try RouteHarness(backend: backend)
        let cases: [([(String, String)], Int, String)] = [
            ([("text", "   ")], 422, "the message is empty"),
            ([("text", String(repeating: "x", count: 201))], 422, "at most 200"),
            ([("text", "one\ntwo")], 422, "control character"),
            ([("text", "hi"), ("minutes", "0")], 422, "minutes: 0 is not 1 to 1440"),
            ([("text", "hi"), ("minutes", "ten")], 422, "is not a whole number"),
            ([("text", "hi"), ("csrf", "wrong")], 403, "This form has expired"),
        ]
        for (fields, status, line) in cases {
            let r = await h.post("/message", fields)
            #expect(r.status == status, "\(fields): \(r.status)")
            #expect(r.body.contains(line), "\(fields): \(r.body.prefix(300))")
        }
        #expect(backend.state.withLock { $0.messages.isEmpty })
        // The text typed is kept in the form after a refusal.
        let again = await h.post("/message", [("text", "Car AB12"), ("minutes", "0")])
        #expect(again.body.contains("value=\"Car AB12\""))
    }
}
