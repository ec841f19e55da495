import Foundation
import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

/// Special events on the printed pages: Eid on its day's line of the month, taraweeh in the
/// Ramadan page's column, each fast day with the night before it (the Hijri day begins at Maghrib).
@Suite("Printed month: special events")
struct PrintedMonthEventTests {
    static func input() throws -> ScreenInput {
        try PrintedMonthTests.input { c in
            c.events = [SpecialEvent(name: "Eid al-Fitr prayer", dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(7 * 60 + 30), .clock(9 * 60)]),
                        SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 20)])]
        }
    }

    @Test("March 2026: the Eid prayers on 20 March (1 Shawwal 1447, Umm al-Qura's announced date), no taraweeh lines")
    func month() throws {
        let input = try Self.input()
        let sheet = try #require(MonthSheet.make(input, period: .month(year: 2026, month: 3)))
        let eid = sheet.rows.filter { !$0.extras(ramadan: false).isEmpty }
        #expect(eid.map(\.date.day) == [20])
        let times = eid.first?.extras.first?.times ?? []
        #expect(times == [7 * 60 + 30, 9 * 60].map { LocalMinute.instant(eid[0].date, minute: $0, zone: input.zone) })
        let html = try PrintedMonth.html(input, PrintedMonth.Request(period: .month(year: 2026, month: 3), language: "en", digits: .western), printed: try PrintedMonthTests.date("2026-02-20"))
        #expect(html.contains("Eid al-Fitr prayer 07:30, 09:00"))
        #expect(!html.contains("Taraweeh"))
    }

    @Test("Ramadan 1447: taraweeh on every one of its 30 rows, each the evening before the fast day, the first on 17 February")
    func ramadan() throws {
        let input = try Self.input()
        let sheet = try #require(MonthSheet.make(input, period: .ramadan(hijriYear: 1447)))
        // Umm al-Qura: 1 Ramadan 1447 = 18 February 2026, 30 days (1 Shawwal = 20 March).
        let first = try PrintedMonthTests.date("2026-02-18")
        #expect(sheet.rows.count == 30 && sheet.rows.first?.date == first)
        let calculator = PrayerCalculator(parameters: input.config.parameters)
        for row in sheet.rows {
            let eve = ScreenInput.Day.planned(row.date.adding(days: -1), at: try #require(PrintedMonthTests.london), zone: input.zone,
                                              config: input.config, calculator: calculator)
            #expect(row.extras.map(\.name) == ["Taraweeh"], "\(row.date)")
            #expect(row.extras.first?.times == [eve.schedule.isha + 20 * 60], "\(row.date)")
        }
        let html = try PrintedMonth.html(input, PrintedMonth.Request(period: .ramadan(hijriYear: 1447), language: "en", digits: .western), printed: try PrintedMonthTests.date("2026-02-20"))
        // In its column by time alone: the column's head names it.
        #expect(html.components(separatedBy: "<td class=\"extras nightly\">").count - 1 == 30)
        #expect(!html.contains("Taraweeh "))
    }
}
