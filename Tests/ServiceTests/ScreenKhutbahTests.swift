import Foundation
import PrayerTimes
import Testing
@testable import Service
@testable import UnitModel

/// Friday's khutbah screen (`[screen] khutbah_minutes`) and the dark page (the display's power
/// wanted off). Kuala Lumpur, Friday 27 November 2026: Jumu'ah at 13:00 and 14:00 (fixed in
/// the configuration), each iqamah 15 minutes after its adhan; the instants below are read off
/// that configuration, not computed by the code under test.
@Suite("Screen model, the khutbah and the dark page")
struct ScreenKhutbahTests {
    static func input(khutbah minutes: Int, _ edit: (inout SiteConfig) -> Void = { _ in }) throws -> ScreenInput {
        let c = ScreenModelTests.config {
            $0.jumuah = [.fixed(13 * 60), .fixed(14 * 60)]
            $0.screen.khutbahSeconds = Double(minutes) * 60
            edit(&$0)
        }
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let place = try #require(Coordinates(latitude: 3.139, longitude: 101.6869))
        let days = try ["2026-11-26", "2026-11-27", "2026-11-28"].map { iso in
            ScreenInput.Day.planned(try #require(CivilDate(iso: iso)), at: place, zone: zone, config: c,
                                    calculator: PrayerCalculator(parameters: c.parameters))
        }
        return ScreenInput(config: c, zone: zone, days: days, trusted: true, position: place)
    }

    /// A local time on the Friday, "13:00:00", as UTC seconds (Malaysia is UTC+8 all year).
    static func t(_ hms: String, day: Int = 27) throws -> Double {
        try #require(ISO8601DateFormatter().date(from: "2026-11-\(day)T\(hms)+08:00")).timeIntervalSince1970
    }

    static func phase(_ hms: String, _ input: ScreenInput) throws -> ScreenModel.Phase { ScreenModel.at(try t(hms), input).phase }

    @Test("Ten minutes of khutbah from each session's time, then the iqamah's countdown, the silence and the prayer as before")
    func tenMinutes() throws {
        let input = try Self.input(khutbah: 10)
        #expect(try Self.phase("12:59:59", input).kind == .reminder)
        #expect(try Self.phase("13:00:00", input) == .init(kind: .khutbah, prayer: .dhuhr, jumuah: true, start: "2026-11-27T13:00:00+08:00",
                                                            end: "2026-11-27T13:10:00+08:00", text: nil))
        #expect(try Self.phase("13:09:59", input).kind == .khutbah)
        // The khutbah over before the iqamah: its countdown shows again, to the silence minute.
        let countdown = try Self.phase("13:10:00", input)
        #expect(countdown.kind == .iqamah && countdown.jumuah && countdown.end == "2026-11-27T13:14:00+08:00")
        #expect(try Self.phase("13:14:00", input).kind == .silence)
        let prayer = try Self.phase("13:15:00", input)
        #expect(prayer.kind == .prayer && prayer.end == "2026-11-27T13:45:00+08:00")
        // The next iqamah is what the khutbah screen shows beside the clock.
        let m = ScreenModel.at(try Self.t("13:05:00"), input)
        #expect(m.next == .init(prayer: .dhuhr, jumuah: true, kind: .iqamah, at: "2026-11-27T13:15:00+08:00"))
        #expect(m.screenOn && !m.dark)
        // The second session has its own khutbah.
        #expect(try Self.phase("14:00:00", input) == .init(kind: .khutbah, prayer: .dhuhr, jumuah: true, start: "2026-11-27T14:00:00+08:00",
                                                            end: "2026-11-27T14:10:00+08:00", text: nil))
        #expect(try Self.phase("14:10:00", input).kind == .iqamah)
        // The relays keep the adhan and the countdown beneath the khutbah (it is the screen's alone).
        #expect(UnitCore.phases(at: try Self.t("13:02:00"), input).0 == [.adhan])
        #expect(UnitCore.phases(at: try Self.t("13:05:00"), input).0 == [.iqamah])
        #expect(UnitCore.phase(.khutbah) == nil)
    }

    @Test("A khutbah longer than the wait ends at the iqamah (over the silence minute); the prayer follows")
    func untilTheIqamah() throws {
        let input = try Self.input(khutbah: 30)
        let last = try Self.phase("13:14:59", input)
        #expect(last.kind == .khutbah && last.end == "2026-11-27T13:15:00+08:00")
        #expect(try Self.phase("13:15:00", input).kind == .prayer)
        // Without an iqamah for Dhuhr, the khutbah runs its whole length.
        let bare = try Self.input(khutbah: 30) { $0.iqamah[.dhuhr] = nil }
        #expect(try Self.phase("13:29:59", bare).kind == .khutbah && Self.phase("13:30:00", bare).kind == .normal)
    }

    @Test("khutbah_minutes = 0: no khutbah; nor on another day's Dhuhr, nor at Friday's Asr")
    func offAndOtherPrayers() throws {
        let off = try Self.input(khutbah: 0)
        let adhan = try Self.phase("13:00:00", off)
        #expect(adhan.kind == .adhan && adhan.jumuah)
        let input = try Self.input(khutbah: 10)
        let kinds = Set(try stride(from: Self.t("00:00:00", day: 26), to: Self.t("00:00:00", day: 29), by: 30).map {
            ScreenModel.at($0, input).phase
        }.filter { $0.kind == .khutbah }.map { $0.start ?? "" })
        #expect(kinds == ["2026-11-27T13:00:00+08:00", "2026-11-27T14:00:00+08:00"])
    }

    @Test("Outside the screen hours the khutbah wakes the screen, as the countdown it stands over would")
    func wakes() throws {
        let input = try Self.input(khutbah: 10) { $0.screen.on = .init(from: 4 * 60, to: 12 * 60) }
        #expect(ScreenModel.at(try Self.t("13:05:00"), input).screenOn)
        #expect(!ScreenModel.at(try Self.t("12:30:00"), input).screenOn)
    }

    @Test("The display's power wanted off: the model is dark and the screen off, in every phase")
    func dark() throws {
        var input = try Self.input(khutbah: 10)
        input.displayOff = true
        for hms in ["03:00:00", "12:55:00", "13:00:00", "13:05:00", "13:14:30", "13:20:00"] {
            let m = ScreenModel.at(try Self.t(hms), input)
            #expect(m.dark && !m.screenOn, "\(hms): \(m.phase.kind)")
        }
        // The phase is still known (the status and the relays do not follow the page's power).
        #expect(ScreenModel.at(try Self.t("13:00:00"), input).phase.kind == .khutbah)
        let json = String(decoding: try JSONEncoder().encode(ScreenModel.at(try Self.t("13:00:00"), input)), as: UTF8.self)
        #expect(json.contains(#""dark":true"#) && json.contains(#""kind":"khutbah""#))
    }
}
