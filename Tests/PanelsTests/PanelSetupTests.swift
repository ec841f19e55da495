import Drivers
import Foundation
import PrayerTimes
import Testing
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

/// The small displays in setup mode: the one-time code and where the setup page is, outside a
/// prayer's phases. Kuala Lumpur, Friday 27 November 2026 .
@Suite("Small displays: setup mode")
struct PanelSetupTests {
    static let view = SetupView(url: "https://masjid-noor.local:8443/setup?code=K7M2QX", code: "K7M2QX",
                                addresses: ["https://192.168.1.23:8443/setup"], generation: 1)

    static func model(at hms: String) throws -> ScreenModel {
        try model(atISO: "2026-11-27T\(hms)+08:00")
    }

    static func model(atISO iso: String) throws -> ScreenModel {
        let c = SiteConfig()
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let place = try #require(Coordinates(latitude: 3.139, longitude: 101.6869))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-27")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        var input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        input.setup = view
        let t = try #require(ISO8601DateFormatter().date(from: iso)).timeIntervalSince1970
        return ScreenModel.at(t, input)
    }

    static func rows(_ c: PanelContent, _ columns: Int, _ rows: Int) -> [String] {
        LCDLayout.lines(c, columns: columns, rows: rows).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("The code, the unit's name and its address on every geometry; the OLED's code in its large font")
    func shown() throws {
        let m = try Self.model(at: "10:00:00")
        #expect(m.setup == Self.view)
        let c = PanelContent(m)
        #expect(c.setup == .init(code: "K7M2QX", host: "masjid-noor.local:8443", address: "192.168.1.23:8443", second: false))
        #expect(Self.rows(c, 20, 4) == ["Setup code K7M2QX", "masjid-noor.local", "192.168.1.23", "https :8443/setup"])
        // Two rows: the code for five seconds, then where to open the page.
        #expect(Self.rows(c, 16, 2) == ["Setup code", "K7M2QX"])
        let later = PanelContent(try Self.model(at: "10:00:05"))
        #expect(Self.rows(later, 16, 2) == ["192.168.1.23", ":8443/setup"])
        #expect(Self.rows(later, 24, 2) == ["Open", "192.168.1.23:8443/setup"])
        #expect(Self.rows(PanelContent(try Self.model(at: "10:00:10")), 16, 2) == ["Setup code", "K7M2QX"])

        let oled = OLEDLayout.frame(c)
        #expect(!find("K7M2QX", .large, in: oled).isEmpty)
        #expect(!find("192.168.1.23:8443", .small, in: oled).isEmpty)
        #expect(!find("SETUP CODE", .small, in: oled).isEmpty)
        let short = OLEDLayout.frame(c, width: 128, height: 32)
        #expect(!find("K7M2QX", .large, in: short).isEmpty && !find("192.168.1.23:8443", .small, in: short).isEmpty)

        // Through the emulators, for a person to look at (the PNGs beside the test's temporary files).
        let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4),
                                             .init(model: .ssd1306, address: 0x3C)])
        try PanelDriver.emulated(.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4), on: bus).show(c)
        try PanelDriver.emulated(.init(model: .ssd1306, address: 0x3C), on: bus).show(c)
        let lcd = try #require(bus.devices[0x27] as? HD44780Emulator)
        #expect(lcd.text().first?.hasPrefix("Setup code K7M2QX") == true, "\(lcd.text())")
        if let dir = ProcessInfo.processInfo.environment["MIHRAB_SHOTS"] {
            let oledChip = try #require(bus.devices[0x3C] as? SSD1306Emulator)
            try Data(oledChip.render(scale: 4).png).write(to: URL(fileURLWithPath: dir + "/setup-oled.png"))
            try Data(lcd.render(scale: 4).png).write(to: URL(fileURLWithPath: dir + "/setup-lcd.png"))
        }
    }

    @Test("An adhan comes first: at Dhuhr's adhan the displays show it, not the code")
    func adhanFirst() throws {
        let dhuhr = try #require(try Self.model(at: "10:00:00").table.rows.first { $0.prayer == .dhuhr }?.adhan)
        let m = try Self.model(atISO: dhuhr)
        #expect(m.phase.kind == .adhan)
        let c = PanelContent(m)
        #expect(c.setup == nil && c.headline == "ADHAN")
    }
}
