import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// Local wall time to instant on the days the clocks change. The zones are read from the TZif
/// files shipped with PrayerTimesTests (Fixtures/zoneinfo, tzdata 2026f), not the machine's, and
/// the expected instants come from their transitions as `zdump -v` prints them (2026):
/// London     2026-03-29 01:00 UTC GMT->BST (gap 01:00-02:00), 2026-10-25 01:00 UTC BST->GMT (01:00-02:00 twice)
/// New York   2026-03-08 07:00 UTC EST->EDT (gap 02:00-03:00), 2026-11-01 06:00 UTC EDT->EST (01:00-02:00 twice)
/// Cairo      2026-04-23 22:00 UTC EET->EEST (gap 00:00-01:00 on Friday 04-24), 2026-10-29 21:00 UTC EEST->EET (23:00-24:00 twice)
/// Sydney     2026-04-04 16:00 UTC AEDT->AEST (02:00-03:00 twice on 04-05), 2026-10-03 16:00 UTC AEST->AEDT (gap 02:00-03:00 on 10-04)
/// Jerusalem  2026-03-27 00:00 UTC IST->IDT (gap 02:00-03:00 on Friday 03-27)
@Suite("local wall time to instant across DST changes")
struct LocalInstantTests {
    /// Tests/PrayerTimesTests/Fixtures/zoneinfo.
    static let zoneinfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PrayerTimesTests/Fixtures/zoneinfo").path

    static func zone(_ name: String) throws -> ZoneRules { try ZoneRules.load(name, directory: zoneinfo) }

    /// UTC instant of "YYYY-MM-DD HH:MM" read as UTC.
    static func utc(_ date: String, _ hh: Int, _ mm: Int) -> Double {
        (CivilDate(iso: date)?.unixMidnight ?? .nan) + Double(hh * 3600 + mm * 60)
    }

    static let cases: [(zone: String, date: String, wall: String, utcDate: String, utcHH: Int, utcMM: Int, why: String)] = [
        ("Europe/London", "2026-10-25", "06:30", "2026-10-25", 6, 30, "after the fall-back: GMT"),
        ("Europe/London", "2026-10-25", "12:30", "2026-10-25", 12, 30, "after the fall-back: GMT"),
        ("Europe/London", "2026-10-25", "02:01", "2026-10-25", 2, 1, "after the repeated hour"),
        ("Europe/London", "2026-10-25", "01:30", "2026-10-25", 0, 30, "repeated: the first (BST) occurrence"),
        ("Europe/London", "2026-10-25", "00:00", "2026-10-24", 23, 0, "midnight, BST"),
        ("Europe/London", "2026-03-29", "06:30", "2026-03-29", 5, 30, "after the spring-forward: BST"),
        ("Europe/London", "2026-03-29", "01:30", "2026-03-29", 1, 30, "skipped: moved forward to 02:30 BST"),
        ("America/New_York", "2026-11-01", "06:30", "2026-11-01", 11, 30, "after the fall-back: EST"),
        ("America/New_York", "2026-11-01", "01:30", "2026-11-01", 5, 30, "repeated: the first (EDT) occurrence"),
        ("America/New_York", "2026-11-01", "02:01", "2026-11-01", 7, 1, "EST"),
        ("America/New_York", "2026-03-08", "06:30", "2026-03-08", 10, 30, "EDT"),
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08", 7, 30, "skipped: 03:30 EDT"),
        ("Africa/Cairo", "2026-10-30", "06:30", "2026-10-30", 4, 30, "the day after the fall-back: EET"),
        ("Africa/Cairo", "2026-10-30", "12:30", "2026-10-30", 10, 30, "EET"),
        ("Africa/Cairo", "2026-10-29", "23:30", "2026-10-29", 20, 30, "repeated: the first (EEST) occurrence"),
        ("Africa/Cairo", "2026-04-24", "00:00", "2026-04-23", 22, 0, "skipped midnight: the day starts at 01:00 EEST"),
        ("Africa/Cairo", "2026-04-24", "06:30", "2026-04-24", 3, 30, "EEST"),
        ("Australia/Sydney", "2026-04-05", "02:30", "2026-04-04", 15, 30, "repeated: the first (AEDT) occurrence"),
        ("Australia/Sydney", "2026-04-05", "06:30", "2026-04-04", 20, 30, "AEST"),
        ("Australia/Sydney", "2026-10-04", "02:30", "2026-10-03", 16, 30, "skipped: 03:30 AEDT"),
        ("Australia/Sydney", "2026-10-04", "06:30", "2026-10-03", 19, 30, "AEDT"),
        ("Asia/Jerusalem", "2026-03-27", "13:00", "2026-03-27", 10, 0, "IDT, a Friday"),
    ]

    @Test("the right instant on both transitions, repeated hour: first occurrence, skipped hour: moved forward",
          arguments: cases.indices)
    func instant(index: Int) throws {
        let c = Self.cases[index]
        let zone = try Self.zone(c.zone)
        let date = try #require(CivilDate(iso: c.date))
        let minute = try #require(TableReader.minutes(c.wall))
        let got = LocalMinute.instant(date, minute: minute, zone: zone)
        let want = Self.utc(c.utcDate, c.utcHH, c.utcMM)
        #expect(got == want, "\(c.zone) \(c.date) \(c.wall) (\(c.why)): off by \((got - want) / 60) min")
    }

