import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// A special event's full-screen countdown and the prayers around it.
@Suite("Screen model, special events")
struct ScreenEventPhaseTests {
    @Test("Taraweeh at Isha+20 with Isha's iqamah at Isha+10: the Isha prayer's screen is not covered by taraweeh's countdown")
    func countdownGivesWayToPrayer() throws {
        let c = ScreenModelTests.config {
            $0.iqamah[.isha] = .minutesAfterAdhan(10)
            $0.events = [SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 20)])]
        }
        // 13 Ramadan 1448 in London.
        let (_, input) = try ScreenModelTests.unit("Europe/London", 51.5074, -0.1278, "2027-02-20", minute: 17 * 60, config: c)
        let day = try #require(input.days.first { $0.date == CivilDate(iso: "2027-02-20") })
        let adhan = try #require(day.events.first { $0.kind == .adhan && $0.prayer == .isha }).time
        let taraweeh = try #require(day.events.first { $0.kind == .special }).time
        #expect(taraweeh == adhan + 20 * 60)
        // The prayer (iqamah at +10, 10 minutes long) is shown for all of it; the countdown
        // would have begun at +10.
        for t in stride(from: adhan + 600, to: adhan + 1200, by: 30) {
            let p = ScreenModel.at(t, input).phase
            #expect(p.kind == .prayer && p.prayer == .isha, "at Isha+\(Int(t - adhan))s: \(p.kind)")
        }
    }

    @Test("A night's event past midnight (Isha+120 on a London summer night) is counted down as today's, never 'in -1 days'")
    func pastMidnightIsStillTonight() throws {
        let c = ScreenModelTests.config {
            $0.events = [SpecialEvent(name: "Qiyam", dates: .gregorian(year: 2026, month: 6, day: 20), times: [.relative(.isha, 120)])]
        }
        let (_, input) = try ScreenModelTests.unit("Europe/London", 51.5074, -0.1278, "2026-06-20", minute: 21 * 60, config: c)
        let day = try #require(input.days.first { $0.date == CivilDate(iso: "2026-06-20") })
        let qiyam = try #require(day.events.first { $0.kind == .special }).time
        let midnight = LocalMinute.instant(try #require(CivilDate(iso: "2026-06-21")), minute: 0, zone: input.zone)
        try #require(qiyam > midnight + 60, "the premise: Isha+120 falls after midnight")
        for t in [midnight - 3600, midnight + 60] {
            let s = try #require(ScreenModel.at(t, input).special)
            #expect(s.name == "Qiyam" && s.days == 0 && !s.happening, "\(s)")
        }
    }
}
