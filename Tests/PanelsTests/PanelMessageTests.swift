import Drivers
import Foundation
import PrayerTimes
import Testing
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

/// The site's urgent message on the small displays: its text in pages over everything but an
/// adhan, an iqamah's countdown and its silent minute. Kuala Lumpur, Friday 27 November 2026;
/// the message sent at 10:00 for 15 minutes.
@Suite("Small displays: the urgent message")
struct PanelMessageTests {
    static let text = "Grey car WXY 1234 is blocking the gate, please move it"

    static func model(atISO iso: String, text: String = text, minutes: Double = 15) throws -> ScreenModel {
        var c = SiteConfig()
        c.iqamah = [.dhuhr: .minutesAfterAdhan(15)]
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let place = try #require(Coordinates(latitude: 3.139, longitude: 101.6869))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-27")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        var input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        let sent = try #require(ISO8601DateFormatter().date(from: "2026-11-27T10:00:00+08:00")).timeIntervalSince1970
        input.message = UrgentMessage(text: text, by: "imam", from: sent, until: sent + minutes * 60, id: "m1")
        input.setup = PanelSetupTests.view  // the message comes before setup mode
        let t = try #require(ISO8601DateFormatter().date(from: iso)).timeIntervalSince1970
        return ScreenModel.at(t, input)
    }

    static func rows(_ c: PanelContent, _ columns: Int, _ rows: Int) -> [String] { PanelSetupTests.rows(c, columns, rows) }

    @Test("LCD 20x4: 'MESSAGE until 10:15' and the text's words in three centred rows; 16x2: a row at a time, every 4 s")
    func lcd() throws {
        let c = PanelContent(try Self.model(atISO: "2026-11-27T10:00:01+08:00"))
        #expect(c.message?.until == "10:15" && c.setup != nil)
        #expect(Self.rows(c, 20, 4).map { $0.trimmingCharacters(in: .whitespaces) }
                == ["MESSAGE until 10:15", "Grey car WXY 1234 is", "blocking the gate,", "please move it"])
        #expect(Self.rows(c, 16, 2).map { $0.trimmingCharacters(in: .whitespaces) } == ["MESSAGE 10:15", "Grey car WXY"])
        let later = PanelContent(try Self.model(atISO: "2026-11-27T10:00:05+08:00"))
        #expect(Self.rows(later, 16, 2).map { $0.trimmingCharacters(in: .whitespaces) } == ["MESSAGE 10:15", "1234 is blocking"])
    }

    @Test("OLED 128x64: MESSAGE in the lit bar, the text in the small font; a text in Arabic is named, not drawn as '?'")
    func oled() throws {
        let c = PanelContent(try Self.model(atISO: "2026-11-27T10:00:01+08:00"))
        let f = OLEDLayout.frame(c)
        #expect(!find("MESSAGE", .small, inverse: true, in: f).isEmpty)
        #expect(!find("Grey car WXY", .small, in: f).isEmpty)
        let arabic = PanelContent(try Self.model(atISO: "2026-11-27T10:00:01+08:00", text: "السيارة الرمادية تسد البوابة"))
        #expect(arabic.message?.text == "Message on the screen")

        let bus = SimulatedBoard.displayBus([.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4),
                                             .init(model: .ssd1306, address: 0x3C)])
        try PanelDriver.emulated(.init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4), on: bus).show(c)
        let lcd = try #require(bus.devices[0x27] as? HD44780Emulator)
        #expect(lcd.text().first?.hasPrefix("MESSAGE until 10:15") == true, "\(lcd.text())")
    }

    @Test("Dhuhr's adhan and iqamah come first; the message is back after them and gone at its end")
    func phasesFirst() throws {
        let m = try Self.model(atISO: "2026-11-27T10:00:00+08:00")
        let dhuhr = try #require(m.table.rows.first { $0.prayer == .dhuhr }?.adhan)
        // Sent at 10:00 for five hours: over Dhuhr (about 13:00).
        let atAdhan = try Self.model(atISO: dhuhr, minutes: 300)
        #expect(atAdhan.phase.kind == .adhan && atAdhan.message?.banner == true)
        #expect(PanelContent(atAdhan).message == nil && PanelContent(atAdhan).headline == "ADHAN")
        let iqamah = try #require(ISO8601DateFormatter().date(from: dhuhr)).addingTimeInterval(600)
        let counting = try Self.model(atISO: ISO8601DateFormatter.string(from: iqamah, timeZone: TimeZone(secondsFromGMT: 8 * 3600)!, formatOptions: [.withInternetDateTime]), minutes: 300)
        #expect(counting.phase.kind == .iqamah && PanelContent(counting).message == nil)
        let afterPrayer = try #require(ISO8601DateFormatter().date(from: dhuhr)).addingTimeInterval(3600)
        let back = try Self.model(atISO: ISO8601DateFormatter.string(from: afterPrayer, timeZone: TimeZone(secondsFromGMT: 8 * 3600)!, formatOptions: [.withInternetDateTime]), minutes: 300)
        #expect(back.phase.kind == .normal && PanelContent(back).message != nil)
        #expect(PanelContent(try Self.model(atISO: "2026-11-27T10:14:59+08:00")).message != nil)
        let after = try Self.model(atISO: "2026-11-27T10:15:00+08:00")
        #expect(after.message == nil && PanelContent(after).message == nil)
    }
}
