import Foundation
import PrayerTimes
import Testing
@testable import Service
@testable import UnitModel

/// `[screen] show_forbidden` and `show_duha`: read from the config with their defaults and
/// ranges, and the screen model's window that holds now and the shown day's Duha. The
/// windows' own instants are checked against the ephemeris in ForbiddenTimesTests; here the
/// model is checked against the planned day's windows.
@Suite("Screen, the times not to pray and Duha")
struct ScreenForbiddenTests {
    @Test("Off by default, 15, 10 and 20 minutes; the keys are read")
    func reads() throws {
        let d = SiteConfig().screen
        #expect(!d.showForbidden && !d.showDuha && d.forbiddenMinutes == .init(afterSunrise: 15, beforeTransit: 10, beforeSunset: 20))
        let c = try SiteConfig.parse("""
            [screen]
            show_forbidden = true
            show_duha = true
            forbidden_after_sunrise_minutes = 20
            forbidden_before_dhuhr_minutes = 0
            forbidden_before_sunset_minutes = 60
            """, file: "t.toml")
        #expect(c.screen.showForbidden && c.screen.showDuha)
        #expect(c.screen.forbiddenMinutes == .init(afterSunrise: 20, beforeTransit: 0, beforeSunset: 60))
    }

    /// Kuala Lumpur, 26-28 November 2026 (UTC+8 all year).
    static func input(forbidden: Bool = true, duha: Bool = true, trusted: Bool = true) throws -> ScreenInput {
        let c = ScreenModelTests.config {
            $0.screen.showForbidden = forbidden
            $0.screen.showDuha = duha
        }
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let place = try #require(Coordinates(latitude: 3.139, longitude: 101.6869))
        let days = try ["2026-11-26", "2026-11-27", "2026-11-28"].map { iso in
            ScreenInput.Day.planned(try #require(CivilDate(iso: iso)), at: place, zone: zone, config: c,
                                    calculator: PrayerCalculator(parameters: c.parameters))
        }
        return ScreenInput(config: c, zone: zone, days: days, trusted: trusted, position: place)
    }

    static let zone = try? ZoneRules.load("Asia/Kuala_Lumpur")
    static func iso(_ t: Double) -> String { zone.map { LocalTime(unix: t, zone: $0).iso8601 } ?? "" }

    @Test("The window that holds now, from its start until its end; none between them; the zawal ends at the day's Dhuhr")
    func windowNow() throws {
        let input = try Self.input()
        let day = input.days[1], w = try #require(day.forbidden)
        for window in w.windows {
            let expected = ScreenModel.Forbidden(kind: window.kind, start: Self.iso(window.start), end: Self.iso(window.end))
            #expect(ScreenModel.at(window.start, input).forbidden == expected)
            #expect(ScreenModel.at(window.end - 1, input).forbidden == expected)
            #expect(ScreenModel.at(window.end, input).forbidden == nil, "\(window.kind) over at its end")
            #expect(ScreenModel.at(window.start - 1, input).forbidden == nil, "\(window.kind) not yet")
        }
        #expect(w.zawal?.end == day.schedule.dhuhr && w.windows.count == 3)
        // The middle of the morning and of the afternoon: nothing.
        #expect(ScreenModel.at(day.schedule.dhuhr + 7200, input).forbidden == nil)
        let duha = try #require(w.duha)
        #expect(ScreenModel.at(duha.start + 600, input).forbidden == nil)
        #expect(ScreenModel.at(duha.start + 600, input).duha == .init(start: Self.iso(duha.start), end: Self.iso(duha.end)))
    }

    @Test("Duha is the shown day's: after Isha, tomorrow's")
    func duhaOfTheShownDay() throws {
        let input = try Self.input()
        let tomorrow = try #require(input.days[2].forbidden?.duha)
        let m = ScreenModel.at(input.days[1].schedule.isha + 3 * 3600, input)
        #expect(m.table.day == .tomorrow && m.duha == .init(start: Self.iso(tomorrow.start), end: Self.iso(tomorrow.end)))
    }

    @Test("Off: no window and no Duha (not even computed); the clock not trusted: no sign")
    func off() throws {
        let input = try Self.input(forbidden: false, duha: false)
        #expect(input.days.allSatisfy { $0.forbidden == nil })
        let t = input.days[1].schedule.dhuhr - 60
        #expect(ScreenModel.at(t, input).forbidden == nil && ScreenModel.at(t, input).duha == nil)
        let duhaOnly = try Self.input(forbidden: false)
        #expect(ScreenModel.at(t, duhaOnly).forbidden == nil && ScreenModel.at(t, duhaOnly).duha != nil)
        let untrusted = try Self.input(trusted: false)
        #expect(ScreenModel.at(t, untrusted).forbidden == nil)
        #expect(ScreenModel.at(t, try Self.input()).forbidden?.kind == .zawal)
    }

    @Test("Polar day (Tromsø, 21 June 2026): no sunrise window, no Duha, no crash; the zawal still")
    func polarDay() throws {
        let c = ScreenModelTests.config { $0.screen.showForbidden = true; $0.screen.showDuha = true }
        let zone = try ZoneRules.load("Europe/Oslo")
        let place = try #require(Coordinates(latitude: 69.6492, longitude: 18.9553))
        let day = ScreenInput.Day.planned(try #require(CivilDate(iso: "2026-06-21")), at: place, zone: zone, config: c,
                                          calculator: PrayerCalculator(parameters: c.parameters))
        let input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        let w = try #require(day.forbidden)
        #expect(w.sunriseWindow == nil && w.sunsetWindow == nil && w.duha == nil)
        for hour in stride(from: 0.0, to: 24, by: 0.5) {
            let m = ScreenModel.at(day.date.unixMidnight - 7200 + hour * 3600, input)
            #expect(m.forbidden == nil || m.forbidden?.kind == .zawal)
            #expect(m.duha == nil)
        }
        #expect(ScreenModel.at(w.transit, input).forbidden?.kind == .zawal)
    }
}
