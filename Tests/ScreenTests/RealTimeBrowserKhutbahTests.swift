import Foundation
import PrayerTimes
import Testing
import TestSupport
@testable import Screen
@testable import Service
import UnitModel

/// Friday's khutbah and the dark page in a real browser: the daemon on a virtual Friday in
/// London four minutes into a Jumu'ah at 13:00 (iqamah 13:15, ten minutes of khutbah); the
/// dark page from a model built by hand (the display's power wanted off).
@Suite("RealTime browser, the khutbah and the dark page", .serialized)
struct RealTimeBrowserKhutbahTests {
    static let config = """
        [location]
        source = "fixed"
        latitude = 51.5074
        longitude = -0.1278
        [iqamah]
        dhuhr = 15
        [jumuah]
        times = ["13:00"]
        [screen]
        title = "Masjid Al-Noor"
        khutbah_minutes = 10
        """

    @Test("Friday 2026-11-27 at 13:04: the khutbah screen, a clock and 'Iqamah 13:15' with its countdown, nothing else; en and ar without overflow; screenshots kept")
    func khutbah() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-27T13:04"] + RealTimeBrowserTests.place, config: Self.config)
        defer { d.stop() }
        let (en, ar) = try RealTimeBrowserEventTests.pages(d, "khutbah")
        for (lang, dom) in [("en", en), ("ar", ar)] {
            #expect(dom.contains("data-phase=\"khutbah\"") && dom.contains("id=\"khutbah-screen\""), "\(lang): \(dom.prefix(400))")
            #expect(dom.contains("class=\"clock num khutbah-clock\"><span class=\"hm\">13:0"), "\(lang): the clock")
            #expect(dom.contains("id=\"khutbah-iqamah\"") && dom.contains(">13:15<"), "\(lang): the next iqamah")
            let left = RealTimeBrowserEventTests.countdown(dom, after: "id=\"khutbah-iqamah\"", until: "2026-11-27T13:15:00")
            #expect(left?.range(of: #"^1[01]:[0-5][0-9]$"#, options: .regularExpression) != nil, "\(lang): countdown \(left ?? "none")")
            for absent in ["id=\"times\"", "id=\"adhan-screen\"", "id=\"iqamah-screen\"", "id=\"qibla\"", "id=\"title\""] {
                #expect(!dom.contains(absent), "\(lang): \(absent) on the khutbah screen")
            }
            #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(lang): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
        }
        #expect(en.contains(">Iqamah<") && en.contains(">in <span class=\"cd num\""))
        #expect(ar.contains(">الإقامة<"))
    }

    @Test("The display's power wanted off: the page is black, its stage empty, whatever the phase (here the khutbah)")
    func dark() throws {
        var c = SiteConfig()
        c.jumuah = [.fixed(13 * 60)]
        c.iqamah = [.dhuhr: .minutesAfterAdhan(15)]
        c.screen.khutbahSeconds = 600
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-27")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        var input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        input.displayOff = true
        let model = ScreenModel.at(LocalMinute.instant(day.date, minute: 13 * 60 + 4, zone: zone), input)
        #expect(model.dark && model.phase.kind == .khutbah)
        let file = NSTemporaryDirectory() + "mihrab-dark-\(UUID().uuidString).html"
        try PageAssets.shared.page(model: model, language: "en").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let dom = try Chromium.dom("file://" + file, screenshot: Chromium.screenshotDirectory + "/screen-dark-en.png")
        // The stage holds nothing (its fit factor aside); the offline mark is hidden by the style for dark.
        #expect(dom.contains("data-screen=\"dark\"") && dom.range(of: #"<div id="stage"[^>]*></div>"#, options: .regularExpression) != nil)
        #expect(!dom.contains("class=\"clock"))
    }
}
