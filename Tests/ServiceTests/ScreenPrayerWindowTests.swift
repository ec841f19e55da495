import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// The screen's table marks the prayer the LEDs light and the one they blink for next
/// (PrayerWindow), not the next adhan event.
@Suite("the screen's current and next prayer are the LEDs'")
struct ScreenPrayerWindowTests {
    @Test("a Friday between the two Jumu'ah sessions: Dhuhr current, Asr next in the table (the countdown still goes to the second session)")
    func betweenJumuahSessions() throws {
        let c = ScreenModelTests.config { $0.jumuah = [.fixed(13 * 60), .fixed(14 * 60)] }
        let (_, input) = try ScreenModelTests.unit("Asia/Kuala_Lumpur", 3.139, 101.6869, "2026-11-27", config: c)
        let t = try #require(ISO8601DateFormatter().date(from: "2026-11-27T13:30:00+08:00")).timeIntervalSince1970
        let m = ScreenModel.at(t, input)
        #expect(m.table.rows.filter(\.current).map(\.prayer) == [.dhuhr])
        #expect(m.table.rows.filter(\.next).map(\.prayer) == [.asr])  // was "dhuhr" too: the second session's adhan
        #expect(m.next?.prayer == .dhuhr && m.next?.at == "2026-11-27T14:00:00+08:00")
        let window = PrayerWindow.at(t, days: input.days.map(\.schedule))
        #expect(window.current?.prayer == .dhuhr && window.next?.prayer == .asr)
    }
}
