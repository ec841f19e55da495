import Drivers
import Foundation
import PrayerTimes
import Testing
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

/// The small displays in Friday's khutbah (the clock and the next iqamah, nothing else) and
/// dark (the display's power wanted off). Kuala Lumpur, Friday 27 November 2026: Jumu'ah at
/// 13:00 with its iqamah at 13:15 (the configuration's), ten minutes of khutbah.
@Suite("Small displays: the khutbah and dark")
struct PanelKhutbahTests {
    static func model(at hms: String, displayOff: Bool = false) throws -> ScreenModel {
        var c = SiteConfig()
        c.jumuah = [.fixed(13 * 60)]
        c.iqamah = [.dhuhr: .minutesAfterAdhan(15)]
        c.screen.khutbahSeconds = 600
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let place = try #require(Coordinates(latitude: 3.139, longitude: 101.6869))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-27")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        var input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place,
                                qibla: .init(bearing: 292.5, offset: 30, accuracy: .good))
        input.displayOff = displayOff
        let t = try #require(ISO8601DateFormatter().date(from: "2026-11-27T\(hms)+08:00")).timeIntervalSince1970
        return ScreenModel.at(t, input)
    }

    static func rows(_ c: PanelContent, _ columns: Int, _ rows: Int) -> [String] {
        LCDLayout.lines(c, columns: columns, rows: rows).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The frame halved (every other pixel, from the given parity): a doubled text reads at 1x.
    static func halved(_ f: MonoFrame, _ ox: Int, _ oy: Int) -> MonoFrame {
        var h = MonoFrame(width: f.width / 2, height: f.height / 2)
        for y in 0..<h.height { for x in 0..<h.width { h[x, y] = f[2 * x + ox, 2 * y + oy] } }
        return h
    }

    @Test("In the khutbah: the clock and the next iqamah with its countdown; no headline, Hijri date or qibla")
    func content() throws {
        let c = PanelContent(try Self.model(at: "13:05:00"))
        #expect(c.khutbah && c.headline == nil && c.clock == "13:05")
        #expect(c.target == "Iqamah 13:15" && c.countdown == "10:00")
        #expect(Self.rows(c, 20, 4) == ["       13:05", "", "    Iqamah 13:15", "      in 10:00"])
        #expect(Self.rows(c, 16, 2) == ["     13:05", "  Iqamah 13:15"])
        #expect(Self.rows(c, 20, 2) == ["       13:05", " Iqamah 13:15 10:00"])
        #expect(Self.rows(c, 40, 2) == ["                 13:05", "         Iqamah 13:15 in 10:00"])

        let oled = OLEDLayout.frame(c)
        #expect(!find("Iqamah 13:15 in 10:00", .small, in: oled).isEmpty)
        #expect(find("13:05", .large, in: oled).isEmpty, "the clock is drawn doubled")
        #expect([(0, 0), (1, 0), (0, 1), (1, 1)].contains { !find("13:05", .large, in: Self.halved(oled, $0.0, $0.1)).isEmpty })
        #expect(find("Qibla", .small, in: oled).isEmpty && find(c.hijriShort, .small, in: oled).isEmpty)
        let short = OLEDLayout.frame(c, width: 128, height: 32)
        #expect(!find("Iqamah 13:15 in 10:00", .small, in: short).isEmpty && !find("13:05", .large, in: short).isEmpty)

        // Every LCD geometry takes it through the emulator, each row within its width.
        for columns in [8, 16, 20, 24, 40] {
            for rows in [1, 2, 4] where columns * rows <= 80 {
                let spec = BoardConfig.Display(model: .hd44780PCF8574, address: 0x27, columns: columns, rows: rows)
                let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: columns, rows: rows)])
                let lines = LCDLayout.lines(c, columns: columns, rows: rows)
                #expect(lines.count == rows && lines.allSatisfy { $0.count <= columns }, "\(columns)x\(rows)")
                do throws(DisplayError) { try PanelDriver.emulated(spec, on: bus).show(c) } catch { Issue.record("\(columns)x\(rows): \(error)") }
            }
        }
        // After the khutbah, the countdown's own screen again.
        let after = PanelContent(try Self.model(at: "13:10:00"))
        #expect(!after.khutbah && after.headline == "IQAMAH IN" && after.countdown == "5:00")
    }

    @Test("Dark: the OLED asleep and blank, the LCD blank and unlit, in the khutbah too")
    func dark() throws {
        let c = PanelContent(try Self.model(at: "13:05:00", displayOff: true))
        #expect(c.dark && !c.screenOn)
        #expect(OLEDLayout.frame(c) == MonoFrame(width: 128, height: 64))
        #expect(LCDLayout.lines(c, columns: 20, rows: 4) == [[], [], [], []])
        let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4),
                                             .init(model: .ssd1306, address: 0x3C)])
        let lcd = try #require(bus.devices[0x27] as? HD44780Emulator)
        let oled = try #require(bus.devices[0x3C] as? SSD1306Emulator)
        try PanelDriver.emulated(.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4), on: bus).show(c)
        try PanelDriver.emulated(.init(model: .ssd1306, address: 0x3C), on: bus).show(c)
        #expect(!lcd.backlight && lcd.text().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(lcd.text())")
        #expect(!oled.displayOn)
    }
}
