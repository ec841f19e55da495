import Foundation
import Logging
import PrayerTimes
import TestSupport
import Testing
@testable import Service
import UnitModel

@Suite("timetable files")
struct TimetableFileTests {
    static let london = try? ZoneRules.load("Europe/London")

    @Test("a generated year in London's published JSON layout loads: every day, its iqamah, Asr hanafi for a Hanafi unit")
    func londonLayout() throws {
        let rows = TimetableFixture.rows(year: 2026)
        let text = TimetableFixture.londonJSON(rows)
        for key in ["\"fajr_jamaah\"", "\"asr_hanafi\"", "\"maghrib_jamaah\"", "\"isha_jamaah\""] { #expect(text.contains(key)) }
        let t = try Timetable.parse(Array(text.utf8), file: "london.json", zone: Self.london)
        #expect(t.days.count == 365 && t.first == CivilDate(year: 2026, month: 1, day: 1) && t.last == CivilDate(year: 2026, month: 12, day: 31))
        #expect(t.clock == .local)
        let r = rows[150]
        let date = try #require(CivilDate(iso: r.date))
        let d = try #require(t.day(on: date))
        #expect(d.fajr == r.fajr && d.sunrise == r.sunrise && d.dhuhr == r.dhuhr && d.maghrib == r.maghrib && d.isha == r.isha)
        #expect(d.adhan(.asr, madhab: .shafi) == r.asr && d.adhan(.asr, madhab: .hanafi) == r.asrHanafi)
        #expect(d.iqamah == [.fajr: r.fajrJamaah, .dhuhr: r.dhuhrJamaah, .asr: r.asrJamaah, .maghrib: r.maghribJamaah, .isha: r.ishaJamaah])
        #expect(d.line == 4 + 150)  // one day a line, after "{", "city" and "days"
        #expect(t.day(on: try #require(CivilDate(iso: "2027-01-01"))) == nil)
    }

    @Test("a generated year in the simple date,fajr,fajr_iqamah,... layout loads")
    func simpleLayout() throws {
        let rows = TimetableFixture.rows(year: 2026)
        let t = try Timetable.parse(Array(TimetableFixture.simpleCSV(rows).utf8), file: "t.csv", zone: Self.london)
        #expect(t.days.count == 365)
        for (i, (r, d)) in zip(rows, t.days).enumerated() {
            #expect(d.date.description == r.date && d.fajr == r.fajr && d.asr == r.asr && d.isha == r.isha && d.iqamah[.isha] == r.ishaJamaah)
            #expect(d.asrHanafi == nil && d.line == i + 2)
        }
    }

    @Test("the londonprayertimes.com API's own layout (times keyed by date, magrib, *_jamat, asr_2) and a mosque export's names load")
    func otherLayouts() throws {
        let api = """
        {"city":"london","times":{"2026-03-30":{"date":"2026-03-30","fajr":"04:58","fajr_jamat":"05:30","sunrise":"06:38","dhuhr":"13:05","dhuhr_jamat":"13:30","asr":"16:36","asr_2":"17:20","asr_jamat":"17:00","magrib":"19:32","magrib_jamat":"19:37","isha":"20:58","isha_jamat":"21:15"},
        "2026-03-29":{"date":"2026-03-29","fajr":"05:00","fajr_jamat":"05:30","sunrise":"06:40","dhuhr":"13:05","dhuhr_jamat":"13:30","asr":"16:35","asr_2":"17:19","asr_jamat":"17:00","magrib":"19:31","magrib_jamat":"19:36","isha":"20:56","isha_jamat":"21:15"}}}
        """
        let t = try Timetable.parse(Array(api.utf8), file: "api.json", zone: Self.london)
        #expect(t.days.count == 2 && t.first.description == "2026-03-29")
        #expect(t.days[0].maghrib == 19 * 60 + 31 && t.days[0].asrHanafi == 17 * 60 + 19 && t.days[1].iqamah[.maghrib] == 19 * 60 + 37)
        let export = """
        \u{FEFF}Tarikh;Hari;Subuh;Syuruk;Zohor;Asar;Maghrib;Isyak;Subuh Jama'ah;Isyak Iqamah
        01/01/2026;Khamis;06:00;07:20;13:15;16:38;19:17;20:31;06:20;
        02/01/2026;Jumaat;6:01;07:21;13:16;16:38;19:18;20:32;-;20:45
        """
        let e = try Timetable.parse(Array(export.utf8), file: "export.csv", zone: try ZoneRules.load("Asia/Kuala_Lumpur"))
        #expect(e.days.count == 2 && e.days[1].fajr == 6 * 60 + 1 && e.days[0].iqamah == [.fajr: 6 * 60 + 20])
        #expect(e.days[1].iqamah == [.isha: 20 * 60 + 45])
    }

    @Test("a table's Isha in the small hours is after midnight")
    func ishaAfterMidnight() throws {
        let text = "date,fajr,sunrise,dhuhr,asr,maghrib,isha,isha_jamaah\n2026-06-20,02:10,04:00,13:20,17:50,22:40,00:30,00:45\n"
        let t = try Timetable.parse(Array(text.utf8), file: "north.csv", zone: nil)
        #expect(t.days[0].isha == 1440 + 30 && t.days[0].iqamah[.isha] == 1440 + 45)
    }

    static let header = "date,fajr,fajr_iqamah,sunrise,dhuhr,asr,maghrib,isha"
    static let good = ["2026-01-01,06:10,06:30,08:06,12:09,13:43,16:03,17:39", "2026-01-02,06:10,06:30,08:06,12:10,13:44,16:04,17:40",
                       "2026-01-03,06:10,06:30,08:06,12:10,13:45,16:05,17:41", "2026-01-04,06:10,06:30,08:05,12:11,13:46,16:07,17:42"]
    static func csv(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    /// Each file has one fault; the one error line names file:line: column.
    static let malformed: [(name: String, file: String, bytes: [UInt8], expected: String)] = [
        ("a missing column", "t.csv", csv(["date,fajr,fajr_iqamah,sunrise,dhuhr,asr,maghrib"] + good.map { $0.split(separator: ",").dropLast().joined(separator: ",") }),
         "t.csv:1: isha: missing from the header"),
        ("times out of order", "t.csv", csv([header, good[0], "2026-01-02,06:10,06:30,08:06,13:50,13:44,16:04,17:40", good[2]]),
         "t.csv:3: asr: asr 13:44 is not after dhuhr 13:50"),
        ("a day missing", "t.csv", csv([header, good[0], good[1], good[3]]), "t.csv:4: date: 2026-01-03 is missing (after 2026-01-02)"),
        ("a bad time", "t.csv", csv([header, good[0], "2026-01-02,06:1O,06:30,08:06,12:10,13:44,16:04,17:40"]),
         "t.csv:3: fajr: '06:1O' is not a time HH:MM (24-hour)"),
        ("25:00", "t.csv", csv([header, "2026-01-01,06:10,06:30,08:06,12:09,13:43,16:03,25:00"]),
         "t.csv:2: isha: '25:00' is not a time of day (00:00 to 23:59)"),
        ("an empty file", "t.csv", [], "t.csv:1: header: the file is empty"),
        ("a different year than the file declares", "t.csv", csv(["# year: 2026", header, good[0], good[1].replacingOccurrences(of: "2026-", with: "2025-"), good[2]]),
         "t.csv:4: date: 2025-01-02 is not in 2026, the year the file declares"),
        ("a date of another year breaking the sequence", "t.csv", csv([header, good[0], good[1].replacingOccurrences(of: "2026-", with: "2027-"), good[2]]),
         "t.csv:3: date: 2027-01-02 after 2026-01-01: the dates must follow one another (2026-01-02 expected)"),
        ("a duplicate date", "t.csv", csv([header, good[0], good[1], good[1], good[2]]), "t.csv:4: date: 2026-01-02 repeats line 3"),
        ("UTF-16", "t.csv", [0xFF, 0xFE] + Array((header + "\n" + good[0] + "\n").utf8).flatMap { [$0, 0] },
         "t.csv:1: encoding: the file is UTF-16"),
        ("Latin-1 bytes", "t.csv", csv(["date,notes,fajr,sunrise,dhuhr,asr,maghrib,isha", "2026-01-01,ok,06:10,08:06,12:09,13:43,16:03,17:39"])
            + Array("2026-01-02,caf".utf8) + [0xE9] + Array(",06:10,08:06,12:10,13:44,16:04,17:40\n".utf8),
         "t.csv:3: notes: byte 0xE9 is not UTF-8"),
        ("an iqamah before its adhan", "t.csv", csv([header, "2026-01-01,06:10,06:05,08:06,12:09,13:43,16:03,17:39"]),
         "t.csv:2: fajr_iqamah: 06:05 is before the fajr adhan 06:10"),
        ("an iqamah after the next prayer", "t.csv", csv([header, "2026-01-01,06:10,08:10,08:06,12:09,13:43,16:03,17:39"]),
         "t.csv:2: fajr_iqamah: 08:10 is not before sunrise 08:06"),
        ("12-hour times", "t.csv", csv([header, "2026-01-01,06:10,06:30,08:06,12:09,1:43,4:03,5:39"]),
         "t.csv:2: asr: asr 01:43 is not after dhuhr 12:09; 12-hour times?"),
        ("a header that is a row", "t.csv", csv(good), "t.csv:1: header: the first line must name the columns"),
        ("an unknown clock", "t.csv", csv(["# clock: summer", header, good[0]]), "t.csv:1: clock: 'summer' is not \"local\" or \"standard\""),
        ("standard times declared local", "t.csv", csv([header, "2026-03-28,04:50,05:10,05:58,12:05,15:35,18:15,19:50",
                                                        "2026-03-29,04:48,05:10,05:56,12:05,15:36,18:17,19:52"]),
         "t.csv:3: dhuhr: dhuhr 12:05 then 12:05: the clocks change by +60 min on 2026-03-29 but the table's times do not: they look like standard time (put '# clock: standard' above the header)"),
        ("a day without isha in London's layout", "t.json", Array("{\n\"days\": [\n{\"date\": \"2026-01-01\", \"fajr\": \"06:10\", \"sunrise\": \"08:06\", \"dhuhr\": \"12:09\", \"asr\": \"13:43\", \"maghrib\": \"16:03\", \"isha\": \"17:39\"},\n{\"date\": \"2026-01-02\", \"fajr\": \"06:10\", \"sunrise\": \"08:06\", \"dhuhr\": \"12:10\", \"asr\": \"13:44\", \"maghrib\": \"16:04\"}\n]\n}\n".utf8),
         "t.json:4: days[1].isha: missing"),
        ("JSON that is not JSON", "t.json", Array("{\n  \"days\": [\n    {\"date\": \"2026-01-01\",, }\n  ]\n}\n".utf8), "t.json:3: json: not valid JSON"),
        ("a JSON time that is a number", "t.json", Array("{\"days\": [{\"date\": \"2026-01-01\", \"fajr\": 6.1, \"dhuhr\": \"12:09\", \"asr\": \"13:43\", \"maghrib\": \"16:03\", \"isha\": \"17:39\"}]}".utf8),
         "t.json:1: days[0].fajr: is a number, not a time \"HH:MM\""),
    ]

    @Test("each malformed file gives one error line, file:line: column: message", arguments: malformed.indices)
    func malformedFile(index: Int) {
        let c = Self.malformed[index]
        do {
            let t = try Timetable.parse(c.bytes, file: c.file, zone: Self.london)
            Issue.record("\(c.name): accepted, \(t.days.count) days")
        } catch {
            #expect(error.lines.count == 1, "\(c.name): \(error.lines)")
            #expect(error.lines.first?.hasPrefix(c.expected) == true, "\(c.name): \(error.lines)")
            #expect(!(error.lines.first ?? "").contains("\n"))
        }
    }

    @Test("every bad row is reported, one line each, in the order of the file")
    func allErrors() {
        let text = Self.csv([Self.header, "2026-01-01,6:1,06:30,08:06,12:09,13:43,16:03,17:39", Self.good[1],
                             "2026-01-03,06:10,06:30,08:06,12:10,13:45,16:05,24:00", "2026-01-05,06:10,06:30,08:05,12:11,13:46,16:07,17:42"])
        do {
            _ = try Timetable.parse(text, file: "t.csv", zone: nil)
            Issue.record("accepted")
        } catch {
            #expect(error.lines.map { String($0.prefix { $0 != " " }) } == ["t.csv:2:", "t.csv:4:", "t.csv:5:"], "\(error.lines)")
        }
    }
}

@Suite("timetable on the unit")
struct TimetableUnitTests {
    static func table(_ text: String, zone: ZoneRules) throws -> Timetable {
        try Timetable.parse(Array(text.utf8), file: "t.csv", zone: zone)
    }

    @Test("a virtual day on the simulated board: each adhan at the table's minute, each iqamah at its jamaah time")
    func virtualDay() throws {
        let rows = TimetableFixture.rows(year: 2026)
        let zone = try ZoneRules.load("Europe/London")
        var c = UnitHarness.testConfig()
        c.timetable = try Timetable.parse(Array(TimetableFixture.londonJSON(rows).utf8), file: "london.json", zone: zone)
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let r = try #require(rows.first { $0.date == "2026-05-05" })
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date.adding(days: -1), startMinute: 23 * 60, config: c)
        unit.run(untilWall: LocalMinute.instant(date.adding(days: 1), minute: 0, zone: unit.zone))
        // Independent expectations: the file's minutes on London's clock (BST, UTC+1, that day).
        func at(_ m: Int) -> Double { date.unixMidnight + Double(m - 60) * 60 }
        let adhans = [r.fajr, r.dhuhr, r.asr, r.maghrib, r.isha].map(at)
        let iqamahs = [r.fajrJamaah, r.dhuhrJamaah, r.asrJamaah, r.maghribJamaah, r.ishaJamaah].map(at)
        let reminders = adhans.map { $0 - 600 }
        let starts = unit.buzzerStarts
        for t in adhans + iqamahs + reminders + [at(r.sunrise) - 1200] {
            #expect(starts.filter { $0 >= t - 0.001 && $0 - t <= 0.05 }.count == 1, "\(LocalTime(unix: t, zone: zone).iso8601)")
        }
        // The configured iqamah (15 minutes after each adhan) gave way to the table's.
        for a in adhans { #expect(!starts.contains { abs($0 - (a + 900)) < 1 }) }
        let dayStarts = starts.filter { $0 >= date.unixMidnight - 3600 }
        #expect(dayStarts.count == 16)
        let today = try #require(unit.core.plannedDays.first { $0.date == date })
        #expect(today.source == .timetable && today.schedule.fajr == at(r.fajr) && today.schedule.imsak == at(r.fajr) - 600)
        let state = StateStore(directory: unit.stateDirectory).state
        #expect(state.events["2026-05-05/isha/iqamah"]?.state == .fired)
    }

    @Test("the clocks' change days, London 2026-03-29 and 2026-10-25, in both conventions: the same instants")
    func dstDays() throws {
        let zone = try ZoneRules.load("Europe/London")
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let calc = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)
        // The same sky written twice: on the wall clock (BST from 29 March to 24 October), and in GMT all year.
        for dates in [["2026-03-28", "2026-03-29", "2026-03-30"], ["2026-10-24", "2026-10-25", "2026-10-26"]] {
            let local = TimetableFixture.rows(year: 2026).filter { dates.contains($0.date) }
            let standard = TimetableFixture.rows(year: 2026, standard: true).filter { dates.contains($0.date) }
            let l = try Self.table(TimetableFixture.simpleCSV(local), zone: zone)
            let s = try Self.table(TimetableFixture.simpleCSV(standard, comments: ["clock: standard"]), zone: zone)
            #expect(l.clock == .local && s.clock == .standard)
            for (lr, sr) in zip(local, standard) {
                let date = try #require(CivilDate(iso: lr.date))
                var cl = SiteConfig(), cs = SiteConfig()
                cl.timetable = l
                cs.timetable = s
                let dl = ScreenInput.Day.planned(date, at: place, zone: zone, config: cl, calculator: calc)
                let ds = ScreenInput.Day.planned(date, at: place, zone: zone, config: cs, calculator: calc)
                #expect(dl.source == .timetable && ds.source == .timetable)
                #expect(dl.schedule.times == ds.schedule.times, "\(lr.date)")
                #expect(dl.events.map(\.time) == ds.events.map(\.time), "\(lr.date)")
                // GMT minutes are UTC minutes: the standard table's numbers are the instants.
                #expect(ds.schedule.fajr == date.unixMidnight + Double(sr.fajr) * 60)
                #expect(ds.schedule.isha == date.unixMidnight + Double(sr.isha) * 60)
                let iq = try #require(ds.events.first { $0.kind == .iqamah && $0.prayer == .dhuhr })
                #expect(iq.time == date.unixMidnight + Double(sr.dhuhrJamaah) * 60)
                // On the wall clock the standard table's times read an hour later in summer time.
                let wall = LocalTime(unix: ds.schedule.dhuhr, zone: zone)
                #expect(wall.hour * 60 + wall.minute == lr.dhuhr && lr.dhuhr == sr.dhuhr + (lr.summerTime ? 60 : 0), "\(lr.date)")
            }
        }
    }

    @Test("a standard-time table on the spring-forward day sounds on the summer clock; a wall time in the skipped hour moves forward")
    func springForwardOnTheBoard() throws {
        let zone = try ZoneRules.load("Europe/London")
        let rows = TimetableFixture.rows(year: 2026, standard: true).filter { $0.month == 3 && $0.day >= 27 }
        var c = UnitHarness.testConfig()
        c.timetable = try Self.table(TimetableFixture.simpleCSV(rows, comments: ["clock: standard"]), zone: zone)
        let date = try #require(CivilDate(iso: "2026-03-29"))
        let r = try #require(rows.first { $0.day == 29 })
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, config: c)
        unit.run(untilWall: LocalMinute.instant(date.adding(days: 1), minute: 0, zone: zone))
        for m in [r.fajr, r.dhuhr, r.asr, r.maghrib, r.isha, r.fajrJamaah, r.ishaJamaah] {
            let t = date.unixMidnight + Double(m) * 60  // GMT
            #expect(unit.buzzerStarts.contains { abs($0 - t) < 0.05 }, "\(TimetableFixture.hhmm(m)) GMT")
            let wall = LocalTime(unix: t, zone: zone)
            #expect(wall.hour * 60 + wall.minute == m + 60)  // BST on the wall
        }
        // A local-clock table giving 01:30 that morning (the skipped hour): 02:30 BST, as LocalMinute.instant has it.
        let north = try Timetable.parse(Array("date,fajr,sunrise,dhuhr,asr,maghrib,isha\n2026-03-29,01:30,06:40,13:05,16:35,19:31,20:56\n".utf8),
                                        file: "n.csv", zone: nil)
        #expect(north.instant(date, minute: 90, zone: zone) == date.unixMidnight + 5400)
    }

