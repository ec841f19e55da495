import Foundation
import TestSupport
import Testing

@Suite("mihrab times")
struct TimesCommandTests {
    @Test("JSON: the documented fields, local ISO 8601 times with offset, the Hijri date")
    func json() throws {
        let r = try MihrabBinary.run(["times", "--lat", "21.4225", "--lon", "39.8262", "--date", "2026-03-20",
                                      "--tz", "Asia/Riyadh", "--method", "umm-al-qura", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let days = try #require(doc["days"] as? [[String: Any]])
        #expect(days.count == 1)
        let day = days[0]
        #expect(day["date"] as? String == "2026-03-20")
        #expect(day["hijri"] as? String == "1447-10-01")
        for key in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha", "imsak", "midnight", "lastThird"] {
            let value = try #require(day[key] as? String, "\(key)")
            #expect(value.hasSuffix(":00+03:00"), "\(key) = \(value): whole minutes, Riyadh's offset")
        }
        #expect((day["fajr"] as? String)?.hasPrefix("2026-03-20T05:") == true)
        #expect((day["maghrib"] as? String)?.hasPrefix("2026-03-20T18:") == true)
        #expect((day["resolved"] as? [String: Any])?.isEmpty == true)
    }

    @Test("rounding none keeps seconds; a polar day flags every time that came from a rule")
    func polarJSON() throws {
        let r = try MihrabBinary.run(["times", "--lat", "69.65", "--lon", "18.96", "--date", "2026-06-21",
                                      "--tz", "Europe/Oslo", "--rounding", "none", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let day = try #require((doc["days"] as? [[String: Any]])?.first)
        let resolved = try #require(day["resolved"] as? [String: String])
        #expect(resolved == ["fajr": "nearest-latitude", "sunrise": "nearest-latitude", "asr": "nearest-latitude",
                             "maghrib": "nearest-latitude", "isha": "nearest-latitude"])
        #expect((day["dhuhr"] as? String)?.hasSuffix("+02:00") == true)
    }

    @Test("CSV: a header and one row a day; text: a table a person can read")
    func csvAndText() throws {
        let csv = try MihrabBinary.run(["times", "--lat", "51.5", "--lon", "-0.13", "--tz", "Europe/London",
                                        "--date", "2026-03-28", "--days", "3", "--format", "csv"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("date,hijri,fajr,sunrise,dhuhr,asr,maghrib,isha") == true)
        #expect(lines[1].contains("+00:00") && lines[2].contains("+01:00"))  // BST from 29 March
        let text = try MihrabBinary.run(["times", "--lat", "51.5", "--lon", "-0.13", "--tz", "Europe/London",
                                         "--date", "2026-03-28"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Fajr") && text.stdout.contains("2026-03-28"))
    }

    @Test("bad input: one line naming the argument, non-zero exit", arguments: [
        (["--lat", "91", "--lon", "0"], "--lat"),
        (["--lat", "1", "--lon", "-181"], "--lon"),
        (["--lat", "1", "--lon", "0", "--tz", "Mars/Olympus"], "Mars/Olympus"),
        (["--lat", "1", "--lon", "0", "--method", "nope"], "--method"),
        (["--lat", "1", "--lon", "0", "--date", "2026-02-30"], "--date"),
        (["--lat", "1", "--lon", "0", "--adjust", "fajr=two"], "--adjust"),
        (["--lat", "1", "--lon", "0", "--adjust", "lunch=2"], "--adjust"),
        (["--lat", "1", "--lon", "0", "--rounding", "sideways"], "--rounding"),
        (["--lat", "1", "--lon", "0", "--high-latitude-rule", "x"], "--high-latitude-rule"),
        (["--lat", "1", "--lon", "0", "--days", "0"], "--days"),
        (["--lat", "1", "--lon", "0", "--hijri-offset", "3"], "--hijri-offset"),
        (["--lat", "nan", "--lon", "0"], "--lat"),
    ])
    func badInput(args: [String], names: String) throws {
        let r = try MihrabBinary.run(["times"] + args)
        #expect(r.status != 0)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("mihrab: ") && r.stderr.contains(names), "\(r.stderr)")
    }
}
