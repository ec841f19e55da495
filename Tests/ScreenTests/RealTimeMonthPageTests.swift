import Foundation
import Testing
import TestSupport

/// The printable month served by the daemon, in a real browser (Debian's chromium, headless),
/// and printed by it to PDF (poppler's pdfinfo and pdftoppm read the result).
@Suite("RealTime month page in a browser", .serialized)
struct RealTimeMonthPageTests {
    static let config = """
        [location]
        source = "fixed"
        latitude = 51.5074
        longitude = -0.1278
        [time]
        zone = "Europe/London"
        [screen]
        title = "Masjid Al-Noor, East London Community Centre"
        [iqamah]
        fajr = 20
        dhuhr = "13:15"
        asr = 10
        maghrib = 5
        isha = 15
        [jumuah]
        times = ["dhuhr", "13:30"]
        """

    /// Each date's six times (HH:MM) from `mihrab times --format json`.
    static func cliTimes() throws -> [String: [String: String]] {
        let r = try MihrabBinary.run(["times", "--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London", "--date", "2026-03-01",
                                      "--days", "31", "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        var out: [String: [String: String]] = [:]
        for day in try #require(doc["days"] as? [[String: Any]]) {
            var times: [String: String] = [:]
            for p in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"] { times[p] = String((day[p] as? String ?? "").dropFirst(11).prefix(5)) }
            out[day["date"] as? String ?? ""] = times
        }
        return out
    }

    /// Each row of the DOM: its date, its classes, and each prayer's adhan times (Jumu'ah: several).
    static func domRows(_ dom: String) -> [String: (classes: String, times: [String: [String]])] {
        var out: [String: (classes: String, times: [String: [String]])] = [:]
        for chunk in dom.components(separatedBy: "<tr").dropFirst() {
            let head = chunk.prefix { $0 != ">" }
            guard let d = head.range(of: #"data-date="[0-9-]{10}""#, options: .regularExpression) else { continue }
            let date = String(head[d].dropFirst(11).prefix(10))
            let classes = head.range(of: #"class="[^"]*""#, options: .regularExpression).map { String(head[$0].dropFirst(7).dropLast()) } ?? ""
            var times: [String: [String]] = [:]
            for cell in chunk.components(separatedBy: #"<td class="t adhan"#).dropFirst() {
                guard let p = cell.range(of: #"data-prayer="[a-z]+""#, options: .regularExpression) else { continue }
                let prayer = String(cell[p].dropFirst(13).dropLast())
                let body = cell.components(separatedBy: "</td>")[0]
                times[prayer] = body.components(separatedBy: #"<span class="s">"#).dropFirst().map { String($0.prefix(5)) }
            }
            out[date] = (classes, times)
        }
        return out
    }

    static func tool(_ path: String, _ args: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ScreenDaemon.Failure(description: "\(path) is not installed: `make test` installs poppler-utils")
        }
        let r = try MihrabBinary.runProgram(URL(fileURLWithPath: path), args, timeout: 30)
        return r.stdout
    }

    @Test("March 2026 in London: every day's six times as `mihrab times`, Fridays' two Jumu'ah sessions, the 29th marked; one A4 page printed in English and Arabic; the same page as `mihrab times --config`; PNGs kept")
    func march() throws {
        let d = try ScreenDaemon(["--speed", "1", "--start", "2026-02-20T10:00"], config: Self.config)
        defer { d.stop() }
        let want = try Self.cliTimes()
        #expect(want.count == 31)
        let rows = Self.domRows(try Chromium.dom(d.url + "timetable?month=2026-03", width: 800, height: 1130))
        #expect(rows.count == 31)
        var fridays: [String] = []
        for (date, times) in want {
            let row = try #require(rows[date], "\(date) not on the page")
            let friday = row.classes.split(separator: " ").contains("friday")
            if friday { fridays.append(date) }
            for (p, t) in times {
                // Fridays: the Jumu'ah sessions, the first at Dhuhr, the second at 13:30.
                #expect(row.times[p] == (friday && p == "dhuhr" ? [t, "13:30"] : [t]), "\(date) \(p): page \(row.times[p] ?? []) vs mihrab times \(t)")
            }
            #expect(row.classes.contains("clock-change") == (date == "2026-03-29"), "\(date): \(row.classes)")
        }
        #expect(fridays.sorted() == ["2026-03-06", "2026-03-13", "2026-03-20", "2026-03-27"])

        let shots = Chromium.screenshotDirectory
        for (lang, query) in [("en", "month=2026-03"), ("ar", "month=2026-03&lang=ar&digits=eastern")] {
            let pdf = "\(shots)/month-2026-03-\(lang).pdf"
            try? FileManager.default.removeItem(atPath: pdf)
            _ = try Chromium.run(d.url + "timetable?" + query, width: 800, height: 1130, extra: ["--print-to-pdf=\(pdf)", "--no-pdf-header-footer"])
            let info = try Self.tool("/usr/bin/pdfinfo", [pdf])
            #expect(info.contains("Pages:           1\n"), "\(lang): \(info)")
            #expect(info.range(of: #"Page size: +59[45](\.[0-9]+)? x 84[12](\.[0-9]+)? pts \(A4\)"#, options: .regularExpression) != nil, "\(lang): \(info)")
            _ = try Self.tool("/usr/bin/pdftoppm", ["-r", "60", "-png", "-singlefile", pdf, "\(shots)/month-2026-03-\(lang)"])
            #expect(FileManager.default.fileExists(atPath: "\(shots)/month-2026-03-\(lang).png"))
        }

        // The CLI with the unit's config makes the same page (but for the day it was printed).
        let served = try RawHTTP.request(port: d.port, "/timetable?month=2026-03")
        let cli = try MihrabBinary.run(["times", "--config", d.directory + "/mihrab.toml", "--month", "2026-03", "--format", "html"])
        func undated(_ s: String) -> String { s.replacingOccurrences(of: #"<span class="printed">.*?</span>"#, with: "", options: .regularExpression) }
        #expect(served.status == 200 && cli.status == 0, "\(cli.stderr)")
        #expect(undated(served.body) == undated(cli.stdout) && served.body.contains("<h1>Masjid Al-Noor"))
        #expect(try RawHTTP.request(port: d.port, "/timetable?month=2026-3").status == 400)
    }
}