    @Test("every wall time of a year that exists maps back to itself, in six zones (fixed iqamah times)",
          arguments: ["Europe/London", "America/New_York", "Africa/Cairo", "Australia/Sydney", "America/Santiago", "Asia/Jerusalem"])
    func roundTrip(zoneName: String) throws {
        let zone = try Self.zone(zoneName)
        let start = try #require(CivilDate(iso: "2026-01-01"))
        for d in 0..<365 {
            let date = start.adding(days: d)
            for minute in [0, 90, 150, 390, 750, 1380, 1439] {
                let t = LocalMinute.instant(date, minute: minute, zone: zone)
                let back = LocalTime(unix: t, zone: zone)
                let skipped = back.date != date || back.hour * 60 + back.minute != minute
                if skipped {
                    // Only a wall time in a gap may come back different: one hour (or the gap) later, same date.
                    let gap = zone.offset(at: t) - zone.offset(at: t - 86_400)
                    #expect(gap > 0 && back.hour * 60 + back.minute == minute + gap / 60,
                            "\(zoneName) \(date) \(minute / 60):\(minute % 60) came back as \(back.iso8601)")
                }
            }
        }
    }

    static func fixedConfig(dhuhrIqamah: Int = 12 * 60 + 30) -> SiteConfig {
        var c = SiteConfig()
        c.locationSource = .fixed
        c.iqamah = [.fajr: .fixed(6 * 60 + 30), .dhuhr: .fixed(dhuhrIqamah), .asr: .minutesAfterAdhan(10)]
        c.jumuah = [.fixed(13 * 60), .fixed(14 * 60 + 30)]
        return c
    }

    static let places: [String: (Double, Double)] = [
        "Europe/London": (51.5074, -0.1278), "America/New_York": (40.7128, -74.006), "Africa/Cairo": (30.0444, 31.2357),
        "Australia/Sydney": (-33.8688, 151.2093), "Asia/Jerusalem": (31.7683, 35.2137),
    ]

    static func events(_ zoneName: String, _ iso: String, _ config: SiteConfig) throws -> [PlannedEvent] {
        let zone = try Self.zone(zoneName)
        let date = try #require(CivilDate(iso: iso))
        let (lat, lon) = try #require(places[zoneName])
        let at = try #require(Coordinates(latitude: lat, longitude: lon))
        let s = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)
            .schedule(for: date, at: at, utcOffset: zone.offset(at: date.unixMidnight + 43_200), ramadan: false)
        return Planner.events(for: date, schedule: s, zone: zone, config: config)
    }

    /// Dhuhr's fixed iqamah: 12:30 on the fall-back days (the case that was dropped), 13:30 after
    /// the clocks went forward (Dhuhr itself is after 12:30 then).
    @Test("fixed iqamah for Fajr (06:30) and Dhuhr on fall-back and spring-forward days in four zones: at those wall times, none dropped",
          arguments: [("Europe/London", "2026-10-25", 12 * 60 + 30), ("Europe/London", "2026-03-29", 13 * 60 + 30),
                      ("America/New_York", "2026-11-01", 12 * 60 + 30), ("America/New_York", "2026-03-08", 13 * 60 + 30),
                      ("Africa/Cairo", "2026-10-30", 12 * 60 + 30), ("Africa/Cairo", "2026-04-24", 13 * 60 + 30),
                      ("Australia/Sydney", "2026-04-05", 12 * 60 + 30), ("Australia/Sydney", "2026-10-04", 13 * 60 + 30)])
    func fixedIqamah(zoneName: String, iso: String, dhuhrIqamah: Int) throws {
        let zone = try Self.zone(zoneName)
        let events = try Self.events(zoneName, iso, Self.fixedConfig(dhuhrIqamah: dhuhrIqamah))
        for (prayer, hhmm) in [(Prayer.fajr, (6, 30)), (.dhuhr, (dhuhrIqamah / 60, dhuhrIqamah % 60))] {
            let iq = events.filter { $0.kind == .iqamah && $0.prayer == prayer }
            let adhan = try #require(events.first { $0.kind == .adhan && $0.prayer == prayer })
            if prayer == .dhuhr, CivilDate(iso: iso)?.weekday == 5 { continue }  // Jumu'ah: see below
            #expect(iq.count == 1, "\(zoneName) \(iso) \(prayer) iqamah dropped (adhan \(LocalTime(unix: adhan.time, zone: zone).iso8601))")
            guard let e = iq.first else { continue }
            let l = LocalTime(unix: e.time, zone: zone)
            #expect(l.hour == hhmm.0 && l.minute == hhmm.1 && l.date.description == iso, "\(zoneName) \(prayer) iqamah at \(l.iso8601)")
            #expect(e.time > adhan.time)
        }
    }

    @Test("fixed Jumu'ah times on Fridays the clocks change (Cairo twice, Jerusalem): at their wall times",
          arguments: [("Africa/Cairo", "2026-04-24", 10 * 60, 11 * 60 + 30), ("Africa/Cairo", "2026-10-30", 11 * 60, 12 * 60 + 30),
                      ("Asia/Jerusalem", "2026-03-27", 10 * 60, 11 * 60 + 30)])
    func fixedJumuah(zoneName: String, iso: String, firstUTC: Int, secondUTC: Int) throws {
        #expect(CivilDate(iso: iso)?.weekday == 5)
        let events = try Self.events(zoneName, iso, Self.fixedConfig())
        let jumuah = events.filter { $0.kind == .adhan && $0.prayer == .dhuhr }.map(\.time)
        let midnight = try #require(CivilDate(iso: iso)).unixMidnight
        #expect(jumuah == [midnight + Double(firstUTC * 60), midnight + Double(secondUTC * 60)],
                "\(zoneName) \(iso): \(jumuah.map { ($0 - midnight) / 60 }) minutes after 00:00 UTC")
    }
}
