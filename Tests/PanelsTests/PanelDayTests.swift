import Drivers
import Foundation
import PrayerTimes
import Testing
import TestSupport
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

/// Where `word`, drawn in `font`, appears in `frame`: each top-left corner where every pixel
/// of its box (glyphs and the space around them) matches. `inverse`: dark letters on a lit bar.
/// A reader of the emulator's pixels: independent of where the layout put the word.
func find(_ word: String, _ font: BitmapFont, inverse: Bool = false, in frame: MonoFrame) -> [(x: Int, y: Int)] {
    let w = font.width(of: word), h = font.lineHeight
    var scratch = MonoFrame(width: max(8, w), height: (h + 7) / 8 * 8)
    _ = font.draw(word, x: 0, y: 0, into: &scratch)
    var hits: [(Int, Int)] = []
    guard w > 0, w <= frame.width, h <= frame.height else { return [] }
    for y in 0...(frame.height - h) {
        scan: for x in 0...(frame.width - w) {
            for j in 0..<h {
                for i in 0..<w where frame[x + i, y + j] != (scratch[i, j] != inverse) { continue scan }
            }
            hits.append((x, y))
        }
    }
    return hits
}

@Suite("Small displays over a virtual day: through the real drivers into the emulators")
struct PanelDayTests {
    static let london = (lat: 51.5074, lon: -0.1278)
    static let bstBegins = CivilDate(year: 2026, month: 3, day: 29)!

    @Test("London, the day BST begins, on the OLED: at each adhan it shows ADHAN and the prayer; before it ADHAN IN and the countdown; then IQAMAH IN; the picture is the emulator's, pixel for pixel")
    func oledDay() throws {
        let unit = try PanelUnit(zone: "Europe/London", lat: Self.london.lat, lon: Self.london.lon, date: Self.bstBegins,
                                 display: .init(model: .ssd1306, address: 0x3C))
        let emulator = try #require(unit.bus.devices[0x3C] as? SSD1306Emulator)
        let start = unit.clock.wallNow()
        try unit.show(at: start + 60)
        let adhans = unit.events.filter { $0.kind == .adhan && $0.date == Self.bstBegins }
        #expect(adhans.count == 5)
        let renders = MihrabBinary.screenshotDirectory

        // Every 10 minutes of the day and around each adhan, in order.
        var instants = Array(stride(from: start + 600, to: start + 86_400 - 3600, by: 600))
        for a in adhans { instants += [a.time - 300, a.time + 30, a.time + 300] }
        for t in instants.sorted() {
            let model = try unit.show(at: t)
            let seen = emulator.visibleFrame()
            #expect(seen == unit.driver.frame(PanelContent(model)), "the emulator shows what the driver drew, at \(LocalTime(unix: t, zone: unit.zone).iso8601)")
            guard let adhan = adhans.first(where: { abs($0.time + 30 - t) < 1 }) else { continue }
            let name = PanelWords.prayer(adhan.prayer)
            #expect(model.phase.kind == .adhan && model.phase.prayer == adhan.prayer)
            #expect(!find("ADHAN", .medium, inverse: true, in: seen).isEmpty, "ADHAN in the bar at \(name)'s adhan")
            #expect(find("ADHAN IN", .medium, inverse: true, in: seen).isEmpty)
            #expect(!find(name, .large, in: seen).isEmpty, "\(name) in large letters at its adhan")
            if adhan.prayer == .dhuhr {
                try Data(emulator.render(scale: 4).png).write(to: URL(fileURLWithPath: renders + "/oled-adhan-dhuhr.png"))
            }
        }
        let dhuhr = try #require(adhans.first { $0.prayer == .dhuhr })
        let before = try unit.show(at: dhuhr.time - 300)
        #expect(before.phase.kind == .reminder)
        #expect(!find("ADHAN IN", .medium, inverse: true, in: emulator.visibleFrame()).isEmpty)
        #expect(!find("5:00", .large, in: emulator.visibleFrame()).isEmpty, "five minutes to the adhan, counted down")
        let waiting = try unit.show(at: dhuhr.time + 300)
        #expect(waiting.phase.kind == .iqamah)
        #expect(!find("IQAMAH IN", .medium, inverse: true, in: emulator.visibleFrame()).isEmpty)
        #expect(!find("10:00", .large, in: emulator.visibleFrame()).isEmpty, "ten minutes to the iqamah")
        try Data(emulator.render(scale: 4).png).write(to: URL(fileURLWithPath: renders + "/oled-iqamah-dhuhr.png"))

        // Mid-morning: no bar; the next prayer and its time (13:xx, BST since 01:00), counted down.
        let morning = LocalMinute.instant(Self.bstBegins, minute: 10 * 60 + 30, zone: unit.zone)
        let m = try unit.show(at: morning)
        #expect(m.phase.kind == .normal && m.next?.prayer == .dhuhr)
        let seen = emulator.visibleFrame()
        let at = LocalTime(unix: dhuhr.time, zone: unit.zone)
        #expect(at.hour == 13, "Dhuhr on BST")
        #expect(!find("Next Dhuhr \(at.hour):\(at.minute < 10 ? "0" : "")\(at.minute)", .medium, in: seen).isEmpty)
        #expect(find("ADHAN", .medium, inverse: true, in: seen).isEmpty)
        #expect(!find("10:30", .small, in: seen).isEmpty, "the clock, on BST")
        try Data(emulator.render(scale: 4).png).write(to: URL(fileURLWithPath: renders + "/oled-morning.png"))
    }

