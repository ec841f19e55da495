import Foundation
import Synchronization
import Testing
import TestSupport

/// Eid and Ramadan on the page in a real browser: the daemon on a virtual Eid morning and on a
/// Ramadan evening in London, with an Eid prayer (two times) and taraweeh in `[[events]]`.
@Suite("RealTime browser, special events and Ramadan", .serialized)
struct RealTimeBrowserEventTests {
    static let config = """
        [location]
        source = "fixed"
        latitude = 51.5074
        longitude = -0.1278
        [screen]
        title = "Masjid Al-Noor, East London Community Centre"
        [iqamah]
        maghrib = 5
        isha = 10
        [[events]]
        name = "Eid al-Fitr prayer"
        hijri = "10-01"
        times = ["07:30", "09:00"]
        [[events]]
        name = "Taraweeh"
        ramadan_nights = true
        times = ["isha+20"]
        """

    /// The live countdown's text (`data-until` = `until`, as the page wrote it after `marker`).
    static func countdown(_ dom: String, after marker: String, until: String) -> String? {
        guard let start = dom.range(of: marker),
              let r = dom[start.upperBound...].range(of: #"data-until="\#(until)[^"]*">[^<]*<"#, options: .regularExpression) else { return nil }
        return String(dom[r].split(separator: ">").last?.dropLast() ?? "")
    }

    /// Nothing reaches outside the screen (the `?audit` script's answer).
    static func overflow(_ dom: String) -> String? {
        dom.range(of: #"data-overflow="[^"]*""#, options: .regularExpression).map { String(dom[$0]) }
    }

    /// The page in English and in Arabic with the layout audit, each launch also writing its
    /// screenshot (`screen-<name>-<lang>.png`); the two browsers at once, so the test waits
    /// for one launch, not two.
    static func pages(_ d: ScreenDaemon, _ name: String) throws -> (en: String, ar: String) {
        let shots = Chromium.screenshotDirectory, urls = [d.url + "?audit", d.url + "?lang=ar&audit"], langs = ["en", "ar"]
        let out = Mutex<[Int: Result<String, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let r = Result { try Chromium.dom(urls[i], screenshot: "\(shots)/screen-\(name)-\(langs[i]).png") }
            out.withLock { $0[i] = r }
        }
        let r = out.withLock { $0 }
        return (try #require(r[0]).get(), try #require(r[1]).get())
    }

    /// A countdown to 07:30 from a daemon started at 07:25: 05:00 itself when the page draws
    /// within the first half second (the page rounds to the nearest second).
    static let fiveMinutesAtMost = #"^(0[0-4]:[0-5][0-9]|05:00)$"#

    /// HH:MM plus minutes.
    static func plus(_ hm: String, _ minutes: Int) -> String {
        let p = hm.split(separator: ":").compactMap { Int($0) }, m = (p.first ?? 0) * 60 + (p.last ?? 0) + minutes
        return String(format: "%02d:%02d", m / 60, m % 60)
    }

    @Test("1 Shawwal 1448 (2027-03-09) at 07:25: the Eid prayer counted down full screen; 13 Ramadan (2027-02-20) at 17:00: iftar counted down, the taraweeh row at Isha+20; en and ar at 1920x1080 without overflow; screenshots kept")
    func eidAndRamadan() throws {
        let shots = Chromium.screenshotDirectory
        do {
            let d = try ScreenDaemon(["--speed", "1", "--start", "2027-03-09T07:25"] + RealTimeBrowserTests.place, config: Self.config)
            defer { d.stop() }
            let (en, ar) = try Self.pages(d, "eid")
            #expect(en.contains("data-phase=\"event\"") && en.contains("id=\"event-screen\""), "\(en.prefix(400))")
            #expect(en.contains(">Eid al-Fitr prayer<") && en.contains(">Starts in<"))
            let left = Self.countdown(en, after: "id=\"event-screen\"", until: "2027-03-09T07:30:00")
            #expect(left?.range(of: Self.fiveMinutesAtMost, options: .regularExpression) != nil, "countdown \(left ?? "none")")
            #expect(Self.overflow(en) == "data-overflow=\"\"", "en: \(Self.overflow(en) ?? "no audit")")
            #expect(ar.contains("dir=\"rtl\"") && ar.contains("id=\"event-screen\"") && ar.contains(">Eid al-Fitr prayer<"))
            // Arabic's label, and the countdown (in the configured digits: western, the default).
            #expect(ar.contains("class=\"label\">الوقت المتبقي<"))
            let arLeft = Self.countdown(ar, after: "id=\"event-screen\"", until: "2027-03-09T07:30:00")
            #expect(arLeft?.range(of: Self.fiveMinutesAtMost, options: .regularExpression) != nil, "countdown \(arLeft ?? "none")")
            #expect(Self.overflow(ar) == "data-overflow=\"\"", "ar: \(Self.overflow(ar) ?? "no audit")")
        }
        do {
            let times = try RealTimeBrowserTests.cliTimes("2027-02-20")
            let maghrib = try #require(times["maghrib"]), isha = try #require(times["isha"])
            let d = try ScreenDaemon(["--speed", "1", "--start", "2027-02-20T17:00"] + RealTimeBrowserTests.place, config: Self.config)
            defer { d.stop() }
            let (en, ar) = try Self.pages(d, "ramadan")
            #expect(en.contains("data-phase=\"normal\""))
            // Iftar counted down to Maghrib, in the next prayer's place, and lit in the table's Ramadan line.
            #expect(en.contains("id=\"fast\" class=\"next-box fast\" data-kind=\"iftar\"") && en.contains(">Iftar in<"), "\(en.prefix(400))")
            let left = Self.countdown(en, after: "id=\"fast\"", until: "2027-02-20T\(maghrib):00")
            #expect(left?.range(of: #"^[0-5][0-9]:[0-5][0-9]$"#, options: .regularExpression) != nil, "iftar countdown \(left ?? "none")")
            #expect(en.contains("<span data-kind=\"iftar\" class=\"on\">"))
            // Taraweeh under Isha at Isha+20, and next in the special line, counted down.
            let row = try #require(en.range(of: #"<tr class="event-row" data-event="Taraweeh">[\s\S]*?</tr>"#, options: .regularExpression).map { String(en[$0]) })
            #expect(row.contains(Self.plus(isha, 20)), "\(row) vs Isha \(isha)")
            #expect(en.range(of: #"data-prayer="isha"[\s\S]*event-row"#, options: .regularExpression) != nil, "the row is not under Isha")
            #expect(en.contains("id=\"special\" class=\"special\" data-days=\"0\" data-happening=\"false\""))
            #expect(Self.countdown(en, after: "id=\"special\"", until: "2027-02-20T\(Self.plus(isha, 20)):00") != nil)
            #expect(Self.overflow(en) == "data-overflow=\"\"", "en: \(Self.overflow(en) ?? "no audit")")
            #expect(ar.contains("dir=\"rtl\"") && ar.contains(">الإفطار بعد<") && ar.contains("data-event=\"Taraweeh\""))
            #expect(Self.overflow(ar) == "data-overflow=\"\"", "ar: \(Self.overflow(ar) ?? "no audit")")
        }
        for name in ["eid-en", "eid-ar", "ramadan-en", "ramadan-ar"] {
            #expect(FileManager.default.fileExists(atPath: "\(shots)/screen-\(name).png"), "no screenshot \(name)")
        }
    }
}
