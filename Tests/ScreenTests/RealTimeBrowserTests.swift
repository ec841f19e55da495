import Foundation
import Testing
import TestSupport

/// The page in a real browser (Debian's chromium, headless) against the daemon on the
/// simulated board.
@Suite("RealTime browser", .serialized)
struct RealTimeBrowserTests {
    static let place = ["--tz", "Europe/London", "--lat", "51.5074", "--lon", "-0.1278"]

    /// HH:MM of the six times, from `mihrab times --format json`.
    static func cliTimes(_ date: String) throws -> [String: String] {
        let r = try MihrabBinary.run(["times", "--date", date, "--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let day = try #require((doc["days"] as? [[String: Any]])?.first)
        var out: [String: String] = [:]
        for p in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"] {
            out[p] = String((day[p] as? String ?? "").dropFirst(11).prefix(5))
        }
        return out
    }

    /// The adhan cell's text of each prayer row in the DOM.
    static func domTimes(_ dom: String) -> [String: String] {
        var out: [String: String] = [:]
        let rows = dom.components(separatedBy: "data-prayer=\"").dropFirst()
        for row in rows {
            let prayer = String(row.prefix { $0 != "\"" })
            guard out[prayer] == nil, let cell = row.range(of: #"class="[^"]*\badhan\b[^"]*"[^>]*>\s*(<[^>]*>\s*)*"#, options: .regularExpression) else { continue }
            let text = row[cell.upperBound...].prefix(5)
            if text.range(of: #"^[0-9]{2}:[0-9]{2}$"#, options: .regularExpression) != nil { out[prayer] = String(text) }
        }
        return out
    }

    @Test("The page shows the six times `mihrab times` gives for that day and place, in English, left to right")
    func sameTimesAsCLI() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-23T10:00"] + Self.place)
        defer { d.stop() }
        let dom = try Chromium.dom(d.url)
        let want = try Self.cliTimes("2026-11-23")
        #expect(want.count == 6)
        #expect(Self.domTimes(dom) == want, "page \(Self.domTimes(dom)) vs mihrab times \(want)")
        #expect(dom.contains("dir=\"ltr\"") && dom.contains("data-phase=\"normal\""))
        #expect(!dom.contains("id=\"adhan-screen\""))
    }

    @Test("At the adhan the adhan screen is shown")
    func adhanScreen() throws {
        let dhuhr = try #require(try Self.cliTimes("2026-11-23")["dhuhr"])
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-23T\(dhuhr)"] + Self.place)
        defer { d.stop() }
        let dom = try Chromium.dom(d.url)
        #expect(dom.contains("data-phase=\"adhan\""), "\(dom.prefix(300))")
        #expect(dom.contains("id=\"adhan-screen\""))
    }

    @Test("With lang=ar the document is right to left, with the Arabic prayer names")
    func arabic() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-23T10:00"] + Self.place)
        defer { d.stop() }
        let dom = try Chromium.dom(d.url + "?lang=ar")
        #expect(dom.contains("lang=\"ar\"") && dom.contains("dir=\"rtl\""))
        for name in ["الفجر", "الظهر", "العصر", "المغرب", "العشاء"] { #expect(dom.contains(name), "\(name) not on the page") }
        #expect(Self.domTimes(dom) == (try Self.cliTimes("2026-11-23")))
    }

    @Test("At 1920x1080, 1080x1920 and 800x480, in English, Arabic and Urdu, nothing is wider or taller than the screen; screenshots kept")
    func noOverflow() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-27T12:20"] + Self.place, config: """
            [location]
            source = "fixed"
            latitude = 51.5074
            longitude = -0.1278
            [screen]
            title = "Masjid Al-Noor, East London Community Centre"
            [iqamah]
            fajr = 20
            dhuhr = "13:15"
            asr = 10
            maghrib = 5
            isha = 15
            [jumuah]
            times = ["12:30", "13:30"]
            [[announcements]]
            text = "Jumu'ah khutbah in English and Arabic; the second session is in the lower hall"
            [[announcements]]
            text = "Weekend Qur'an classes for children resume on Saturday after Dhuhr"
            """)
        defer { d.stop() }
        let shots = Chromium.screenshotDirectory
        for (w, h) in [(1920, 1080), (1080, 1920), (800, 480)] {
            for lang in ["en", "ar", "ur"] {
                let url = d.url + "?lang=\(lang)&audit"
                // One launch for the layout audit and the screenshot (the audit only sets an attribute).
                let dom = try Chromium.dom(url, width: w, height: h, screenshot: "\(shots)/screen-\(w)x\(h)-\(lang).png")
                let overflow = dom.range(of: #"data-overflow="[^"]*""#, options: .regularExpression).map { String(dom[$0]) }
                #expect(overflow == "data-overflow=\"\"", "\(w)x\(h) \(lang): \(overflow ?? "no audit on the page")")
                #expect(FileManager.default.fileExists(atPath: "\(shots)/screen-\(w)x\(h)-\(lang).png"))
            }
        }
    }
}

/// A unit in Kuala Lumpur on JAKIM zone WLY01's own times.
@Suite("RealTime browser, a JAKIM zone", .serialized)
struct RealTimeBrowserZoneTests {
    @Test("On WLY01 the page shows the zone's times (`mihrab times --jakim-zone WLY01`), 'JAKIM WLY01' in the table's corner, in Malay at 1920x1080 and Arabic at 800x480, without overflow; screenshots kept")
    func zone() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-11-27T10:00", "--tz", "Asia/Kuala_Lumpur"], config: """
            [location]
            source = "fixed"
            latitude = 3.1390
            longitude = 101.6869
            [calculation]
            jakim_zone = "WLY01"
            [screen]
            title = "Masjid Jamek Sultan Abdul Samad"
            """)
        defer { d.stop() }
        let r = try MihrabBinary.run(["times", "--date", "2026-11-27", "--jakim-zone", "WLY01", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let day = try #require((doc["days"] as? [[String: Any]])?.first)
        var want: [String: String] = [:]
        for p in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"] { want[p] = String((day[p] as? String ?? "").dropFirst(11).prefix(5)) }
        #expect(want.count == 6 && want["dhuhr"]?.count == 5)
        let shots = Chromium.screenshotDirectory
        // Malay at the TV's size, Arabic (right to left) at the small panel's.
        for (w, h, lang) in [(1920, 1080, "ms"), (800, 480, "ar")] {
            do {
                let dom = try Chromium.dom(d.url + "?lang=\(lang)&audit", width: w, height: h, screenshot: "\(shots)/screen-jakim-\(w)x\(h)-\(lang).png")
                #expect(dom.contains(#"id="times-source" class="source">JAKIM WLY01<"#), "\(w)x\(h) \(lang): no zone in the corner")
                #expect(RealTimeBrowserTests.domTimes(dom) == want, "\(w)x\(h) \(lang): page \(RealTimeBrowserTests.domTimes(dom)) vs \(want)")
                let overflow = dom.range(of: #"data-overflow="[^"]*""#, options: .regularExpression).map { String(dom[$0]) }
                #expect(overflow == "data-overflow=\"\"", "\(w)x\(h) \(lang): \(overflow ?? "no audit on the page")")
            }
        }
    }
}
