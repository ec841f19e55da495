import Foundation
import Testing
@testable import PrayerTimes

@Suite("Hijri calendar")
struct HijriTests {
    struct Fixture: Decodable {
        let ummAlQura: [[String]]
        let tabular: [[String]]
    }

    static let fixture: Fixture? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hijri-fixture.json")
        return try? JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    @Test("Umm al-Qura: 3000 random dates 1924-2077 as hijridate gives them")
    func ummAlQura() throws {
        let f = try #require(Self.fixture)
        #expect(f.ummAlQura.count == 3000)
        for pair in f.ummAlQura {
            let civil = try #require(CivilDate(iso: pair[0]))
            #expect(HijriCalendar.ummAlQura(daysSinceEpoch: civil.daysSinceEpoch)?.description == pair[1], "\(pair[0])")
        }
    }

    @Test("tabular calendar: 3000 random dates 700-2400 as convertdate gives them")
    func tabular() throws {
        let f = try #require(Self.fixture)
        #expect(f.tabular.count == 3000)
        for pair in f.tabular {
            let civil = try #require(CivilDate(iso: pair[0]))
            #expect(HijriCalendar.tabular(daysSinceEpoch: civil.daysSinceEpoch).description == pair[1], "\(pair[0])")
        }
    }

    @Test("announced Umm al-Qura dates")
    func announced() throws {
        // Saudi announcements: 1 Muharram 1447 = 26 June 2025; 1 Ramadan 1447 = 18 February 2026;
        // 1 Shawwal 1447 (Eid al-Fitr) = 20 March 2026; 10 Dhu al-Hijjah 1446 (Eid al-Adha) = 6 June 2025.
        let cases = [("2025-06-26", "1447-01-01"), ("2026-02-18", "1447-09-01"),
                     ("2026-03-20", "1447-10-01"), ("2025-06-06", "1446-12-10")]
        for (g, h) in cases {
            let civil = try #require(CivilDate(iso: g))
            #expect(HijriCalendar.date(for: civil).description == h, "\(g)")
        }
    }

    @Test("offset, Maghrib start and the table's edges")
    func options() throws {
        let eid = try #require(CivilDate(iso: "2026-03-20"))
        #expect(HijriCalendar.date(for: eid, offset: -1).description == "1447-09-30")
        #expect(HijriCalendar.date(for: eid, offset: 1).description == "1447-10-02")
        #expect(HijriCalendar.date(for: eid, offset: 9).description == "1447-10-03")  // clamped to +2
        #expect(HijriCalendar.date(for: eid.adding(days: -1), afterMaghrib: true).description == "1447-10-01")
        #expect(HijriCalendar.date(for: eid).isRamadan == false)
        // Outside 1924-2077 the tabular calendar answers (1 Muharram 1 AH = 19 July 622 Gregorian).
        let hijra = try #require(CivilDate(iso: "0622-07-19"))
        #expect(HijriCalendar.date(for: hijra).description == "0001-01-01")
        #expect(HijriCalendar.ummAlQura(daysSinceEpoch: hijra.daysSinceEpoch) == nil)
        let last = try #require(CivilDate(iso: "2077-11-16"))
        #expect(HijriCalendar.ummAlQura(daysSinceEpoch: last.daysSinceEpoch)?.description == "1500-12-30")
        #expect(HijriCalendar.ummAlQura(daysSinceEpoch: last.daysSinceEpoch + 1) == nil)
    }
}
