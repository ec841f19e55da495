import Foundation
import HAL
import Testing
@testable import Service
import UnitModel

/// `[display]` in the site config and `[tv]` in a board file: read with their defaults, and
/// each mistake one line that names the key.
@Suite("the TV's config")
struct DisplayConfigTests {
    @Test("[display] is read, and without it the TV is left alone")
    func reads() throws {
        let c = try SiteConfig.parse("""
            [display]
            power = "both"
            before_fajr = 45
            after_isha = 90
            all_day = false
            before_adhan = 10
            after_iqamah = 25
            """, file: "t.toml")
        #expect(c.display.power == .both && c.display.beforeFajr == 45 && c.display.afterIsha == 90)
        #expect(!c.display.allDay && c.display.beforeAdhan == 10 && c.display.afterIqamah == 25)
        let d = try SiteConfig.parse("", file: "t.toml").display
        #expect(d.power == .none && d.beforeFajr == 30 && d.afterIsha == 60 && d.allDay && d.beforeAdhan == 15 && d.afterIqamah == 20)
    }

    @Test("bad [display] values: one line naming the file, the line and the key", arguments: [
        ("power = \"hdmi\"", "display.power", "'hdmi' is not one of \"cec\", \"compositor\", \"both\", \"none\""),
        ("before_fajr = -5", "display.before_fajr", "-5 is out of range (0 to 720)"),
        ("after_isha = 1000", "display.after_isha", "1000 is out of range (0 to 720)"),
        ("all_day = \"yes\"", "display.all_day", "must be true or false"),
        ("before_adhan = 1.5", "display.before_adhan", "must be a whole number from 0 to 720"),
        ("off_after = 3", "display.off_after", "unknown key"),
    ])
    func bad(_ line: String, _ path: String, _ message: String) {
        do {
            _ = try SiteConfig.parse("[display]\n\(line)\n", file: "site.toml")
            Issue.record("accepted: \(line)")
        } catch {
            let text = error.description
            #expect(text.hasPrefix("site.toml:2: \(path)"), "\(text)")
            #expect(text.contains(message), "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    func board(_ text: String) throws -> BoardConfig {
        let path = NSTemporaryDirectory() + "mihrab-tv-\(UUID().uuidString).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BoardConfig.load(path: path)
    }

    @Test("[tv]: a device, a connector, the simulated TV; without it the only adapter (real) or the TV that answers (simulated)")
    func tv() throws {
        #expect(try board("name = \"b\"\n[i2c]\nbus = 1\n[tv]\ncec = \"/dev/cec1\"\n").tv == .device("/dev/cec1"))
        #expect(try board("name = \"b\"\n[i2c]\nbus = 1\n[tv]\nconnector = \"HDMI-A-2\"\n").tv == .connector("HDMI-A-2"))
        #expect(try board("name = \"b\"\n[i2c]\nbus = 1\n").tv == .only)
        #expect(try board("name = \"b\"\n[i2c]\nbus = \"simulated\"\n").tv == .emulated(.answers))
        #expect(try board("name = \"b\"\n[i2c]\nbus = \"simulated\"\n[tv]\nemulated = \"silent\"\n").tv == .emulated(.silent))
    }

    @Test("bad [tv]: one line each", arguments: [
        ("bus = 1\n[tv]\ncec = \"cec1\"", "tv.cec", "is not a device path such as \"/dev/cec1\""),
        ("bus = 1\n[tv]\ncec = \"/dev/cec1\"\nconnector = \"HDMI-A-1\"", "tv.cec", "give one of cec, connector and emulated, not several"),
        ("bus = 1\n[tv]\nconnector = \"HDMI A/1\"", "tv.connector", "is not a DRM connector's name"),
        ("bus = 1\n[tv]\nemulated = \"answers\"", "tv.emulated", "is for the simulated board"),
        ("bus = \"simulated\"\n[tv]\nemulated = \"asleep\"", "tv.emulated", "'asleep' is not one of \"answers\", \"silent\", \"absent\""),
    ])
    func badTV(_ rest: String, _ path: String, _ message: String) {
        do {
            _ = try board("name = \"b\"\n[i2c]\n\(rest)\n")
            Issue.record("accepted: \(rest)")
        } catch {
            let text = "\(error)"
            #expect(text.contains(path) && text.contains(message), "\(text)")
            #expect(!text.contains("\n"))
        }
    }
}
