import Foundation
import TestSupport
import Testing

@Suite("mihrab timetable and times --timetable")
struct TimetableCommandTests {
    @Test("timetable check: a good year says how many days and which, exit 0")
    func checkGood() throws {
        let path = try TimetableFixture.write(TimetableFixture.londonJSON(TimetableFixture.rows(year: 2026)), name: "london.json")
        let r = try MihrabBinary.run(["timetable", "check", path, "--tz", "Europe/London"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(path): 365 days 2026-01-01..2026-12-31, OK\n")
        #expect(r.stderr.isEmpty)
    }

    @Test("timetable check: one line per bad row, file:line: column: message, and a non-zero exit")
    func checkBad() throws {
        var lines = TimetableFixture.simpleCSV(TimetableFixture.rows(year: 2026)).split(separator: "\n").map(String.init)
        lines[5] = lines[5].replacingOccurrences(of: lines[5].split(separator: ",")[1], with: "25:00")
        lines.remove(at: 40)
        let path = try TimetableFixture.write(lines.joined(separator: "\n") + "\n", name: "t.csv")
        let r = try MihrabBinary.run(["timetable", "check", path, "--tz", "Europe/London"])
        #expect(r.status == 78)
        #expect(r.stdout.isEmpty)
        let out = r.stderr.split(separator: "\n")
        #expect(out.count == 2, "\(r.stderr)")
        #expect(out.first?.hasPrefix("\(path):6: fajr: '25:00' is not a time of day") == true, "\(r.stderr)")
        #expect(out.last?.hasPrefix("\(path):41: date: 2026-02-09 is missing") == true, "\(r.stderr)")
    }

    @Test("timetable check --tz: standard times in a file that says local are caught on the day the clocks change")
    func checkConvention() throws {
        let rows = TimetableFixture.rows(year: 2026, standard: true).filter { $0.month == 10 }
        let path = try TimetableFixture.write(TimetableFixture.simpleCSV(rows), name: "t.csv")
        let r = try MihrabBinary.run(["timetable", "check", path, "--tz", "Europe/London"])
        #expect(r.status == 78)
        #expect(r.stderr.hasPrefix("\(path):26: dhuhr: ") && r.stderr.contains("standard"), "\(r.stderr)")
        let declared = try TimetableFixture.write(TimetableFixture.simpleCSV(rows, comments: ["clock: standard"]), name: "t.csv")
        #expect(try MihrabBinary.run(["timetable", "check", declared, "--tz", "Europe/London"]).status == 0)
    }

    @Test("times --timetable: the table's days and iqamah as the unit uses them, the method's outside it, marked")
    func timesWithTimetable() throws {
        let rows = TimetableFixture.rows(year: 2026).filter { $0.month == 12 }
        let path = try TimetableFixture.write(TimetableFixture.londonJSON(rows), name: "dec.json")
        let base = ["times", "--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London", "--date", "2026-12-30", "--days", "3",
                    "--timetable", path]
        let r = try MihrabBinary.run(base + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let days = try #require(doc["days"] as? [[String: Any]])
        #expect(days.map { $0["source"] as? String } == ["timetable", "timetable", "method"])
        let r30 = try #require(rows.first { $0.date == "2026-12-30" })
        #expect(days[0]["fajr"] as? String == "2026-12-30T\(TimetableFixture.hhmm(r30.fajr)):00+00:00")
        let iq = try #require(days[0]["iqamah"] as? [String: String])
        #expect(iq["isha"] == "2026-12-30T\(TimetableFixture.hhmm(r30.ishaJamaah)):00+00:00" && iq.count == 5)
        #expect((days[2]["iqamah"] as? [String: String])?.isEmpty == true)
        #expect((doc["timetable"] as? [String: Any])?["last"] as? String == "2026-12-31")
        let text = try MihrabBinary.run(base)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("2026-12-30") && $0.hasSuffix("timetable") && $0.contains(TimetableFixture.hhmm(r30.fajr)) })
        #expect(lines.contains { $0.hasPrefix("2027-01-01") && $0.hasSuffix("method (outside the timetable)") })
        #expect(lines.contains { $0.contains("iqamah") && $0.contains(TimetableFixture.hhmm(r30.fajrJamaah)) })
        let csv = try MihrabBinary.run(base + ["--format", "csv"])
        #expect(csv.stdout.split(separator: "\n").first?.hasSuffix(",source,fajr_iqamah,dhuhr_iqamah,asr_iqamah,maghrib_iqamah,isha_iqamah") == true)
    }

    @Test("times --timetable with a bad file: its errors, the first after 'mihrab: ', exit 78")
    func timesBadTimetable() throws {
        let path = try TimetableFixture.write("date,fajr\n2026-01-01,06:00\n", name: "bad.csv")
        let r = try MihrabBinary.run(["times", "--lat", "51.5", "--lon", "0", "--tz", "Europe/London", "--timetable", path])
        #expect(r.status == 78)
        let out = r.stderr.split(separator: "\n")
        #expect(out.count == 4, "\(r.stderr)")  // dhuhr, asr, maghrib, isha missing from the header
        #expect(out.first?.hasPrefix("mihrab: \(path):1: dhuhr: missing") == true, "\(r.stderr)")
        #expect(out.last?.hasPrefix("\(path):1: isha: missing") == true)
    }
}
