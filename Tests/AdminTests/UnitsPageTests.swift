import Foundation
import Service
import UnitModel
import Testing
@testable import Admin

/// The units page with a roster: the site's enrolled units first, with their buttons, then the
/// strangers under their own heading (300 invented units filled the page's cap before and hid
/// every real unit).
@Suite("Admin units page: the roster first")
struct UnitsPageTests {
    @Test("enrolled units before the heading of the strangers, each once; without a roster, no heading")
    func strangersApart() throws {
        let t = try #require(AdminText.all["en"])
        let real = ["entrance", "hall", "women"].map { AdminUnit(id: $0, state: "online", status: nil, enrolled: true) }
        let ghosts = (0..<300).map { AdminUnit(id: "ghost-\($0)", state: "online", status: nil, enrolled: false) }
        let page = Pages.units(t, user: "admin", csrf: "x", units: real + ghosts, notice: nil, error: nil)
        let heading = try #require(page.range(of: "Not on the site&#39;s roster") ?? page.range(of: "Not on the site's roster"))
        for id in ["entrance", "hall", "women"] {
            let at = try #require(page.range(of: "<bdi>\(id)</bdi>"), Comment(rawValue: id))
            #expect(at.lowerBound < heading.lowerBound, "\(id) before the strangers")
            #expect(page.contains("action=\"/units/\(id)/test-sound\""))
        }
        #expect(page.components(separatedBy: "<bdi>ghost-").count - 1 == 300)
        let plain = Pages.units(t, user: "admin", csrf: "x", units: ["a", "b"].map { AdminUnit(id: $0, state: "online", status: nil) },
                                notice: nil, error: nil)
        #expect(!plain.contains("roster"))
    }

    @Test("a unit that steers its TV: a row with its power and an override's end, the TV's two buttons, in each language; none for a unit without")
    func television() throws {
        let status = try JSONDecoder().decode(StatusReport.self, from: Data(#"""
            {"time":"t","position":{"source":"none"},"compass":"none","clock":{"trusted":true,"steps":0},"status":"ok","gps":"none",
             "sensors":{"magnetometer":"none","accelerometer":"none","errors":0},"state":{"persisted":true},
             "counters":{"fired":0,"missed":0,"gpioErrors":0,"rejectedFixes":0},
             "display":{"power":"off","reason":"override","driver":"cec","until":"2026-10-23T19:21:00+01:00","reported":"no-answer"}}
            """#.utf8))
        for (lang, row) in [("en", "<th>TV</th><td><bdi>off, by hand until 19:21 · the TV does not answer</bdi></td>"),
                            ("fr", "<th>Téléviseur</th><td><bdi>éteint, à la main jusqu’à 19:21 · le téléviseur ne répond pas</bdi></td>")] {
            let t = try #require(AdminText.all[lang])
            let page = Pages.units(t, user: "admin", csrf: "x", units: [AdminUnit(id: "hall", state: "online", status: status)], notice: nil, error: nil)
            #expect(page.contains(row), "\(lang)")
            #expect(page.contains("action=\"/units/hall/display-on\"") && page.contains("action=\"/units/hall/display-off\""))
        }
        let t = try #require(AdminText.all["en"])
        let without = Pages.units(t, user: "admin", csrf: "x", units: [AdminUnit(id: "hall", state: "online", status: nil)], notice: nil, error: nil)
        #expect(!without.contains("display-on") && !without.contains("<th>TV</th>"))
    }
}
