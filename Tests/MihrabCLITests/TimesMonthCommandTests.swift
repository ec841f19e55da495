import Foundation
import TestSupport
import Testing

/// `mihrab times --month` / `--ramadan` / `--config`, and `--format html` (the printable month).
@Suite("mihrab times --month")
struct TimesMonthCommandTests {
    static let london = ["--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London"]

    @Test("--format html only with --month or --ramadan; --month excludes --date and --days; bad months refused")
    func refusals() throws {
        for (args, says) in [(["--format", "html"], "--month"), (["--format", "html", "--date", "2026-03-01"], "--month"),
                             (["--month", "2026-03", "--date", "2026-03-01"], "--date"), (["--month", "2026-03", "--days", "3"], "--days"),
                             (["--month", "2026-13"], "--month"), (["--month", "2101-01"], "--month"), (["--ramadan", "99"], "--ramadan"),
                             (["--month", "2026-03", "--ramadan", "1447"], "exclude"), (["--month", "2026-03", "--lang", "ar"], "--lang"),
                             (["--month", "2026-03", "--format", "html", "--lang", "xx"], "--lang")] {
            let r = try MihrabBinary.run(["times"] + Self.london + args)
            #expect(r.status != 0 && r.stderr.contains(says), "\(args): \(r.status) \(r.stderr)")
        }
        let c = try MihrabBinary.run(["times", "--config", "board/mihrab.toml", "--method", "isna", "--month", "2026-03"] + Self.london)
        #expect(c.status != 0 && c.stderr.contains("--method cannot go with --config"), "\(c.stderr)")
    }

    @Test("--month in JSON and CSV is --date first-of-month --days N")
    func sameAsDays() throws {
        for format in ["json", "csv"] {
            let month = try MihrabBinary.run(["times", "--month", "2026-02", "--format", format] + Self.london)
            let days = try MihrabBinary.run(["times", "--date", "2026-02-01", "--days", "28", "--format", format] + Self.london)
            #expect(month.status == 0 && month.stdout == days.stdout && month.stdout.contains("2026-02-28") && !month.stdout.contains("\"date\":\"2026-03-01\"")
                    && !month.stdout.contains("\n2026-03-01,"), "\(month.stderr)")
        }
        // The days of Ramadan 1447 (Umm al-Qura: 18 February to 19 March 2026).
        let r = try MihrabBinary.run(["times", "--ramadan", "1447", "--format", "csv"] + Self.london)
        let lines = r.stdout.split(separator: "\n").dropFirst()
        #expect(lines.count == 30 && lines.first?.hasPrefix("2026-02-18,1447-09-01,") == true && lines.last?.hasPrefix("2026-03-19,1447-09-30,") == true)
    }

    @Test("--format html: the month's page, in English or (--lang ar) right to left; with --config the unit's title and Jumu'ah")
    func html() throws {
        let en = try MihrabBinary.run(["times", "--month", "2026-03", "--format", "html"] + Self.london)
        #expect(en.status == 0, "\(en.stderr)")
        #expect(en.stdout.hasPrefix("<!DOCTYPE html>") && en.stdout.contains(#"dir="ltr""#))
        #expect(en.stdout.components(separatedBy: "data-date=\"2026-03-").count == 32)
        let ar = try MihrabBinary.run(["times", "--month", "2026-03", "--format", "html", "--lang", "ar"] + Self.london)
        #expect(ar.status == 0 && ar.stdout.contains(#"<html lang="ar" dir="rtl">"#), "\(ar.stderr)")

        let dir = NSTemporaryDirectory() + "mihrab-month-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            [location]
            source = "fixed"
            latitude = 51.5074
            longitude = -0.1278
            [time]
            zone = "Europe/London"
            [screen]
            title = "Masjid Al-Noor"
            [jumuah]
            times = ["12:30", "13:30"]
            """.write(toFile: dir + "/mihrab.toml", atomically: true, encoding: .utf8)
        let unit = try MihrabBinary.run(["times", "--config", dir + "/mihrab.toml", "--month", "2026-03", "--format", "html"])
        #expect(unit.status == 0, "\(unit.stderr)")
        #expect(unit.stdout.contains("<h1>Masjid Al-Noor</h1>"))
        #expect(unit.stdout.contains(#"data-prayer="dhuhr"><span class="s">12:30</span><span class="s">13:30</span></td>"#))
    }
}
