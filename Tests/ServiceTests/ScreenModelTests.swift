import Foundation
import PrayerTimes
import Testing
@testable import Service
@testable import UnitModel

/// The screen model over whole virtual days: every phase begins and ends at its instant
/// (DST days and a Friday included), the table turns to tomorrow after Isha, the Hijri date
/// at Maghrib. Instants written out below are local wall times from the configuration
/// (fixed iqamah and Jumu'ah times), so they do not come from the code under test.
@Suite("Screen model")
struct ScreenModelTests {
    static func config(_ edit: (inout SiteConfig) -> Void = { _ in }) -> SiteConfig {
        var c = UnitHarness.testConfig()
        c.screen.adhanSeconds = 240
        c.screen.silenceSeconds = 60
        c.screen.prayerSeconds = 600
        c.screen.jumuahPrayerSeconds = 1800
        c.screen.afterPrayerSeconds = 300
        c.screen.azkar = "Astaghfirullah (3x)"
        edit(&c)
        return c
    }

    /// A unit run to the given local time; returns it with its published input.
    static func unit(_ zone: String, _ lat: Double, _ lon: Double, _ date: String, minute: Int = 0,
                     synchronized: Bool = true, config: SiteConfig = config()) throws -> (UnitHarness, ScreenInput) {
        let d = try #require(CivilDate(iso: date))
        let h = try UnitHarness(zone: zone, lat: lat, lon: lon, start: d, startMinute: minute, config: config, synchronized: synchronized)
        h.run(untilWall: h.clock.wallNow() + 1)
        return (h, h.core.screenInput)
    }

    struct Span { var kind: ScreenModel.Phase.Kind; var prayer: Prayer; var start: Double; var end: Double }

    /// What the configuration says, written out: reminder 10 min before the adhan, adhan 4 min,
    /// countdown to 1 min before the iqamah, 1 min "silence", prayer 10 min (Jumu'ah 30), azkar 5.
    static func expectedSpans(_ events: [PlannedEvent], friday: Bool) -> [Span] {
        var out: [Span] = []
        for a in events where a.kind == .adhan {
            if a.index == 0 { out.append(Span(kind: .reminder, prayer: a.prayer, start: a.time - 600, end: a.time)) }
            let i = events.first { $0.kind == .iqamah && $0.prayer == a.prayer && $0.index == a.index }!.time
            let prayer = friday && a.prayer == .dhuhr ? 1800.0 : 600
            out.append(Span(kind: .adhan, prayer: a.prayer, start: a.time, end: a.time + 240))
            out.append(Span(kind: .iqamah, prayer: a.prayer, start: a.time + 240, end: i - 60))
            out.append(Span(kind: .silence, prayer: a.prayer, start: i - 60, end: i))
            out.append(Span(kind: .prayer, prayer: a.prayer, start: i, end: i + prayer))
            out.append(Span(kind: .after, prayer: a.prayer, start: i + prayer, end: i + prayer + 300))
        }
        return out
    }

