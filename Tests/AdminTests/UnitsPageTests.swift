import Service
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
}
