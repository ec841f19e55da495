import Foundation
import PrayerTimes
import Testing
@testable import Panels
@testable import Service
import UnitModel

/// The small displays count down what the wall screen does: in Ramadan iftar (and imsak), a
/// special event's last minutes, and today's special event before it begins.
@Suite("Small displays: special events and Ramadan")
struct PanelEventTests {
    static func input(on date: CivilDate) throws -> (ScreenInput, ScreenInput.Day) {
        var c = SiteConfig()
        c.events = [SpecialEvent(name: "Eid al-Fitr prayer", dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(7 * 60 + 30)]),
                    SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 20)])]
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let day = ScreenInput.Day.planned(date, at: place, zone: zone, config: c, calculator: PrayerCalculator(parameters: c.parameters))
        return (ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place), day)
    }

    static func clock(_ t: Double) throws -> String { try #require(ModelTime(LocalTime(unix: t, zone: try ZoneRules.load("Europe/London")).iso8601)).clock(twelveHour: false) }

    @Test("A Ramadan afternoon: iftar counted down to Maghrib; the taraweeh's last minutes: its name and a countdown")
    func ramadan() throws {
        // 13 Ramadan 1448 (Umm al-Qura).
        let (input, day) = try Self.input(on: try #require(CivilDate(iso: "2027-02-20")))
        let s = day.schedule
        let afternoon = PanelContent(ScreenModel.at(s.asr + 600, input))
        #expect(afternoon.target == "Iftar \(try Self.clock(s.maghrib))")
        #expect(afternoon.countdown == countdownText(s.maghrib - s.asr - 600))
        let taraweeh = s.isha + 1200
        let before = PanelContent(ScreenModel.at(taraweeh - 240, input))
        #expect(before.headline == "STARTS IN" && before.prayer == "Taraweeh" && before.countdown == "4:00")
        #expect(before.target == "Taraweeh \(try Self.clock(taraweeh))")
        // Each name whole on the LCDs: 16x2's row of 16 shortens the headline before it cuts a name.
        func rows(_ c: PanelContent, _ columns: Int, _ rows: Int) -> [String] {
            LCDLayout.lines(c, columns: columns, rows: rows).map { String(decoding: $0.map { $0 == 0 ? 0x2A : $0 }, as: UTF8.self) }
        }
        let iftar = "Iftar \(try Self.clock(s.maghrib))"
        #expect(rows(afternoon, 16, 2)[0] == iftar)
        #expect(rows(afternoon, 20, 4)[1] == "Next " + iftar)
        #expect(rows(before, 16, 2)[0] == "STARTS Taraweeh" && rows(before, 16, 2)[1].hasSuffix(" 4:00"))
        #expect(rows(before, 20, 4)[1] == "* STARTS IN Taraweeh")
    }

    @Test("Eid morning before its countdown: the Eid prayer is what the display counts down to")
    func eid() throws {
        // 1 Shawwal 1448 (Umm al-Qura).
        let date = try #require(CivilDate(iso: "2027-03-09"))
        let (input, _) = try Self.input(on: date)
        let prayer = LocalMinute.instant(date, minute: 7 * 60 + 30, zone: input.zone)
        let c = PanelContent(ScreenModel.at(prayer - 1800, input))
        #expect(c.headline == nil && c.prayer == "Eid al-Fitr prayer")
        #expect(c.target == "Eid al-Fitr prayer 07:30" && c.countdown == "30:00")
    }
}
