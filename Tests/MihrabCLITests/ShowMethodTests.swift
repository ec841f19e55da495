import Foundation
import TestSupport
import Testing

@Suite("mihrab times --show-method and --precautions")
struct ShowMethodTests {
    @Test("JAKIM's parameters as its sources state them, printed with the sources")
    func jakimText() throws {
        let r = try MihrabBinary.run(["times", "--method", "jakim", "--show-method"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        func line(_ key: String) -> String { lines.first { $0.hasPrefix(key + ":") } ?? "" }
        #expect(line("Fajr").hasSuffix("Sun 18° below the horizon"))  // MKI Muzakarah 116, Nov 2019
        #expect(line("Isha").hasSuffix("Sun 18° below the horizon"))
        #expect(line("Precautions").contains("sunrise -1, dhuhr +1:04"))  // e-Solat: 1 min 4 s after transit
        #expect(line("Rounding").hasSuffix("up"))
        #expect(line("Source").contains("MKI Muzakarah 116"))
        #expect(!line("Checked").isEmpty)
    }

    @Test("every method prints a source line and its checks")
    func everyMethod() throws {
        for method in ["mwl", "isna", "egypt", "karachi", "umm-al-qura", "dubai", "moonsighting", "kuwait", "qatar",
                       "singapore", "tehran", "jafari", "turkey", "jakim", "kemenag", "france", "russia", "gulf",
                       "algeria", "tunisia", "morocco", "jordan"] {
            let r = try MihrabBinary.run(["times", "--method", method, "--show-method", "--format", "json"])
            #expect(r.status == 0, "\(method): \(r.stderr)")
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect(doc["method"] as? String == method)
            #expect((doc["statement"] as? String)?.count ?? 0 > 20, "\(method)")
            #expect((doc["checked"] as? String)?.isEmpty == false, "\(method)")
        }
    }

    @Test("--precautions replaces the method's for the prayers named; the overrides show and drive the times")
    func override() throws {
        let r = try MihrabBinary.run(["times", "--method", "kemenag", "--show-method", "--format", "json",
                                      "--precautions", "fajr=0,isha=5"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let p = try #require(doc["precautions"] as? [String: Double])
        #expect(p == ["fajr": 0, "sunrise": -3, "dhuhr": 3, "asr": 2, "maghrib": 2, "isha": 5])
        #expect(doc["horizon"] as? Double == -1)

        let args = ["times", "--lat", "-6.2", "--lon", "106.8", "--tz", "Asia/Jakarta", "--date", "2026-03-20",
                    "--method", "kemenag", "--rounding", "none", "--format", "csv"]
        let base = try MihrabBinary.run(args)
        let moved = try MihrabBinary.run(args + ["--precautions", "isha=5"])
        func isha(_ csv: String) throws -> Date {
            let row = try #require(csv.split(separator: "\n").last).split(separator: ",")
            return try #require(ISO8601DateFormatter().date(from: String(row[7])))
        }
        #expect(try isha(moved.stdout).timeIntervalSince(try isha(base.stdout)) == 180)
        let bad = try MihrabBinary.run(["times", "--method", "jakim", "--show-method", "--precautions", "dusk=1"])
        #expect(bad.status != 0 && bad.stderr.contains("--precautions: 'dusk=1' is not PRAYER=MINUTES"))
    }

    /// JAKIM e-Solat 2025, zone SWK05 (Belawai, its westernmost place), three days as
    /// published: Subuh, Syuruk, Zohor, Asar, Maghrib, Isyak.
    static let swk05: [(String, [String])] = [
        ("2025-03-20", ["05:31", "06:39", "12:44", "15:48", "18:46", "19:55"]),
        ("2025-06-21", ["05:14", "06:29", "12:38", "16:04", "18:45", "20:00"]),
        ("2025-12-21", ["05:19", "06:33", "12:35", "15:58", "18:33", "19:48"]),
    ]

    @Test("jakim at Belawai (SWK05): every time within a minute of JAKIM's table")
    func jakimTimes() throws {
        for (date, published) in Self.swk05 {
            let r = try MihrabBinary.run(["times", "--lat", "2.220691", "--lon", "111.218333", "--tz", "Asia/Kuching",
                                          "--date", date, "--method", "jakim", "--format", "csv"])
            #expect(r.status == 0, "\(r.stderr)")
            let row = try #require(r.stdout.split(separator: "\n").last).split(separator: ",")
            for (i, text) in published.enumerated() {
                let ours = String(row[2 + i].dropFirst(11).prefix(5))
                func minutes(_ s: String) -> Int { (Int(s.prefix(2)) ?? 0) * 60 + (Int(s.suffix(2)) ?? 0) }
                #expect(abs(minutes(ours) - minutes(text)) <= 1, "\(date) #\(i): \(ours) vs JAKIM \(text)")
            }
        }
    }
}
