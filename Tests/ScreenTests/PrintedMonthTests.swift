import Foundation
import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

/// The printed month's model and page, built in-process: March 2026 in London (the clocks go
/// forward on the 29th), with two Jumu'ah sessions and iqamah times.
@Suite("Printed month")
struct PrintedMonthTests {
    static let london: Coordinates? = Coordinates(latitude: 51.5074, longitude: -0.1278)

    static func input(position: Coordinates? = london, _ change: (inout SiteConfig) -> Void = { _ in }) throws -> ScreenInput {
        var config = SiteConfig()
        config.jumuah = [.dhuhr, .fixed(13 * 60 + 30)]
        config.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .minutesAfterAdhan(15), .asr: .minutesAfterAdhan(10),
                         .maghrib: .minutesAfterAdhan(5), .isha: .fixed(21 * 60)]
        config.screen.title = "Masjid <Al-Noor> & Centre"
        change(&config)
        return ScreenInput(config: config, zone: try ZoneRules.load("Europe/London"), days: [], trusted: true, position: position)
    }

    static func date(_ s: String) throws -> CivilDate { try #require(CivilDate(iso: s)) }

    @Test("March 2026 in London: 31 rows with the loop's own times, Jumu'ah sessions on the four Fridays, the 29th a clock change, Hijri dates")
    func march() throws {
        let input = try Self.input()
        let sheet = try #require(MonthSheet.make(input, period: .month(year: 2026, month: 3)))
        #expect(sheet.rows.map(\.date.day) == Array(1...31))
        let calculator = PrayerCalculator(parameters: input.config.parameters)
        for row in sheet.rows {
            let day = ScreenInput.Day.planned(row.date, at: try #require(Self.london), zone: input.zone, config: input.config, calculator: calculator)
            for p in [Prayer.fajr, .sunrise, .asr, .maghrib, .isha] {
                #expect(row.prayers[p]?.map(\.adhan) == [day.schedule[p]], "\(row.date) \(p)")
            }
            #expect(row.imsak == day.schedule.imsak)
            let fajrIqamah = try #require(row.prayers[.fajr]?.first?.iqamah)
            #expect(fajrIqamah == day.schedule.fajr + 20 * 60)
            if row.friday {
                // Two sessions: at Dhuhr and at 13:30 local, each with its iqamah 15 minutes on.
                let sessions = try #require(row.prayers[.dhuhr])
                #expect(sessions.map(\.adhan) == [day.schedule.dhuhr, LocalMinute.instant(row.date, minute: 13 * 60 + 30, zone: input.zone)])
                #expect(sessions.map(\.iqamah) == sessions.map { $0.adhan + 15 * 60 })
            } else {
                #expect(row.prayers[.dhuhr]?.map(\.adhan) == [day.schedule.dhuhr])
            }
        }
        // 1 March 2026 is a Sunday; the UK's clocks go forward on the last Sunday of March.
        #expect(sheet.rows.filter(\.friday).map(\.date.day) == [6, 13, 20, 27])
        #expect(sheet.rows.filter { $0.clockChange != nil }.map(\.date.day) == [29])
        #expect(sheet.rows[28].clockChange == MonthSheet.ClockChange(from: "GMT", to: "BST"))
        // Umm al-Qura: 1 Shawwal 1447 (Eid al-Fitr) is 20 March 2026, after a Ramadan of 30 days.
        #expect(sheet.rows[19].hijri == HijriDate(year: 1447, month: 10, day: 1))
        #expect(sheet.rows[18].hijri == HijriDate(year: 1447, month: 9, day: 30))
        #expect(sheet.hijriMonths.map(\.month) == [9, 10])
        // The unit's hijri_offset moves them.
        let moved = try #require(MonthSheet.make(try Self.input { $0.hijriOffset = -1 }, period: .month(year: 2026, month: 3)))
        #expect(moved.rows[20].hijri == HijriDate(year: 1447, month: 10, day: 1))
        #expect(sheet.source == .method(.mwl))
    }

    @Test("The page: the rows' times as HH:MM, Fridays and the clock change marked, the title escaped, the method and place in the footer")
    func englishPage() throws {
        let input = try Self.input()
        let html = try PrintedMonth.html(input, PrintedMonth.Request(period: .month(year: 2026, month: 3), language: "en", digits: .western),
                                         printed: try Self.date("2026-02-20"))
            .replacingOccurrences(of: "<bdi>", with: "").replacingOccurrences(of: "</bdi>", with: "")
        #expect(html.contains(#"<html lang="en" dir="ltr">"#))
        #expect(html.contains("@page { size: A4") && html.contains("@media"))
        #expect(html.contains("<h1>Masjid &lt;Al-Noor&gt; &amp; Centre</h1>"))
        #expect(html.contains("March 2026 · Ramadan – Shawwal 1447 AH"))
        let fajr = LocalTime(unix: try #require(MonthSheet.make(input, period: .month(year: 2026, month: 3))?.rows[0].prayers[.fajr]?[0].adhan), zone: input.zone)
        #expect(html.contains(#"<tr data-date="2026-03-01"><td class="d">1</td><td class="wd">Sun</td>"#))
        #expect(html.contains(#"<td class="t adhan" data-prayer="fajr"><span class="s">\#(fajr.clock(seconds: false))</span></td>"#))
        #expect(html.components(separatedBy: #"<tr class="friday""#).count == 5)
        #expect(html.contains(#"<tr class="clock-change" data-date="2026-03-29">"#))
        #expect(html.contains("Sunday 29 March 2026: the clocks change from GMT to BST."))
        #expect(html.contains("Times: Muslim World League") && html.contains("51.5074, -0.1278 (Europe/London)"))
        #expect(html.contains("Printed from Mihrab on Friday 20 February 2026"))
        #expect(!html.contains("<script") && !html.contains("http:") && !html.contains("https:"))
    }

    @Test("In Arabic: right to left, the Arabic names, and the screen's Eastern digits when asked for")
    func arabicPage() throws {
        let request = PrintedMonth.Request(period: .month(year: 2026, month: 3), language: "ar", digits: .eastern)
        let html = try PrintedMonth.html(try Self.input(), request, printed: try Self.date("2026-02-20"))
        #expect(html.contains(#"<html lang="ar" dir="rtl">"#))
        for name in ["الفجر", "الشروق", "الظهر", "العصر", "المغرب", "العشاء", "مارس", "رمضان", "شوال"] { #expect(html.contains(name), "\(name)") }
        let start = try #require(html.range(of: "<body")).lowerBound
        let body = String(html[start...])
        #expect(body.range(of: "[0-9]{2}:[0-9]{2}", options: .regularExpression) == nil, "Western digits in a time")
        #expect(body.range(of: "[٠-٩]{2}:[٠-٩]{2}", options: .regularExpression) != nil)
        // The screen's own choice of digits when the query does not say.
        let western = try PrintedMonth.Request(query: ["month": "2026-03", "lang": "ar"], today: try Self.date("2026-02-20"), screen: ScreenConfig())
        #expect(western.digits == .western)
    }

    @Test("Ramadan 1447: its 30 days from 18 February 2026, imsak and iftar columns; the extras hook fills a taraweeh column and a line under a month's row")
    func ramadan() throws {
        let input = try Self.input()
        let sheet = try #require(MonthSheet.make(input, period: .ramadan(hijriYear: 1447)))
        #expect(sheet.rows.first?.date == (try Self.date("2026-02-18")) && sheet.rows.count == 30)
        #expect(sheet.rows.allSatisfy { $0.hijri.year == 1447 && $0.hijri.month == 9 })
        #expect(sheet.rows.map(\.hijri.day) == Array(1...30))
        var extra = sheet
        extra.rows[0].extras = [MonthSheet.Extra(name: "Taraweeh", times: [LocalMinute.instant(try Self.date("2026-02-18"), minute: 20 * 60 + 30, zone: input.zone)])]
        let words = try #require(MonthWords("en", digits: .western, clock: .h24))
        let page = MonthHTML(sheet: extra, words: words, printed: try Self.date("2026-02-01")).document
        #expect(page.contains(#"<th class="imsak">Imsak</th>"#) && page.contains(#"<th class="prayer iftar">Maghrib · Iftar</th>"#))
        #expect(page.contains(#"<th class="extras">Taraweeh</th>"#) && page.contains(#"<td class="extras">Taraweeh 20:30</td>"#))
        #expect(page.contains("Ramadan 1447 AH") && page.contains("18 February – 19 March 2026"))
        let plain = MonthHTML(sheet: sheet, words: words, printed: try Self.date("2026-02-01")).document
        #expect(!plain.contains(#"class="extras""#))

        var month = try #require(MonthSheet.make(input, period: .month(year: 2026, month: 3)))
        month.rows[2].extras = [MonthSheet.Extra(name: "Eid prayer", times: [LocalMinute.instant(try Self.date("2026-03-03"), minute: 7 * 60 + 30, zone: input.zone),
                                                                            LocalMinute.instant(try Self.date("2026-03-03"), minute: 9 * 60, zone: input.zone)])]
        let monthPage = MonthHTML(sheet: month, words: words, printed: try Self.date("2026-02-01")).document
        #expect(monthPage.contains(#"<tr class="extra"><td colspan="14">Eid prayer 07:30, 09:00</td></tr>"#))
        // hijri_offset +1: Ramadan begins a civil day earlier.
        let early = try #require(MonthSheet.make(try Self.input { $0.hijriOffset = 1 }, period: .ramadan(hijriYear: 1447)))
        #expect(early.rows.first?.date == (try Self.date("2026-02-17")))
    }

    @Test("A bad query is refused naming its parameter; no month is the unit's current month")
    func query() throws {
        let today = try Self.date("2026-02-20")
        func problem(_ q: [String: String]) -> String? {
            do { _ = try PrintedMonth.Request(query: q, today: today, screen: ScreenConfig()); return nil } catch { return error.description }
        }
        for (q, name) in [(["month": "2026-13"], "month:"), (["month": "2026-3"], "month:"), (["month": "1899-12"], "month:"),
                          (["month": "2101-01"], "month:"), (["month": "march"], "month:"), (["ramadan": "1317"], "ramadan:"),
                          (["ramadan": "x"], "ramadan:"), (["month": "2026-03", "ramadan": "1447"], "ramadan:"),
                          (["lang": "xx"], "lang:"), (["digits": "roman"], "digits:")] {
            let why = problem(q)
            #expect(why?.hasPrefix(name) == true && why?.contains("\n") == false, "\(q): \(why ?? "accepted")")
        }
        #expect(try PrintedMonth.Request(query: [:], today: today, screen: ScreenConfig()).period == .month(year: 2026, month: 2))
        #expect(try PrintedMonth.Request(query: ["ramadan": "1448"], today: today, screen: ScreenConfig()).period == .ramadan(hijriYear: 1448))
        // The ends of the bounds have their days.
        #expect(PrintedPeriod.parsing(ramadan: "1318")?.days(hijriOffset: -2).first.year == 1900)
        let last = try #require(PrintedPeriod.parsing(ramadan: "1524")?.days(hijriOffset: -2))
        #expect(last.first.year == 2100 && (29...30).contains(last.count))
        #expect(PrintedPeriod.parsing(ramadan: "1525") == nil && PrintedPeriod.parsing(ramadan: "1317") == nil)
    }

    @Test("GET /timetable: 503 before the unit is planned or placed, 400 for a bad query, else the page")
    func route() throws {
        let feed = ScreenFeed()
        let routes = Routes(feed: feed, hub: EventHub(feed: feed))
        #expect(routes.timetable(["month": "2026-03"]).status.code == 503)
        let wall = LocalMinute.instant(try Self.date("2026-02-20"), minute: 600, zone: try ZoneRules.load("Europe/London"))
        feed.publish(try Self.input(position: nil), wall: wall)
        #expect(routes.timetable(["month": "2026-03"]).status.code == 503)
        feed.publish(try Self.input(), wall: wall)
        #expect(routes.timetable(["month": "2026-13"]).status.code == 400)
        #expect(routes.timetable(["month": "2026-03"]).status.code == 200)
        #expect(routes.timetable([:]).status.code == 200)
    }
}
