import Foundation
import HTTPTypes
import Testing
@testable import Admin

/// In setup mode the admin page serves /setup alone; out of it /setup leads to the login page.
@Suite("Setup mode's routes")
struct SetupModeTests {
    @Test("Setup active: /, /settings, /units and a POST to /login answer 303 to /setup; unknown paths 404, bad ones 400, a wrong method 405")
    func active() async throws {
        let h = SetupHarness()
        for path in ["/", "/settings", "/units", "/api/v1/units"] {
            let r = await h.get(path)
            #expect(r.status == 303 && r.headers[.location] == "/setup", "\(path)")
        }
        let login = await h.post("/login", [("user", "admin"), ("password", "x")])
        #expect(login.status == 303 && login.headers[.location] == "/setup")
        #expect(await h.get("/nope").status == 404)
        #expect(await h.get("/setup/../settings").status == 400)
        let put = await h.send(HTTPRequest(method: .put, scheme: "https", authority: "unit", path: "/setup"), body: [], language: "en")
        #expect(put.status == 405 && put.headers[.allow] == "GET, POST")
        #expect(await h.get("/setup").status == 200)
    }

    @Test("Setup not active (a password exists): GET and POST /setup answer 303 to the login page, and nothing is asked or finished")
    func inactive() async throws {
        let setup = FakeSetup()
        setup.active = false
        let h = SetupHarness(setup: setup)
        let get = await h.get("/setup?code=K7P2QX")
        #expect(get.status == 303 && get.headers[.location] == "/")
        let post = await h.post("/setup", [("code", "K7P2QX"), ("user", "admin"), ("password", "correct horse battery")])
        #expect(post.status == 303 && post.headers[.location] == "/")
        #expect(setup.codesAsked.isEmpty && setup.finished.isEmpty)
        #expect(await h.get("/").status == 200, "the login page")
    }

    @Test("A setup body over 4 KiB is refused unread (413)")
    func large() async throws {
        let h = SetupHarness()
        let r = await h.post("/setup", [("title", String(repeating: "a", count: 5000))])
        #expect(r.status == 413 && h.setup.finished.isEmpty)
    }
}
