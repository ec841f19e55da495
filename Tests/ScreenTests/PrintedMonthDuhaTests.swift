import Foundation
import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

/// The printed month with `[screen] show_duha`: a Duha column after sunrise.
@Suite("Printed month, Duha")
struct PrintedMonthDuhaTests {
    static func html(duha: Bool) throws -> String {
        let input = try PrintedMonthTests.input { $0.screen.showDuha = duha }
        return try PrintedMonth.html(input, PrintedMonth.Request(period: .month(year: 2026, month: 6), language: "en", digits: .western),
                                     printed: try PrintedMonthTests.date("2026-05-20"))
    }

    @Test("June 2026 in London: the Duha column after sunrise; on the 21st 04:58, 15 minutes after the DE421 sunrise (1782013386 = 04:43:06 BST, Fixtures/ephemeris-events.json); none without show_duha")
    func column() throws {
        let html = try Self.html(duha: true)
        #expect(html.contains(#"<th class="prayer duha" rowspan="2">Duha</th>"#))
        let row = try #require(html.range(of: #"<tr[^>]*data-date="2026-06-21">.*?</tr>"#, options: .regularExpression).map { String(html[$0]) })
        let cell = try #require(row.range(of: #"<td class="t duha"><span class="s">[0-9:]+</span></td>"#, options: .regularExpression).map { String(row[$0]) })
        #expect(cell.contains(">04:58<") || cell.contains(">04:59<"), "\(cell)")
        // In order: after the sunrise cell, before Dhuhr's.
        let sunrise = try #require(row.range(of: #"data-prayer="sunrise""#)), duha = try #require(row.range(of: "t duha"))
        let dhuhr = try #require(row.range(of: #"data-prayer="dhuhr""#))
        #expect(sunrise.lowerBound < duha.lowerBound && duha.lowerBound < dhuhr.lowerBound)
        #expect(html.components(separatedBy: #"<td class="t duha">"#).count == 31)
        #expect(!(try Self.html(duha: false)).contains("duha"))
    }
}
