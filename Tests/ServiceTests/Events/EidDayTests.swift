import Foundation
import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// Eid by the Hijri date, moved by the local sighting's offset, in three zones. The right day
/// comes from ICU's Umm al-Qura calendar (Foundation's `.islamicUmmAlQura`), not from ours.
@Suite("special events: Eid and the nights of Ramadan")
struct EidDayTests {
    /// ICU's civil date of a Hijri (Umm al-Qura) date.
    static func icu(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate {
        var hijri = Calendar(identifier: .islamicUmmAlQura)
        hijri.timeZone = try #require(TimeZone(identifier: "UTC"))
        let instant = try #require(hijri.date(from: DateComponents(year: year, month: month, day: day, hour: 12)))
        return CivilDate(daysSinceEpoch: Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    static func config(offset: Int) throws -> SiteConfig {
        var c = UnitHarness.testConfig()
        c.hijriOffset = offset
        c.patterns["takbir"] = [1300]
        c.events = [
            SpecialEvent(name: "Takbir", dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(6 * 60 + 30)], sound: "takbir"),
            SpecialEvent(name: "Eid al-Fitr prayer", dates: .hijri(year: 1448, month: 10, day: 1), times: [.clock(7 * 60 + 30), .clock(9 * 60)]),
        ]
        c.sound.eventSources = ["takbir": .pattern("takbir")]
        return c
    }

    static let places: [(zone: String, lat: Double, lon: Double, offset: Int)] = [
        ("Europe/London", 51.5074, -0.1278, -1), ("Asia/Kuala_Lumpur", 3.139, 101.6869, 0), ("America/New_York", 40.7128, -74.006, 1),
    ]

    @Test("1 Shawwal 1448: the takbir sounds once and the Eid prayer is counted down on the right day, offset -1, 0 and +1",
          arguments: places.indices)
    func eid(index: Int) throws {
        let p = Self.places[index]
        // The sighting's offset moves the Hijri date: +1 makes 1 Shawwal a day earlier.
        let eid = try Self.icu(1448, 10, 1).adding(days: -p.offset)
        // From the eve of Eid (a pass a second: nothing here needs the compass's cadence).
        var config = try Self.config(offset: p.offset)
        config.compassRate = 1
        let unit = try UnitHarness(zone: p.zone, lat: p.lat, lon: p.lon, start: eid.adding(days: -1), startMinute: 22 * 60, config: config)
        // The eve: the next special event is tomorrow's takbir, counted in days.
        unit.run(untilWall: LocalMinute.instant(eid.adding(days: -1), minute: 23 * 60, zone: unit.zone))
        let before = ScreenModel.at(unit.clock.wallNow(), unit.core.screenInput)
        #expect(before.special?.name == "Takbir" && before.special?.days == 1, "\(p.zone): \(String(describing: before.special))")
        // After Isha the table is tomorrow's: Eid's rows on its eve.
        #expect(before.table.day == .tomorrow && before.table.events.map(\.name) == ["Takbir", "Eid al-Fitr prayer"], "\(p.zone)")
        // A restart 30 s after the takbir, within the grace it could fire in again: it does not.
        let takbir = LocalMinute.instant(eid, minute: 6 * 60 + 30, zone: unit.zone)
        unit.run(untilWall: takbir + 30)
        unit.restart()
        // Five minutes before the first Eid prayer: full screen, counted down to it.
        let prayer = LocalMinute.instant(eid, minute: 7 * 60 + 30, zone: unit.zone)
        unit.run(untilWall: prayer - 300)
        let countdown = ScreenModel.at(unit.clock.wallNow(), unit.core.screenInput)
        #expect(countdown.phase.kind == .event && countdown.phase.text == "Eid al-Fitr prayer", "\(p.zone): \(countdown.phase)")
        #expect(countdown.phase.end == LocalTime(unix: prayer, zone: unit.zone).iso8601)
        #expect(countdown.screenOn)
        #expect(countdown.table.events.map(\.name) == ["Takbir", "Eid al-Fitr prayer"])
        #expect(countdown.table.events.last?.times.count == 2)
        #expect(countdown.special?.name == "Eid al-Fitr prayer" && countdown.special?.days == 0 && countdown.special?.happening == false)
        unit.run(untilWall: LocalMinute.instant(eid, minute: 9 * 60 + 5, zone: unit.zone))
        let starts = unit.buzzerStarts.filter { abs($0 - takbir) < 0.05 }
        #expect(starts.count == 1, "\(p.zone): the takbir sounded \(starts.count) times at \(takbir)")
        let state = StateStore(directory: unit.stateDirectory).state
        let fired = state.events.keys.filter { $0.contains("/event/") }.sorted()
        #expect(fired == ["\(eid)/event/eid-al-fitr-prayer/07:30", "\(eid)/event/eid-al-fitr-prayer/09:00", "\(eid)/event/takbir/06:30"], "\(p.zone)")
        let record = try String(contentsOfFile: unit.recordPath, encoding: .utf8)
        #expect(record.split(separator: "\n").filter { $0.contains("\"name\":\"Takbir\"") }.count == 1,
                "\(p.zone): the first daemon recorded the takbir once, before its restart")
    }

    @Test("Eid on ICU's day in three zones with each of the offsets -1, 0 and +1; the takbir of its eve on the evening before")
    func eidEverywhere() throws {
        for p in Self.places {
            let zone = try ZoneRules.load(p.zone)
            let place = try #require(Coordinates(latitude: p.lat, longitude: p.lon))
            for offset in -1...1 {
                var c = try Self.config(offset: offset)
                c.events.append(SpecialEvent(name: "Takbir of the eve", dates: .hijri(year: nil, month: 10, day: 1, eve: true), times: [.relative(.maghrib, 10)]))
                let calc = PrayerCalculator(parameters: c.parameters)
                let eid = try Self.icu(1448, 10, 1).adding(days: -offset)
                var found: [String: [CivilDate]] = [:]
                for i in -5...5 {
                    let date = eid.adding(days: i)
                    for e in ScreenInput.Day.planned(date, at: place, zone: zone, config: c, calculator: calc).events where e.kind == .special {
                        found[e.name ?? "", default: []].append(date)
                    }
                }
                #expect(found["Eid al-Fitr prayer"] == [eid, eid], "\(p.zone) offset \(offset)")
                #expect(found["Takbir"] == [eid], "\(p.zone) offset \(offset)")
                #expect(found["Takbir of the eve"] == [eid.adding(days: -1)], "\(p.zone) offset \(offset)")
            }
        }
    }

    @Test("taraweeh soon after Isha's iqamah never hides Isha's prayer: its countdown only once the prayer's span is over")
    func taraweehAfterIsha() throws {
        let zone = try ZoneRules.load("Europe/London")
        var c = try Self.config(offset: 0)
        c.iqamah[.isha] = .minutesAfterAdhan(15)
        c.screen.prayerSeconds = 300
        c.events = [SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 30)])]
        let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let date = try Self.icu(1448, 9, 10)
        let day = ScreenInput.Day.planned(date, at: place, zone: zone, config: c, calculator: PrayerCalculator(parameters: c.parameters))
        let input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
        let isha = day.schedule.isha
        // The countdown (10 min) would begin at isha+20, inside the iqamah's prayer (isha+15 to +20) and after.
        #expect(ScreenModel.at(isha + 14 * 60, input).phase.kind == .silence)
        #expect(ScreenModel.at(isha + 17 * 60, input).phase.kind == .prayer)
        let after = ScreenModel.at(isha + 25 * 60, input).phase
        #expect(after.kind == .event && after.text == "Taraweeh")
    }

    @Test("taraweeh on each night of Ramadan 1448 and on no other, qiyam at 02:30 on each of its mornings; Eid's date, offsets -1, 0 and +1")
    func nights() throws {
        let zone = try ZoneRules.load("Europe/London")
        for offset in -1...1 {
            var c = try Self.config(offset: offset)
            c.events.append(SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 20)]))
            // A time after midnight is the night's that began at the Maghrib before it.
            c.events.append(SpecialEvent(name: "Qiyam", dates: .ramadanNights, times: [.clock(2 * 60 + 30)]))
            let calc = PrayerCalculator(parameters: c.parameters)
            let place = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
            // The eve of 1 Ramadan to the eve of the last day of Ramadan (ICU), moved by the offset.
            let first = try Self.icu(1448, 9, 1).adding(days: -1 - offset), eid = try Self.icu(1448, 10, 1).adding(days: -offset)
            let start = try #require(CivilDate(iso: "2027-01-25")), end = try #require(CivilDate(iso: "2027-03-25"))
            var nights: [CivilDate] = [], eids: [CivilDate] = [], mornings: [CivilDate] = []
            for i in 0..<(end.daysSinceEpoch - start.daysSinceEpoch) {
                let date = start.adding(days: i)
                let day = ScreenInput.Day.planned(date, at: place, zone: zone, config: c, calculator: calc)
                let taraweeh = day.events.filter { $0.name == "Taraweeh" }
                if let t = taraweeh.first {
                    nights.append(date)
                    #expect(taraweeh.count == 1 && t.time == day.schedule.isha + 1200)
                    let input = ScreenInput(config: c, zone: zone, days: [day], trusted: true, position: place)
                    #expect(ScreenModel.at(day.schedule.dhuhr, input).table.events.map(\.name).contains("Taraweeh"))
                }
                if day.events.contains(where: { $0.name == "Eid al-Fitr prayer" }) { eids.append(date) }
                if day.events.contains(where: { $0.name == "Qiyam" }) { mornings.append(date) }
            }
            let expected = (0..<(eid.daysSinceEpoch - first.daysSinceEpoch - 1)).map { first.adding(days: $0) }
            #expect(nights == expected, "offset \(offset): \(nights.first.map { "\($0)" } ?? "none") to \(nights.last.map { "\($0)" } ?? "none")")
            #expect(eids == [eid], "offset \(offset)")
            // Qiyam at 02:30: the mornings of the fast days, the first fast's to the last's.
            #expect(mornings == expected.map { $0.adding(days: 1) }, "offset \(offset)")
        }
    }
}
