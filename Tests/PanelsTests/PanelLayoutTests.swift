import Drivers
import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

@Suite("Small displays: every geometry, the unit's state, and a display that resets itself")
struct PanelLayoutTests {
    /// Screen models of a day in London with reminders and iqamahs: normal, reminder, adhan,
    /// iqamah countdown; on a 12-hour clock; and with the clock not confirmed.
    static func models() throws -> [ScreenModel] {
        let unit = try PanelUnit(zone: "Europe/London", lat: 51.5074, lon: -0.1278, date: CivilDate(year: 2026, month: 3, day: 29)!,
                                 display: .init(model: .ssd1306, address: 0x3C))
        try unit.show(at: unit.clock.wallNow() + 60)
        let maghrib = try #require(unit.events.first { $0.kind == .adhan && $0.prayer == .maghrib })
        var out: [ScreenModel] = []
        // Seconds from Maghrib's adhan (typed: Swift 6.2's type checker gives up on the sums inline).
        let offsets: [Double] = [-7200, -300, 30, 300, 14 * 60 + 30]
        for offset in offsets {
            out.append(try unit.show(at: maghrib.time + offset))
        }
        var twelve = out[0]
        twelve.clock = .h12
        var untrusted = out[0]
        untrusted.trusted = false
        untrusted.notices = [.clockUntrusted]
        return out + [twelve, untrusted]
    }

    @Test("Every LCD geometry a board file allows, in every phase: each row fits, and the driver takes it through the emulator")
    func everyGeometry() throws {
        let contents = try Self.models().map(PanelContent.init)
        for columns in [8, 16, 20, 24, 40] {
            for rows in [1, 2, 4] where columns * rows <= 80 {
                let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: columns, rows: rows)])
                let driver = PanelDriver.emulated(.init(model: .hd44780PCF8574, address: 0x27, columns: columns, rows: rows), on: bus)
                for c in contents {
                    let lines = LCDLayout.lines(c, columns: columns, rows: rows)
                    #expect(lines.count == rows && lines.allSatisfy { $0.count <= columns }, "\(columns)x\(rows)")
                    // From 16 columns the prayer's name is whole: the headline gives way first.
                    if columns >= 16, !c.critical, let name = c.prayer {
                        #expect(lines.contains { String(decoding: $0, as: UTF8.self).contains(name) }, "\(columns)x\(rows): \(name)")
                    }
                    do throws(DisplayError) { try driver.show(c) } catch { Issue.record("\(columns)x\(rows): \(error)") }
                }
            }
        }
    }

    @Test("A clock not confirmed outranks the times on the small layouts: 16x2's first row, 128x32's top line")
    func criticalState() throws {
        let untrusted = PanelContent(try #require(Self.models().last))
        #expect(untrusted.critical && untrusted.state == "Clock not synced")
        let row = LCDLayout.lines(untrusted, columns: 16, rows: 2)[0]
        #expect(String(decoding: row, as: UTF8.self) == "Clock not synced")
        let frame = OLEDLayout.frame(untrusted, width: 128, height: 32)
        #expect(!find("Clock not synced", .small, in: frame).isEmpty)
        let tall = OLEDLayout.frame(untrusted)
        #expect(!find("Clock not synced", .small, in: tall).isEmpty)
    }

    @Test("The LCD's backlight comes back at screen-on even when the display was re-initialised while off")
    func backlightAfterReinit() throws {
        let models = try Self.models()
        var off = PanelContent(models[0])
        off.screenOn = false
        let on = PanelContent(models[1])
        let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4)])
        let lcd = try #require(bus.devices[0x27] as? HD44780Emulator)
        let driver = PanelDriver.emulated(.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4), on: bus)
        try driver.show(off)
        #expect(!lcd.backlight)
        bus.silent = [0x27]
        #expect(throws: DisplayError.self) { try driver.show(on) }
        bus.silent = []
        try driver.show(on)
        #expect(lcd.backlight, "lit again after the re-initialisation")
        #expect(lcd.text()[1].hasPrefix("Next ") || lcd.text()[1].contains("ADHAN"), "\(lcd.text())")
    }

    @Test("A display reset by a glitch (it still acknowledges) is set up again within reassertEvery shows: OLED and LCD")
    func resetDisplaysRecover() throws {
        let contents = try Self.models().map(PanelContent.init)
        for display in [BoardConfig.Display(model: .ssd1306, address: 0x3C), .init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4)] {
            let spec = SimulatedBoard.Display(model: display.model, address: display.address, columns: display.columns, rows: display.rows)
            let bus = SimulatedBoard.displayBus([spec])
            let driver = PanelDriver.emulated(display, on: bus)
            driver.reassertEvery = 5
            try driver.show(contents[0])
            // Power glitch: a chip fresh from reset at the same address (dark; an LCD in 8-bit mode).
            let fresh = SimulatedBoard.emulator(spec)
            bus.attach(fresh.device, at: display.address)
            for k in 1...5 { try driver.show(contents[k % 2]) }
            let last = contents[5 % 2]
            switch fresh {
            case .pixels(let oled):
                #expect(oled.displayOn && oled.chargePump)
                #expect(oled.visibleFrame() == driver.frame(last))
            case .characters(let lcd):
                let expected = LCDLayout.lines(last, columns: 20, rows: 4)
                #expect(lcd.fourBitMode && lcd.displayOn)
                #expect(lcd.text().map { $0.trimmingCharacters(in: .whitespaces) }
                        == expected.map { String($0.map(HD44780Emulator.unicode)).trimmingCharacters(in: .whitespaces) }, "\(lcd.text())")
            }
        }
    }

    @Test("Reasserting the configuration does not blank a healthy display: no display off, no clear")
    func reassertKeepsPicture() throws {
        let content = PanelContent(try Self.models()[0])
        let bus = SimulatedBoard.displayBus([.init(model: .ssd1306, address: 0x3C),
                                             .init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4)])
        let oledDriver = SSD1306(model: .ssd1306, bus: bus, address: 0x3C)
        let lcdDriver = HD44780(bus: bus, address: 0x27, columns: 20, rows: 4, pause: noPause)
        let oled = try #require(bus.devices[0x3C] as? SSD1306Emulator)
        let lcd = try #require(bus.devices[0x27] as? HD44780Emulator)
        try oledDriver.initialize()
        try oledDriver.show(OLEDLayout.frame(content))
        try lcdDriver.initialize()
        try lcdDriver.show(LCDLayout.lines(content, columns: 20, rows: 4))
        let picture = oled.visibleFrame(), text = lcd.text()
        let writes = oled.writes
        try oledDriver.reassert()
        try lcdDriver.reassert()
        #expect(oled.displayOn && oled.visibleFrame() == picture && oled.writes > writes)
        #expect(lcd.displayOn && lcd.text() == text)
    }
}
