import Foundation
import Testing
import TestSupport
@testable import Screen
@testable import Service
import UnitModel

/// An announcement with its `qr`: the daemon draws the code (libqrencode), the page puts it
/// beside the text as one SVG path; a phone's decoder (zbar) reads the configured address off
/// the browser's own screenshot, at the three sizes a mosque's screens have, in English and
/// Arabic, with nothing outside the screen.
@Suite("RealTime browser, an announcement's QR code", .serialized)
struct RealTimeBrowserAnnouncementQRTests {
    static let link = "https://masjid-alnoor.example/donate?fund=roof"
    static let config = """
        [location]
        source = "fixed"
        latitude = 51.5074
        longitude = -0.1278
        [screen]
        title = "Masjid Al-Noor"
        [[announcements]]
        text = "The roof appeal: scan to give (جزاكم الله خيرا)"
        qr = "\(link)"
        """

    @Test("The code beside the announcement decodes to its qr at 1920x1080, 1080x1920 and 800x480, en and ar; the API names it and carries its rows")
    func decodes() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-26T10:00"], config: Self.config)
        defer { d.stop() }
        let api = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"), ["-sf", d.url + "api/v1/screen"], timeout: 30)
        let model = try JSONDecoder().decode(ScreenModel.self, from: Data(api.stdout.utf8))
        #expect(model.announcementQR == [Self.link])
        let rows = try #require(model.qrRows?[Self.link])
        #expect(rows.count >= 21 && rows.allSatisfy { $0.count == rows.count })
        for lang in ["en", "ar"] {
            for (w, h) in [(1920, 1080), (1080, 1920), (800, 480)] {
                let shot = Chromium.screenshotDirectory + "/screen-announcement-qr-\(lang)-\(w)x\(h).png"
                let dom = try Chromium.dom(d.url + "?audit" + (lang == "ar" ? "&lang=ar" : ""), width: w, height: h, screenshot: shot)
                let at = "\(lang) \(w)x\(h)"
                #expect(dom.contains("class=\"ann has-qr\"") && dom.contains("class=\"qr ann-code\""), "\(at): \(dom.prefix(300))")
                #expect(RealTimeBrowserEventTests.overflow(dom) == "data-overflow=\"\"", "\(at): \(RealTimeBrowserEventTests.overflow(dom) ?? "no audit")")
                let read = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--raw", "-q", shot], timeout: 60)
                #expect(read.status == 0 && read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == Self.link, "\(at): zbar read \(read.stdout) \(read.stderr)")
            }
        }
    }

    @Test("qr in the config: 1 to 300 bytes, no spaces or control characters, each refusal one line naming announcements[i].qr")
    func config() throws {
        let ok = try SiteConfig.parse("[[announcements]]\ntext = \"x\"\nqr = \"https://a.example/d\"\n", file: "t.toml")
        #expect(ok.announcements.first?.qr == "https://a.example/d")
        for (qr, line) in [("", "announcements[0].qr"), (String(repeating: "a", count: 301), "1 to 300 bytes"),
                           ("https://a.example/ d", "holds a space"), ("https://a.example/\\u0007", "control character")] {
            do {
                _ = try SiteConfig.parse("[[announcements]]\ntext = \"x\"\nqr = \"\(qr)\"\n", file: "t.toml")
                Issue.record("\(qr.prefix(20)) taken")
            } catch {
                #expect(error.description.contains(line) && error.description.contains("announcements[0].qr") && !error.description.contains("\n"),
                        Comment(rawValue: error.description))
            }
        }
    }
}