    @Test("The same day on a 20x4 LCD: the adhan's line, the iqamah's countdown, the next prayer; an unchanged minute sends nothing")
    func lcdDay() throws {
        let unit = try PanelUnit(zone: "Europe/London", lat: Self.london.lat, lon: Self.london.lon, date: Self.bstBegins,
                                 display: .init(model: .hd44780PCF8574, address: 0x27, columns: 20, rows: 4))
        let emulator = try #require(unit.bus.devices[0x27] as? HD44780Emulator)
        try unit.show(at: unit.clock.wallNow() + 60)
        let adhans = unit.events.filter { $0.kind == .adhan && $0.date == Self.bstBegins }
        let asr = try #require(adhans.first { $0.prayer == .asr })
        try unit.show(at: asr.time + 30)
        var text = emulator.text()
        #expect(text.count == 4)
        #expect(text[1].hasSuffix("ADHAN") || text[1].trimmingCharacters(in: .whitespaces).hasSuffix("ADHAN"), "\(text)")
        #expect(text[2].trimmingCharacters(in: .whitespaces) == "Asr", "\(text)")
        try unit.show(at: asr.time + 300)
        text = emulator.text()
        #expect(text[1].contains("IQAMAH IN Asr") && text[2].trimmingCharacters(in: .whitespaces) == "10:00", "\(text)")
        let iqamah = LocalTime(unix: asr.time + 900, zone: unit.zone)
        #expect(text[3].hasPrefix("Asr iqamah \(iqamah.hour):\(iqamah.minute < 10 ? "0" : "")\(iqamah.minute)"), "\(text)")
        try unit.show(at: asr.time + 5400)
        text = emulator.text()
        #expect(text[1].hasPrefix("Next "), "\(text)")
        #expect(text[2].hasPrefix(" ") && text[2].contains("in "), "\(text)")
        // The same content again: not a byte on the bus.
        let before = unit.bus.transactions
        try unit.driver.show(PanelContent(ScreenModel.at(unit.clock.wallNow(), unit.core.screenInput)))
        #expect(unit.bus.transactions == before)
        try Data(emulator.render(scale: 4).png).write(to: URL(fileURLWithPath: MihrabBinary.screenshotDirectory + "/lcd-evening.png"))
    }
}
