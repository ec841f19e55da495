import Foundation
import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

/// A London mosque with an iqamah for each prayer and two Jumu'ah sessions (the first at
/// Dhuhr, the second at 13:30), both with an iqamah 15 minutes after the adhan.
func londonMosque(title: String = "East London Mosque", language: String = "en") throws -> ScreenInput {
    var config = SiteConfig()
    config.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .minutesAfterAdhan(15), .asr: .minutesAfterAdhan(15),
                     .maghrib: .minutesAfterAdhan(5), .isha: .minutesAfterAdhan(15)]
    config.jumuah = [.dhuhr, .fixed(13 * 60 + 30)]
    config.screen.title = title
    config.screen.language = language
    let position = try #require(Coordinates(latitude: 51.5176, longitude: -0.0653))
    return ScreenInput(config: config, zone: try ZoneRules.load("Europe/London"), days: [], trusted: true, position: position)
}

/// 27 March 2026 (a Friday), noon UTC: two days before London's clocks go forward.
func friday27March() throws -> Double { try #require(CivilDate(year: 2026, month: 3, day: 27)).unixMidnight + 12 * 3600 }

@Suite("GET /calendar.ics: the feed")
struct CalendarFeedTests {
    @Test("read by Python's icalendar: every prayer, Jumu'ah session and special event at its planned instant, across London's change to summer time")
    func parsedAcrossTheChange() throws {
        var input = try londonMosque()
        // On the day the clocks go forward, at a clock time and at one relative to Isha; a name to escape.
        let talk = SpecialEvent(name: #"Talk; Q&A, hall \ 2"#, dates: .gregorian(year: 2026, month: 3, day: 29),
                                times: [.clock(11 * 60), .relative(.isha, 30)], minutes: 45)
        input.config.events = [talk]
        let wall = try friday27March()
        let parsed = try PythonICalendar.parse(try CalendarFeed.make(query: ["days": "5"], input: input, wall: wall))
        let start = try #require(CivilDate(year: 2026, month: 3, day: 27))
        let days = try #require(input.plannedDays(from: start, count: 5))
        let all = days.flatMap(\.events).filter { $0.kind == .adhan || $0.kind == .special }
        let specials = all.filter { $0.kind == .special }
        #expect(specials.count == 2)
        let domain = CalendarFeed.uidDomain(config: input.config, zone: input.zone)
        #expect(parsed.events.map(\.uid) == all.map { "\($0.id)@\(domain)" })
        for (e, row) in zip(specials, parsed.events.filter { $0.uid.contains("/event/") }) {
            #expect(row.start == Int(e.time.rounded(.down)), "\(e.id)")
            #expect(row.end == row.start + 45 * 60)
            #expect(row.summary == #"Talk; Q&A, hall \ 2 "# + String(e.index + 1))  // numbered: it has two times
        }
        #expect(specials.first.map { LocalTime(unix: $0.time, zone: input.zone).clock(seconds: false) } == "11:00")  // BST
        let adhans = all.filter { $0.kind == .adhan }
        #expect(adhans.count == 5 * 5 + 1)  // five prayers a day, a second Jumu'ah on the Friday
        #expect(parsed.name == "East London Mosque")
        for (e, row) in zip(adhans, parsed.events.filter { !$0.uid.contains("/event/") }) {
            #expect(row.uid == "\(e.id)@\(domain)")
            #expect(row.start == Int(e.time.rounded(.down)), "\(e.id): \(row.start - Int(e.time.rounded(.down))) s off")
            let iqamah = try #require(days.flatMap(\.events).first { $0.kind == .iqamah && $0.prayer == e.prayer && $0.date == e.date && $0.index == e.index })
            let length = e.date.weekday == 5 && e.prayer == .dhuhr ? input.config.screen.jumuahPrayerSeconds : input.config.screen.prayerSeconds
            #expect(row.end == Int((iqamah.time + length).rounded(.down)), "\(e.id)")
            let clock = LocalTime(unix: iqamah.time, zone: input.zone).clock(seconds: false)
            #expect(row.summary.hasSuffix("— Iqamah \(clock)"), "\(row.summary)")
        }
        // Both sides of the change are in it: Asr on Saturday in GMT, on Monday in BST.
        #expect(adhans.contains { $0.id == "2026-03-28/asr/adhan" && LocalTime(unix: $0.time, zone: input.zone).offset == 0 })
        #expect(adhans.contains { $0.id == "2026-03-30/asr/adhan" && LocalTime(unix: $0.time, zone: input.zone).offset == 3600 })
        let summaries = Dictionary(uniqueKeysWithValues: parsed.events.map { ($0.uid, $0.summary) })
        #expect(summaries["2026-03-27/dhuhr/adhan/1@\(domain)"] == "Jumu'ah 2 — Iqamah 13:45")
        #expect(summaries["2026-03-27/dhuhr/adhan@\(domain)"]?.hasPrefix("Jumu'ah 1 — Iqamah 12:") == true)
        #expect(summaries["2026-03-30/dhuhr/adhan@\(domain)"]?.hasPrefix("Dhuhr — Iqamah 13:") == true)  // BST
    }

    @Test("in Arabic with an Arabic title past 75 octets: folded lines the parser joins back, the names the screen uses")
    func arabic() throws {
        let title = "المسجد الجامع في شرق لندن — مواقيت الصلاة والإقامة والجمعة"
        let input = try londonMosque(title: title, language: "ar")
        let bytes = try CalendarFeed.make(query: ["days": "2"], input: input, wall: try friday27March())
        let lines = physicalLines(bytes)
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(lines.contains { $0.first == 0x20 })  // the title did fold
        let parsed = try PythonICalendar.parse(bytes)
        #expect(parsed.name == title)
        #expect(parsed.events.first?.summary.hasPrefix("الفجر — الإقامة ") == true)
        #expect(parsed.events.contains { $0.summary == "الجمعة 2 — الإقامة 13:45" })
        // ?lang= overrides the unit's language; an unknown one falls back to it.
        let english = try PythonICalendar.parse(try CalendarFeed.make(query: ["days": "1", "lang": "en"], input: input, wall: try friday27March()))
        #expect(english.events.first?.summary.hasPrefix("Fajr — Iqamah ") == true)
        let unknown = try CalendarFeed.make(query: ["days": "2", "lang": "xx"], input: input, wall: try friday27March())
        #expect(unknown == bytes)
    }

    @Test("stable: two fetches on one day are the same bytes; the next day's UIDs are the same events'; a moved iqamah keeps its UID")
    func stable() throws {
        let input = try londonMosque()
        let morning = try friday27March() - 5 * 3600, evening = try friday27March() + 10 * 3600
        let a = try CalendarFeed.make(query: [:], input: input, wall: morning)
        #expect(try CalendarFeed.make(query: [:], input: input, wall: evening) == a)
        func uids(_ bytes: [UInt8]) -> [String] { unfoldedLines(bytes).filter { $0.hasPrefix("UID:") } }
        #expect(uids(a).count == 30 * 5 + 5)  // the default 30 days; five Fridays with a second session
        let tomorrow = try CalendarFeed.make(query: [:], input: input, wall: morning + 86_400)
        #expect(Array(uids(tomorrow).dropLast(5)) == Array(uids(a).dropFirst(6)))  // the 27th's six gone, the 26th of April's five new
        #expect(unfoldedLines(tomorrow).first { $0.hasPrefix("DTSTAMP:") } == "DTSTAMP:20260328T000000Z")
        var moved = input
        moved.config.iqamah[.asr] = .minutesAfterAdhan(30)
        let b = try CalendarFeed.make(query: [:], input: moved, wall: morning)
        #expect(b != a)
        #expect(uids(b) == uids(a))
    }

    @Test("days: 1 to 366, else an error naming days; today is the unit's date, not UTC's")
    func query() throws {
        let input = try londonMosque()
        for bad in ["0", "367", "ten", "-1", ""] {
            #expect(throws: CalendarFeed.Problem.self) { try CalendarFeed.make(query: ["days": bad], input: input, wall: 0) }
            do {
                _ = try CalendarFeed.make(query: ["days": bad], input: input, wall: 0)
            } catch {
                #expect(error.description.hasPrefix("days: "))
            }
        }
        // 20:00 UTC on the 27th is 04:00 on the 28th in Kuala Lumpur.
        var kl = input
        kl.zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        kl.position = Coordinates(latitude: 3.14, longitude: 101.69)
        let bytes = try CalendarFeed.make(query: ["days": "1"], input: kl, wall: try friday27March() + 8 * 3600)
        #expect(unfoldedLines(bytes).first { $0.hasPrefix("UID:") }?.hasPrefix("UID:2026-03-28/fajr/adhan@") == true)
        #expect(unfoldedLines(bytes).contains("X-WR-TIMEZONE:Asia/Kuala_Lumpur"))
        var nowhere = input
        nowhere.position = nil
        #expect(throws: CalendarFeed.Problem.self) { try CalendarFeed.make(query: [:], input: nowhere, wall: 0) }
    }

    /// 366 days, two Jumu'ah sessions every Friday, an iqamah for every prayer, in English:
    /// 427,099 octets (in Arabic 482,019), as the README says; the bound leaves room for longer
    /// names, not for a second copy of anything.
    static let yearBound = 500_000

    @Test("a year (366 days) stays under 500 kB, every line at most 75 octets and ended by CRLF")
    func year() throws {
        let input = try londonMosque()
        let bytes = try CalendarFeed.make(query: ["days": "366"], input: input, wall: try friday27March())
        #expect(bytes.count < Self.yearBound, "\(bytes.count) octets")
        let lines = physicalLines(bytes)
        #expect(lines.allSatisfy { $0.count <= 75 && !$0.contains(0x0A) && !$0.contains(0x0D) })
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        let text = unfoldedLines(bytes)
        #expect(text.filter { $0 == "BEGIN:VEVENT" }.count == 366 * 5 + 53)  // 53 Fridays from 27 March 2026
        #expect(Array(text.prefix(8)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mihrab//Prayer times//EN", "CALSCALE:GREGORIAN",
                                          "X-WR-CALNAME:East London Mosque", "X-WR-TIMEZONE:Europe/London",
                                          "REFRESH-INTERVAL;VALUE=DURATION:PT12H", "X-PUBLISHED-TTL:PT12H"])
    }
}
