import Foundation
import PrayerTimes
import Testing
import TestSupport
@testable import Screen
@testable import Service
import UnitModel

/// The times not to pray on the wall screen in a real browser: London, 20 March 2026, five
/// minutes into the zawal (`[screen] show_forbidden`, `show_duha`), the page built from the
/// model by hand as the server would serve it, in English, Arabic and Urdu, on a 1920x1080 TV and
/// an 800x480 panel. The sign and Duha's line must be there and the layout must fit.
@Suite("RealTime browser, the times not to pray", .serialized)
struct RealTimeBrowserForbiddenTests {
    static func model() throws -> (ScreenModel, ForbiddenTimes) {
        var c = SiteConfig()
        c.screen.title = "Masjid Al-Noor"
        c.screen.showForbidden = true
        c.screen.showDuha = true
        c.iqamah = [.dhuhr: .minutesAfterAdhan(15)]
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-03-20")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        let input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        let w = try #require(day.forbidden)
        let zawal = try #require(w.zawal)
        return (ScreenModel.at(zawal.start + 300, input), w)
    }

    @Test("Five minutes into the zawal: the red sign 'Zawal · No prayer until' Dhuhr and 'Duha 06:..–11:..' under the table; en, ar and ur at 1920x1080 and 800x480 without overflow; screenshots kept")
    func zawal() throws {
        let (model, w) = try Self.model()
        let end = try #require(model.forbidden?.end), duha = try #require(model.duha)
        let zone = try ZoneRules.load("Europe/London")
        #expect(model.forbidden?.kind == .zawal && w.zawal.map { LocalTime(unix: $0.end, zone: zone).iso8601 } == end)
        func hm(_ iso: String) -> String { String(iso.dropFirst(11).prefix(5)) }
        let shots = Chromium.screenshotDirectory
        for lang in ["en", "ar", "ur"] {
            let file = NSTemporaryDirectory() + "mihrab-forbidden-\(UUID().uuidString).html"
            try PageAssets.shared.page(model: model, language: lang, audit: true).write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            for (width, height) in [(1920, 1080), (800, 480)] {
                let dom = try Chromium.dom("file://" + file, width: width, height: height,
                                           screenshot: "\(shots)/screen-forbidden-zawal-\(lang)-\(width)x\(height).png")
                let at = "\(lang) \(width)x\(height)"
                #expect(dom.contains("id=\"forbidden\"") && dom.contains("data-kind=\"zawal\""), "\(at): the sign")
                #expect(dom.contains(">\(hm(end))<"), "\(at): the sign's end \(hm(end))")
                #expect(dom.contains("id=\"duha\"") && dom.contains(">\(hm(duha.start))<") && dom.contains(">\(hm(duha.end))<"), "\(at): Duha")
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(at): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
                if lang == "en" {
                    #expect(dom.contains(">Zawal<") && dom.contains("No prayer until <b class=\"num\">") && dom.contains(">Duha<"), "\(at)")
                } else if lang == "ar" {
                    #expect(dom.contains("dir=\"rtl\"") && dom.contains(">الزوال<") && dom.contains("لا صلاة حتى") && dom.contains(">الضحى<"), "\(at)")
                } else {
                    #expect(dom.contains("dir=\"rtl\"") && dom.contains(">زوال<") && dom.contains("تک نماز نہیں") && dom.contains(">چاشت<"), "\(at)")
                }
            }
        }
    }
}
