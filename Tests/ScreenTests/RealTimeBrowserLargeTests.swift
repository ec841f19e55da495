import Foundation
import PrayerTimes
import Testing
import TestSupport
@testable import Screen
@testable import Service
import UnitModel

/// The large-print layout in a real browser, from a model built by hand (London, Thursday 26
/// November 2026 at 10:00, Dhuhr's iqamah 15 minutes after its adhan, a title and an
/// announcement that the layout leaves out): at the three sizes, in English and Arabic,
/// nothing outside the screen; its clock as large as the normal layout's at least.
@Suite("RealTime browser, the large-print layout", .serialized)
struct RealTimeBrowserLargeTests {
    static func model(_ layout: ScreenConfig.Layout) throws -> ScreenModel {
        var c = SiteConfig()
        c.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .minutesAfterAdhan(15), .asr: .minutesAfterAdhan(10),
                    .maghrib: .minutesAfterAdhan(5), .isha: .minutesAfterAdhan(10)]
        c.screen.title = "Masjid Al-Noor"
        c.screen.layout = layout
        c.announcements = [Announcement(text: "Quran class after Maghrib")]
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-26")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        let input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place,
                                qibla: .init(bearing: 119, offset: 10, accuracy: .good))
        return ScreenModel.at(LocalMinute.instant(day.date, minute: 10 * 60, zone: zone), input)
    }

    /// The font size (px) of the big clock, as the audit's page computes it.
    static func clockSize(_ dom: String) -> Double? {
        guard let r = dom.range(of: #"data-clock-px="([0-9.]+)""#, options: .regularExpression) else { return nil }
        return Double(dom[r].split(separator: "\"")[1])
    }

    static func load(_ model: ScreenModel, _ lang: String, _ w: Int, _ h: Int, shot: String?) throws -> String {
        // The clock's computed size, written where the DOM dump shows it.
        let measure = "<script>(function(){var c=document.querySelector('.clock.big');" +
            "if(c)document.documentElement.setAttribute('data-clock-px',parseFloat(getComputedStyle(c).fontSize));})();</script></body>"
        let page = PageAssets.shared.page(model: model, language: lang, audit: true).replacingOccurrences(of: "</body>", with: measure)
        let file = NSTemporaryDirectory() + "mihrab-large-\(UUID().uuidString).html"
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try Chromium.dom("file://" + file, width: w, height: h, screenshot: shot.map { Chromium.screenshotDirectory + "/" + $0 })
    }

    @Test("Only the clock, the next prayer and its countdown, and the six times: larger than the normal layout's at 1920x1080, 1080x1920 and 800x480, en, ar and ur, nothing outside the screen")
    func large() throws {
        let large = try Self.model(.large), normal = try Self.model(.normal)
        #expect(large.layout == .large && normal.layout == nil)
        // Urdu too: Nastaliq's tall lines are the hardest to fit.
        for lang in ["en", "ar", "ur"] {
            for (w, h) in [(1920, 1080), (1080, 1920), (800, 480)] {
                let at = "\(lang) \(w)x\(h)"
                let dom = try Self.load(large, lang, w, h, shot: "screen-large-\(lang)-\(w)x\(h).png")
                #expect(dom.contains("class=\"view main large\"") && dom.contains("class=\"clock num big\"") && dom.contains("id=\"next\""), "\(at)")
                #expect(dom.components(separatedBy: "<td class=\"name\">").count - 1 == 6, "\(at): the six times")
                for absent in ["id=\"title\"", "id=\"qibla\"", "id=\"announcement\"", "id=\"date-gregorian\""] {
                    #expect(!dom.contains(absent), "\(at): \(absent) in the large layout")
                }
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(at): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
                let plain = try Self.load(normal, lang, w, h, shot: nil)
                let (big, small) = (Self.clockSize(dom) ?? 0, Self.clockSize(plain) ?? 0)
                #expect(small > 0 && big > small * 1.15, "\(at): the large clock \(big) px, the normal one \(small) px")
            }
        }
    }

    @Test("layout in the config: normal by default, large, and anything else refused with its one line")
    func config() throws {
        #expect(try SiteConfig.parse("", file: "t.toml").screen.layout == .normal)
        #expect(try SiteConfig.parse("[screen]\nlayout = \"large\"\n", file: "t.toml").screen.layout == .large)
        do {
            _ = try SiteConfig.parse("[screen]\nlayout = \"huge\"\n", file: "t.toml")
            Issue.record("layout = huge taken")
        } catch {
            #expect(error.description.contains("screen.layout") && error.description.contains("large"), Comment(rawValue: error.description))
        }
    }
}