    func checkDay(_ zone: String, _ lat: Double, _ lon: Double, _ date: String, config: SiteConfig = config()) throws {
        let (h, input) = try Self.unit(zone, lat, lon, date, config: config)
        let d = try #require(CivilDate(iso: date))
        let spans = Self.expectedSpans(h.expectedEvents(on: d), friday: d.weekday == 5)
        #expect(spans.count >= 30)
        for s in spans {
            let at = { (t: Double) in ScreenModel.at(t, input).phase }
            let first = at(s.start), last = at(s.end - 1), before = at(s.start - 1), after = at(s.end)
            #expect(first.kind == s.kind && first.prayer == s.prayer, "\(zone) \(s.kind) \(s.prayer) at its start: \(first)")
            #expect(last.kind == s.kind && last.prayer == s.prayer, "\(zone) \(s.kind) \(s.prayer) a second before its end: \(last)")
            #expect(!(before.kind == s.kind && before.prayer == s.prayer), "\(zone) \(s.kind) \(s.prayer) a second early")
            #expect(!(after.kind == s.kind && after.prayer == s.prayer && after.start == first.start),
                    "\(zone) \(s.kind) \(s.prayer) a second late")
        }
        // Every minute of the day: the phase is the expected one, or normal outside them all.
        let start = LocalMinute.instant(d, minute: 0, zone: h.zone), end = LocalMinute.instant(d.adding(days: 1), minute: 0, zone: h.zone)
        for t in stride(from: start, to: end, by: 60) {
            let want = spans.last { t >= $0.start && t < $0.end }
            let got = ScreenModel.at(t, input).phase
            #expect(got.kind == (want?.kind ?? .normal) && got.prayer == want?.prayer,
                    "\(zone) \(LocalTime(unix: t, zone: h.zone).iso8601): \(got.kind) \(got.prayer?.rawValue ?? "-"), expected \(want.map { "\($0.kind) \($0.prayer)" } ?? "normal")")
        }
    }

    @Test("London, the day the clocks go forward: every phase at its instant; a fixed 13:30 iqamah on BST")
    func londonSpringForward() throws {
        let c = Self.config { $0.iqamah[.dhuhr] = .fixed(13 * 60 + 30) }
        try checkDay("Europe/London", 51.5074, -0.1278, "2026-03-29", config: c)
        let (_, input) = try Self.unit("Europe/London", 51.5074, -0.1278, "2026-03-29", config: c)
        let silence = try #require(ISO8601DateFormatter().date(from: "2026-03-29T13:29:00+01:00")).timeIntervalSince1970
        #expect(ScreenModel.at(silence, input).phase == .init(kind: .silence, prayer: .dhuhr, jumuah: false,
                                                               start: "2026-03-29T13:29:00+01:00", end: "2026-03-29T13:30:00+01:00", text: nil))
        #expect(ScreenModel.at(silence + 60, input).phase.kind == .prayer)
        #expect(ScreenModel.at(silence + 60, input).phase.end == "2026-03-29T13:40:00+01:00")
        #expect(ScreenModel.at(silence, input).table.rows[2].iqamah == "2026-03-29T13:30:00+01:00")
    }

    @Test("New York, the day the clocks go back: every phase at its instant")
    func newYorkFallBack() throws {
        try checkDay("America/New_York", 40.7128, -74.0060, "2026-11-01")
    }

    @Test("Kuala Lumpur on a Friday: two Jumu'ah sessions, each with its phases; Jumu'ah's prayer its own length")
    func kualaLumpurFriday() throws {
        let c = Self.config { $0.jumuah = [.fixed(13 * 60), .fixed(14 * 60)] }
        try checkDay("Asia/Kuala_Lumpur", 3.139, 101.6869, "2026-11-27", config: c)
        let (_, input) = try Self.unit("Asia/Kuala_Lumpur", 3.139, 101.6869, "2026-11-27", config: c)
        let one = try #require(ISO8601DateFormatter().date(from: "2026-11-27T13:00:00+08:00")).timeIntervalSince1970
        let m = ScreenModel.at(one, input)
        #expect(m.phase.kind == .adhan && m.phase.jumuah && m.phase.prayer == .dhuhr)
        #expect(m.table.rows[2].jumuah == [.init(adhan: "2026-11-27T13:00:00+08:00", iqamah: "2026-11-27T13:15:00+08:00"),
                                           .init(adhan: "2026-11-27T14:00:00+08:00", iqamah: "2026-11-27T14:15:00+08:00")])
        #expect(m.dates.gregorian.weekday == 5)
        let prayer = ScreenModel.at(one + 15 * 60, input).phase
        #expect(prayer.kind == .prayer && prayer.end == "2026-11-27T13:45:00+08:00")
        #expect(ScreenModel.at(one + 45 * 60, input).phase.kind == .after)
        let second = ScreenModel.at(one + 3600, input)
        #expect(second.phase.kind == .adhan && second.phase.start == "2026-11-27T14:00:00+08:00")
        // Between the sessions the next thing is the second session's adhan.
        let between = ScreenModel.at(one + 55 * 60, input)
        #expect(between.next == .init(prayer: .dhuhr, jumuah: true, kind: .adhan, at: "2026-11-27T14:00:00+08:00"))
    }

    @Test("Makkah, the eve of Ramadan 1447: the Hijri date turns at Maghrib; after Isha the table is tomorrow's, with imsak and iftar")
    func makkahRamadanEve() throws {
        // Umm al-Qura: 1 Ramadan 1447 is Wednesday 18 February 2026.
        try checkDay("Asia/Riyadh", 21.4225, 39.8262, "2026-02-17")
        let (h, input) = try Self.unit("Asia/Riyadh", 21.4225, 39.8262, "2026-02-17")
        let day = try #require(input.days.first { $0.date == CivilDate(year: 2026, month: 2, day: 17)! })
        let maghrib = day.schedule.maghrib
        #expect(ScreenModel.at(maghrib - 1, input).dates.hijri.month == 8)
        #expect(ScreenModel.at(maghrib, input).dates.hijri == .init(year: 1447, month: 9, day: 1))
        #expect(ScreenModel.at(maghrib, input).dates.gregorian.day == 17)
        let isha = try #require(h.expectedEvents(on: day.date).first { $0.kind == .iqamah && $0.prayer == .isha }).time
        let over = isha + 600 + 300  // prayer, then azkar
        let before = ScreenModel.at(over - 1, input), after = ScreenModel.at(over, input)
        #expect(before.table.day == .today && before.table.date.day == 17 && before.table.ramadan == nil)
        #expect(after.table.day == .tomorrow && after.table.date.day == 18)
        let tomorrow = try #require(input.days.first { $0.date == CivilDate(year: 2026, month: 2, day: 18)! })
        #expect(after.table.rows[0].adhan == LocalTime(unix: tomorrow.schedule.fajr, zone: h.zone).iso8601)
        #expect(after.table.rows[0].next && !after.table.rows.contains { $0.current })
        #expect(after.table.ramadan?.iftar == after.table.rows[4].adhan)
        #expect(after.table.ramadan?.imsak == LocalTime(unix: tomorrow.schedule.imsak, zone: h.zone).iso8601)
        #expect(after.next?.prayer == .fajr && after.next?.at == after.table.rows[0].adhan)
        // With the Hijri day turning at midnight instead, still Sha'ban after Maghrib.
        var c = Self.config()
        c.screen.hijriChangesAt = .midnight
        let (_, midnightInput) = try Self.unit("Asia/Riyadh", 21.4225, 39.8262, "2026-02-17", config: c)
        #expect(ScreenModel.at(maghrib + 60, midnightInput).dates.hijri.month == 8)
    }

    @Test("The current prayer and the next are marked; the countdown goes to the next adhan or iqamah")
    func currentAndNext() throws {
        let (h, input) = try Self.unit("Europe/London", 51.5074, -0.1278, "2026-11-23")
        let e = h.expectedEvents(on: CivilDate(year: 2026, month: 11, day: 23)!)
        let asr = try #require(e.first { $0.kind == .adhan && $0.prayer == .asr }).time
        let m = ScreenModel.at(asr + 30 * 60, input)
        #expect(m.table.rows.filter(\.current).map(\.prayer) == [.asr])
        #expect(m.table.rows.filter(\.next).map(\.prayer) == [.maghrib])
        #expect(m.next?.kind == .adhan && m.next?.prayer == .maghrib)
        let waiting = ScreenModel.at(asr + 5 * 60, input)
        #expect(waiting.next?.kind == .iqamah && waiting.next?.prayer == .asr)
        // Between sunrise and Dhuhr no prayer is current.
        let sunrise = try #require(input.days.first { $0.date.day == 23 }).schedule.sunrise
        #expect(!ScreenModel.at(sunrise + 3600, input).table.rows.contains { $0.current })
    }

    @Test("Clock not trusted: no phases, said so; screen hours; announcements in their dates")
    func trustHoursAnnouncements() throws {
        let (h, untrusted) = try Self.unit("Europe/London", 51.5074, -0.1278, "2026-11-23", synchronized: false)
        let dhuhr = try #require(h.expectedEvents(on: CivilDate(year: 2026, month: 11, day: 23)!).first { $0.kind == .adhan && $0.prayer == .dhuhr }).time
        let m = ScreenModel.at(dhuhr, untrusted)
        #expect(!m.trusted && m.phase.kind == .normal && m.notices.contains(.clockUntrusted))

        let c = Self.config {
            $0.screen.on = .init(from: 4 * 60, to: 23 * 60 + 30)
            $0.announcements = [
                .init(text: "Fundraiser after Jumu'ah", from: .init(date: CivilDate(year: 2026, month: 11, day: 23)!, minute: 12 * 60),
                      to: .init(date: CivilDate(year: 2026, month: 11, day: 24)!, minute: 0)),
                .init(text: "Always"),
            ]
        }
        let (_, input) = try Self.unit("Europe/London", 51.5074, -0.1278, "2026-11-23", config: c)
        func at(_ hh: Int, _ mm: Int, day: Int = 23) -> ScreenModel {
            ScreenModel.at(LocalMinute.instant(CivilDate(year: 2026, month: 11, day: day)!, minute: hh * 60 + mm, zone: h.zone), input)
        }
        #expect(at(12, 0).screenOn && !at(23, 45).screenOn && !at(3, 59).screenOn && at(4, 0).screenOn)
        #expect(at(11, 59).announcements == ["Always"])
        #expect(at(12, 0).announcements == ["Fundraiser after Jumu'ah", "Always"])
        #expect(at(23, 59).announcements.count == 2)
        #expect(at(0, 0, day: 24).announcements == ["Always"])
        // The adhan wakes a screen outside its hours.
        var early = c
        early.screen.on = .init(from: 13 * 60, to: 14 * 60)
        let (_, e) = try Self.unit("Europe/London", 51.5074, -0.1278, "2026-11-23", config: early)
        #expect(ScreenModel.at(dhuhr, e).screenOn && !ScreenModel.at(dhuhr - 601, e).screenOn)
    }
}
