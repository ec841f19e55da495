import Foundation
import PrayerTimes
import Testing
import UnitModel

/// `DisplaySchedule` on days made by hand: the rules, each instant written out here.
@Suite("the TV's schedule")
struct DisplayScheduleTests {
    static let date = CivilDate(iso: "2026-10-24") ?? CivilDate(daysSinceEpoch: 0)  // a Saturday
    static let friday = CivilDate(iso: "2026-10-23") ?? CivilDate(daysSinceEpoch: 0)

    /// A day whose adhans are at the given hours (UTC seconds from 0) and iqamahs 10 minutes later.
    static func day(_ date: CivilDate, adhans: [Prayer: Double], iqamah: Bool = true, specials: [(Double, Int)] = [],
                    jumuah: [Double] = []) -> ScreenInput.Day {
        let schedule = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)
            .schedule(for: date, at: Coordinates(latitude: 51.5, longitude: 0) ?? Coordinates(latitude: 0, longitude: 0)!, utcOffset: 0)
        var events: [PlannedEvent] = []
        for (p, h) in adhans {
            events.append(PlannedEvent(kind: .adhan, prayer: p, time: h * 3600, date: date, index: 0, sounds: true, muted: false))
            if iqamah, !(p == .dhuhr && !jumuah.isEmpty) {
                events.append(PlannedEvent(kind: .iqamah, prayer: p, time: h * 3600 + 600, date: date, index: 0, sounds: true, muted: false))
            }
        }
        for (i, t) in jumuah.enumerated() {
            events.append(PlannedEvent(kind: .iqamah, prayer: .dhuhr, time: t * 3600, date: date, index: i, sounds: true, muted: false))
        }
        for (t, minutes) in specials {
            events.append(PlannedEvent(kind: .special, prayer: .isha, time: t * 3600, date: date, index: 0, sounds: false, muted: false,
                                       name: "Taraweeh", minutes: minutes))
        }
        return ScreenInput.Day(schedule: schedule, events: events)
    }

    func W(_ start: Double, _ end: Double) -> DisplaySchedule.Window { DisplaySchedule.Window(start: start, end: end) }

    static let five: [Prayer: Double] = [.fajr: 5, .dhuhr: 12, .asr: 15, .maghrib: 18, .isha: 20]

    func config(allDay: Bool) -> SiteConfig {
        var c = SiteConfig()
        c.display.power = .cec
        (c.display.allDay, c.display.beforeFajr, c.display.afterIsha, c.display.beforeAdhan, c.display.afterIqamah) = (allDay, 30, 60, 15, 20)
        return c
    }

    @Test("all day: from 30 minutes before Fajr's adhan to 60 after Isha's iqamah")
    func allDay() {
        let w = DisplaySchedule.windows([Self.day(Self.date, adhans: Self.five)], config: config(allDay: true))
        #expect(w == [W(4.5 * 3600, 20 * 3600 + 600 + 3600)])
        // Without an iqamah for Isha, from its adhan.
        let noIqamah = DisplaySchedule.windows([Self.day(Self.date, adhans: Self.five, iqamah: false)], config: config(allDay: true))
        #expect(noIqamah == [W(4.5 * 3600, 21 * 3600)])
    }

    @Test("around each prayer: Fajr's before_fajr, Isha's after_isha, the others before_adhan and after_iqamah; overlapping windows merge")
    func aroundEach() {
        var adhans = Self.five
        adhans[.maghrib] = 19.5  // Maghrib's window (19:15 to 19:50) meets Isha's (19:45 on): one
        let w = DisplaySchedule.windows([Self.day(Self.date, adhans: adhans)], config: config(allDay: false))
        let h = 3600.0
        #expect(w == [W(4.5 * h, 5 * h + 1800),
                      W(11.75 * h, 12 * h + 1800),
                      W(14.75 * h, 15 * h + 1800),
                      W(19.25 * h, 20 * h + 600 + 3600)])
    }

    @Test("Jumu'ah on through both sessions and its prayer; a special event through its minutes; windows over midnight merge")
    func jumuahAndEvents() {
        var c = config(allDay: false)
        c.screen.jumuahPrayerSeconds = 1800
        let h = 3600.0
        let fri = Self.day(Self.friday, adhans: Self.five, specials: [(22, 90)], jumuah: [12.5, 13.5])
        let w = DisplaySchedule.windows([fri], config: c)
        // Dhuhr's adhan 12:00 - 15 min to the second session 13:30 + 30 min prayer + 20 min.
        #expect(w.contains(W(11.75 * h, 13.5 * h + 1800 + 1200)))
        // Isha's window (to 21:10) and the event (21:45 to 23:30 + 20 min) stay apart.
        #expect(w.contains(W(21.75 * h, 23.5 * h + 1200)))
        // A window that runs past midnight joins the next day's first if they meet.
        let late = Self.day(Self.date, adhans: [.fajr: 24 + 4.5, .isha: 23.5])
        let over = DisplaySchedule.windows([late], config: c)
        #expect(over == [W(23.25 * h, 23.5 * h + 600 + 3600), W(28 * h, 28.5 * h + 600 + 1200)])
        let joined = DisplaySchedule.windows([late], config: { var d = c; d.display.afterIsha = 300; return d }())
        #expect(joined.count == 1)
    }

    @Test("the state at an instant and the next change; an untrusted clock or nothing planned keeps it on")
    func state() {
        let w = [W(100, 200), W(300, 400)]
        #expect(DisplaySchedule.state(at: 50, w, trusted: true) == (false, 100))
        #expect(DisplaySchedule.state(at: 100, w, trusted: true) == (true, 200))
        #expect(DisplaySchedule.state(at: 200, w, trusted: true) == (false, 300))
        #expect(DisplaySchedule.state(at: 400, w, trusted: true) == (false, nil))
        #expect(DisplaySchedule.state(at: 150, w, trusted: false) == (true, nil))
        #expect(DisplaySchedule.state(at: 150, [], trusted: true) == (true, nil))
    }
}
