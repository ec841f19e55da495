import Testing
@testable import PrayerTimes

/// The current and next prayer at the edges, from plain numbers (hours after each day's
/// midnight UTC), whatever the sky: the LEDs and the screens both read this answer.
@Suite("the current and the next prayer")
struct PrayerWindowTests {
    static let h = 3600.0
    static let first = CivilDate(daysSinceEpoch: 20_000)

    /// Day `k` after `first`: Fajr 5:00, sunrise 6:30, Dhuhr 12:00, Asr 15:00, Maghrib 18:00, Isha 19:30.
    static func day(_ k: Int) -> DaySchedule {
        let base = Double(20_000 + k) * 86_400
        var times = PerPrayer<Double>(repeating: 0)
        for (p, hours) in [(Prayer.fajr, 5.0), (.sunrise, 6.5), (.dhuhr, 12), (.asr, 15), (.maghrib, 18), (.isha, 19.5)] {
            times[p] = base + hours * h
        }
        return DaySchedule(date: first.adding(days: k), times: times, imsak: base + 4.8 * h, midnight: base + 24 * h,
                           lastThird: base + 26 * h, resolved: Resolutions(repeating: nil))
    }

    static let days = [day(-1), day(0), day(1)]
    static func at(_ hours: Double, _ days: [DaySchedule] = days) -> PrayerWindow {
        PrayerWindow.at(Double(20_000) * 86_400 + hours * h, days: days)
    }
    static func t(_ hours: Double) -> Double { Double(20_000) * 86_400 + hours * h }

    @Test("at the adhan's very instant that prayer is current, and the next is the one after it")
    func adhanInstant() {
        let w = Self.at(12)
        #expect(w.current == .init(prayer: .dhuhr, date: Self.first, start: Self.t(12), end: Self.t(15)))
        #expect(w.next == .init(prayer: .asr, date: Self.first, time: Self.t(15)))
        // A second before, Fajr's time is long over (sunrise): none is current, Dhuhr is next.
        #expect(Self.at(12 - 1 / 3600).current == nil && Self.at(12 - 1 / 3600).next?.prayer == .dhuhr)
    }

    @Test("Fajr lasts until sunrise, not until Dhuhr")
    func sunrise() {
        #expect(Self.at(6.5 - 1 / 3600).current?.prayer == .fajr)
        #expect(Self.at(6.5 - 1 / 3600).current?.end == Self.t(6.5))
        #expect(Self.at(6.5).current == nil)
    }

    @Test("after Isha, the next day's Fajr is next and ends Isha; at that Fajr's instant it is current")
    func nextDaysFajr() {
        let tomorrow = Self.first.adding(days: 1)
        let night = Self.at(23)
        #expect(night.current == .init(prayer: .isha, date: Self.first, start: Self.t(19.5), end: Self.t(29)))
        #expect(night.next == .init(prayer: .fajr, date: tomorrow, time: Self.t(29)))
        let fajr = Self.at(29)
        #expect(fajr.current == .init(prayer: .fajr, date: tomorrow, start: Self.t(29), end: Self.t(30.5)))
        #expect(fajr.next == .init(prayer: .dhuhr, date: tomorrow, time: Self.t(36)))
    }

    @Test("before Fajr, yesterday's Isha is current until it")
    func beforeFajr() {
        let w = Self.at(3)
        #expect(w.current == .init(prayer: .isha, date: Self.first.adding(days: -1), start: Self.t(19.5 - 24), end: Self.t(5)))
        #expect(w.next?.prayer == .fajr && w.next?.date == Self.first)
    }

    @Test("with today alone the night is not known: Isha's end and the next prayer are nil, not guessed")
    func todayAlone() {
        let w = Self.at(23, [Self.day(0)])
        #expect(w.current?.prayer == .isha && w.current?.end == nil && w.next == nil)
        #expect(Self.at(3, [Self.day(0)]).current == nil)
    }

    @Test("a time that is not finite is no start")
    func notFinite() {
        var d = Self.day(0)
        d.asr = .nan
        let w = PrayerWindow.at(Self.t(16), days: [d])
        #expect(w.current?.prayer == .dhuhr && w.current?.end == Self.t(18) && w.next?.prayer == .maghrib)
    }
}