    @Test("days outside the table: computed with the method, logged once, not at every replan")
    func fallbackLoggedOnce() throws {
        let zone = try ZoneRules.load("Europe/London")
        let rows = TimetableFixture.rows(year: 2026).filter { $0.month == 12 && $0.day >= 28 }
        var c = UnitHarness.testConfig()
        c.timetable = try Self.table(TimetableFixture.simpleCSV(rows), zone: zone)
        let start = try #require(CivilDate(iso: "2026-12-29"))
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: start, config: c)
        let log = CollectedLog()
        unit.core = UnitCore(config: unit.config, zone: unit.zone, hardware: UnitHarness.hardware(unit.outputs, nil), clock: unit.clock,
                             position: unit.position, sync: unit.sync, store: StateStore(directory: unit.stateDirectory),
                             logger: Logger(label: "test", factory: log.handler))
        unit.run(untilWall: LocalMinute.instant(start.adding(days: 4), minute: 12 * 60, zone: zone))
        let lines = log.lines.withLock { $0.map(\.1) }
        let fallbacks = lines.filter { $0.contains("outside the timetable") }
        #expect(fallbacks.count == 1, "\(fallbacks)")
        #expect(fallbacks.first?.contains("2027-01-01") == true && fallbacks.first?.contains("mwl") == true)
        #expect(lines.filter { $0.hasPrefix("planned") }.count >= 4)  // replanned every day
        #expect(lines.contains { $0.contains("timetable t.csv: 4 days 2026-12-28..2026-12-31") })
        // The first day after the table is the method's, as if there were no table.
        let jan2 = try #require(unit.core.plannedDays.first { $0.date == start.adding(days: 4) })
        #expect(jan2.source == .method && jan2.schedule == unit.expectedSchedule(on: jan2.date))
    }

    @Test("[calculation] timetable: a path from the config's folder; a bad table's lines are the config error's lines")
    func config() throws {
        let rows = TimetableFixture.rows(year: 2026)
        let path = try TimetableFixture.write(TimetableFixture.simpleCSV(rows), name: "timetable.csv")
        let dir = (path as NSString).deletingLastPathComponent
        let toml = dir + "/mihrab.toml"
        try Data("[time]\nzone = \"Europe/London\"\n[calculation]\nmethod = \"isna\"\ntimetable = \"timetable.csv\"\n".utf8)
            .write(to: URL(fileURLWithPath: toml))
        let c = try SiteConfig.load(path: toml)
        #expect(c.timetablePath == "timetable.csv" && c.timetable?.days.count == 365 && c.timetable?.file == path)
        // Three bad rows: the config error says how many, and carries each line.
        var lines = TimetableFixture.simpleCSV(rows).split(separator: "\n").map(String.init)
        for i in [3, 10, 20] { lines[i] = lines[i].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[i].range(of: ",")) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SiteConfig.load(path: toml)
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("\(toml):5: calculation.timetable: 3 errors in \(path)"), "\(error.description)")
            #expect(error.details.count == 3 && error.details[0].hasPrefix("\(path):4: fajr: 'x"), "\(error.details)")
            #expect(error.lines.count == 4)
        }
        try Data("[calculation]\ntimetable = \"nowhere.csv\"\n".utf8).write(to: URL(fileURLWithPath: toml))
        #expect(throws: ConfigError.self) { try SiteConfig.load(path: toml) }
        do { _ = try SiteConfig.load(path: toml) } catch {
            #expect(error.description == "\(toml):2: calculation.timetable: \(dir)/nowhere.csv: cannot be read: no such file")
        }
    }
}
