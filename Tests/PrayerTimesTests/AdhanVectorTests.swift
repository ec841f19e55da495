import Foundation
import Testing
@testable import PrayerTimes

/// batoulapps/adhan's authority test vectors (Fixtures/adhan-authority-vectors.json, MIT,
/// made by make_adhan_vectors.py from adhan-js 33bc418, Shared/Times): eight places, 2772
/// times, each file with the tolerance it states.
///
/// Three files (Doha, London, Makkah) state none: there adhan edited a third to half of the
/// authority's printed times by a minute or two so that they equal adhan's own rounded
/// output (their source lines show it: "4:56-1"). Those vectors are checked within a minute,
/// and the authority's unedited times within the tolerance the source line states. The nine
/// times our method missed by adhan's zero tolerance are such edits or half-minute ties:
/// five of them are exactly the authority's printed minute, and adhan's Asr shadow comes
/// from the declination at 0h UT where ours comes from the noon Sun itself.
@Suite("adhan's authority vectors")
struct AdhanVectorTests {
    struct Fixture: Decodable {
        struct File: Decodable {
            struct Mihrab: Decodable { let method: String, madhab: String, highLatitudeRule: String }
            struct Params: Decodable { let latitude: Double, longitude: Double, timezone: String }
            let file: String
            let params: Params
            let mihrab: Mihrab
            let variance: Int?
            let times: [[String: String]]
            let published: [[String: String]]?
            let publishedTolerance: Int?
        }
        let files: [File]
    }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/adhan-authority-vectors.json")
        return try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    /// The minutes by which our times miss `rows`, beyond `tolerance`: one line per miss.
    static func misses(_ file: Fixture.File, rows: [[String: String]], tolerance: Int,
                       parameters p: CalculationParameters) throws -> (count: Int, misses: [String]) {
        let zone = try ZoneRules.load(file.params.timezone)
        let place = try #require(Coordinates(latitude: file.params.latitude, longitude: file.params.longitude))
        let calc = PrayerCalculator(parameters: p)
        var count = 0
        var misses: [String] = []
        for row in rows {
            let date = try #require(row["date"].flatMap { CivilDate(iso: $0) })
            let s = calc.schedule(for: date, at: place, utcOffset: zone.offset(at: date.unixMidnight + 43_200))
            for prayer in Prayer.allCases {
                guard let text = row[prayer.rawValue] else { continue }
                let parts = text.split(separator: ":").compactMap { Int($0) }
                let local = LocalTime(unix: s[prayer], zone: zone)
                let minute = local.hour * 60 + local.minute
                count += 1
                if abs(minute - (parts[0] * 60 + parts[1])) > tolerance {
                    misses.append("\(date) \(prayer): \(local.hour):\(local.minute) vs \(text)")
                }
            }
        }
        return (count, misses)
    }

    @Test("every file within its tolerance; the authority's unedited times within the tolerance its source states")
    func vectors() throws {
        let fixture = try #require(Self.fixture, "Fixtures/adhan-authority-vectors.json unreadable")
        var total = 0
        for file in fixture.files {
            let method = try #require(CalculationMethod(rawValue: file.mihrab.method))
            var p = method.parameters
            p.madhab = try #require(Madhab(rawValue: file.mihrab.madhab))
            p.highLatitudeRule = try #require(HighLatitudeRule(rawValue: file.mihrab.highLatitudeRule))
            if method == .qatar {
                // The Doha vectors are Qatar's 2016 table; the Calendar House's present table
                // (Feb 2025) puts Maghrib and Isha 2 minutes later and Fajr a minute earlier.
                p.precautions = PrayerAdjustments()
            }
            let vectors = try Self.misses(file, rows: file.times, tolerance: file.variance ?? 1, parameters: p)
            total += vectors.count
            #expect(vectors.misses.isEmpty, "\(file.file): \(vectors.misses)")
            if let published = file.published, let tolerance = file.publishedTolerance {
                let printed = try Self.misses(file, rows: published, tolerance: tolerance, parameters: p)
                #expect(printed.misses.isEmpty, "\(file.file), as published: \(printed.misses)")
            }
        }
        #expect(total == 2772)
    }
}
