import Foundation
import PrayerTimes
import Synchronization
import Testing
import TestSupport
@testable import Screen
@testable import Service
import UnitModel

/// The site's urgent message in a real browser, from models built by hand: full screen at the
/// three sizes a mosque's screens have, in English and Arabic, and as a banner at the foot of
/// an iqamah's countdown. Each page is audited (nothing reaches outside the screen) and kept
/// as a screenshot.
@Suite("RealTime browser, the urgent message", .serialized)
struct RealTimeBrowserMessageTests {
    static let sizes = [(1920, 1080), (1080, 1920), (800, 480)]
    static let text = "The grey car AB12 CDE is blocking the gate: please move it now"
    static let arabic = "السيارة الرمادية AB12 CDE تسد البوابة، يرجى نقلها الآن"

    /// London, Friday 2026-11-27, with Dhuhr's iqamah 15 minutes after its adhan; the message
    /// sent at `at` for ten minutes.
    static func model(at minutesAfterDhuhr: Double?, text: String, clock: Double? = nil) throws -> (ScreenModel, ScreenInput.Day) {
        var c = SiteConfig()
        c.iqamah = [.dhuhr: .minutesAfterAdhan(15)]
        c.screen.title = "Masjid Al-Noor"
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-11-26")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        let t = minutesAfterDhuhr.map { day.schedule.dhuhr + $0 * 60 } ?? (clock ?? day.schedule.asr + 1800)
        var input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        input.message = UrgentMessage(text: text, by: "imam", from: t - 60, until: t + 540, id: "test")
        return (ScreenModel.at(t, input), day)
    }

    static func load(_ model: ScreenModel, _ lang: String, _ w: Int, _ h: Int, shot: String) throws -> String {
        let file = NSTemporaryDirectory() + "mihrab-message-\(UUID().uuidString).html"
        try PageAssets.shared.page(model: model, language: lang, audit: true).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try Chromium.dom("file://" + file, width: w, height: h, screenshot: Chromium.screenshotDirectory + "/" + shot)
    }

    @Test("The message fills the screen at 1920x1080, 1080x1920 and 800x480 in en and ar: its text, 'until' its end, the clock; nothing else, nothing outside the screen")
    func full() throws {
        for (lang, text) in [("en", Self.text), ("ar", Self.arabic)] {
            let (m, _) = try Self.model(at: nil, text: text)
            #expect(m.message?.banner == false && m.phase.kind == .normal)
            let until = try #require(m.message?.until)
            for (w, h) in Self.sizes {
                let dom = try Self.load(m, lang, w, h, shot: "screen-message-\(lang)-\(w)x\(h).png")
                let at = "\(lang) \(w)x\(h)"
                #expect(dom.contains("id=\"message-screen\"") && dom.contains(text), "\(at): \(dom.prefix(300))")
                #expect(dom.contains(lang == "en" ? "Urgent message" : "رسالة عاجلة"), "\(at): the label")
                #expect(dom.contains(String(until.dropFirst(11).prefix(5))), "\(at): until \(until)")
                for absent in ["id=\"times\"", "id=\"main\"", "id=\"qibla\""] { #expect(!dom.contains(absent), "\(at): \(absent)") }
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(at): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
                // The text is not shrunk to nothing (the fit's floor is .45 of its size: below it, clipped).
                #expect(!dom.contains("msg-text fit clip"), "\(at): the text did not fit")
            }
        }
    }

    @Test("The longest message (200 characters) fits whole at 800x480 and 1080x1920, in en and ar")
    func longest() throws {
        let en = String((String(repeating: Self.text + ". ", count: 4)).prefix(UrgentMessage.maximumCharacters))
        let ar = String((String(repeating: Self.arabic + ". ", count: 4)).prefix(UrgentMessage.maximumCharacters))
        for (lang, text) in [("en", en), ("ar", ar)] {
            let (m, _) = try Self.model(at: nil, text: text)
            for (w, h) in [(800, 480), (1080, 1920)] {
                let dom = try Self.load(m, lang, w, h, shot: "screen-message-longest-\(lang)-\(w)x\(h).png")
                #expect(dom.contains("id=\"message-screen\"") && !dom.contains("msg-text fit clip"), "\(lang) \(w)x\(h): clipped")
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(lang) \(w)x\(h): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
            }
        }
    }

    @Test("During Dhuhr's iqamah countdown the message waits as a banner at its foot (en and ar, 1920x1080 and 800x480); the countdown keeps the screen")
    func banner() throws {
        for lang in ["en", "ar"] {
            let (m, _) = try Self.model(at: 10, text: Self.text)
            #expect(m.phase.kind == .iqamah && m.message?.banner == true)
            for (w, h) in [(1920, 1080), (800, 480)] {
                let dom = try Self.load(m, lang, w, h, shot: "screen-message-banner-\(lang)-\(w)x\(h).png")
                let at = "\(lang) \(w)x\(h)"
                #expect(dom.contains("id=\"iqamah-screen\"") && dom.contains("id=\"message-banner\"") && dom.contains(Self.text), "\(at)")
                #expect(!dom.contains("id=\"message-screen\""), "\(at): the message over the iqamah")
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(at): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
            }
        }
    }
}
