import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation
import UnitModel

@Suite("whole days in virtual time")
struct DayTests {
    static let days: [(zone: String, lat: Double, lon: Double, date: String)] = [
        ("Europe/London", 51.5074, -0.1278, "2026-03-29"),      // BST begins
        ("Europe/London", 51.5074, -0.1278, "2026-10-25"),      // BST ends
        ("America/New_York", 40.7128, -74.006, "2026-03-08"),   // EDT begins
        ("Australia/Sydney", -33.8688, 151.2093, "2026-04-05"), // AEDT ends
        ("America/Santiago", -33.4489, -70.6693, "2026-09-06"), // DST begins at midnight
        ("Asia/Riyadh", 21.4225, 39.8262, "2026-03-20"),
    ]

    @Test("every adhan, reminder, iqamah and sunrise warning starts the buzzer exactly once, within 50 ms",
          arguments: days.indices)
    func day(index: Int) throws {
        let d = Self.days[index]
        let date = try #require(CivilDate(iso: d.date))
        let unit = try UnitHarness(zone: d.zone, lat: d.lat, lon: d.lon, start: date.adding(days: -1), startMinute: 23 * 60)
        // From the hour before (so the day starts with the loop running) to the next morning.
        unit.run(untilWall: LocalMinute.instant(date.adding(days: 1), minute: 60, zone: unit.zone))
        let expected = unit.expectedEvents(on: date)
        #expect(expected.count == 5 * 3 + 1)
        let starts = unit.buzzerStarts
        for e in expected {
            let matches = starts.filter { $0 >= e.time - 0.001 && $0 - e.time <= 0.05 }
            #expect(matches.count == 1, "\(d.zone) \(e.id): \(matches.count) buzzer starts at \(e.time)")
        }
        // Nothing else sounded that day: one start per event.
        let dayStart = LocalMinute.instant(date, minute: 0, zone: unit.zone)
        let dayEnd = LocalMinute.instant(date.adding(days: 1), minute: 0, zone: unit.zone)
        let dayEvents = expected.filter { $0.time >= dayStart && $0.time < dayEnd }
        #expect(starts.filter { $0 >= dayStart && $0 < dayEnd }.count == dayEvents.count + unit.expectedEvents(on: date.adding(days: -1)).filter { $0.time >= dayStart && $0.time < dayEnd }.count)
        // Only events from before the unit started may be missed; none of the day's.
        let state = StateStore(directory: unit.stateDirectory).state
        for e in expected { #expect(state.events[e.id]?.state == .fired, "\(e.id)") }
    }

    @Test("restarts at random moments: no event twice, none missed")
    func restarts() throws {
        let date = try #require(CivilDate(iso: "2026-06-10"))
        let unit = try UnitHarness(zone: "Europe/Istanbul", lat: 41.0082, lon: 28.9784, start: date)
        var rng = SimulationRandom(seed: 1447)
        let end = LocalMinute.instant(date.adding(days: 1), minute: 0, zone: unit.zone)
        var t = unit.clock.wallNow()
        while t < end {
            t = min(end, t + 600 + rng.uniform() * 7200)
            unit.run(untilWall: t)
            unit.restart(downFor: rng.uniform() * 60)  // down for up to a minute: within the grace
        }
        unit.run(untilWall: end)
        let expected = unit.expectedEvents(on: date).filter { $0.time < end }
        let starts = unit.buzzerStarts
        for e in expected {
            let matches = starts.filter { $0 >= e.time - 0.001 && $0 - e.time <= 61 }
            #expect(matches.count == 1, "\(e.id): \(matches.count) starts")
        }
        let state = StateStore(directory: unit.stateDirectory).state
        for e in expected { #expect(state.events[e.id]?.state == .fired, "\(e.id)") }
    }

    @Test("clock steps: +1 h over an adhan misses it, -1 h never replays, +3 min within the grace fires it late")
    func clockSteps() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date)
        let asr = try #require(unit.expectedEvents(on: date).first { $0.prayer == .asr && $0.kind == .adhan })
        let maghrib = try #require(unit.expectedEvents(on: date).first { $0.prayer == .maghrib && $0.kind == .adhan })
        let isha = try #require(unit.expectedEvents(on: date).first { $0.prayer == .isha && $0.kind == .adhan })
        // +1 h from 10 minutes before Asr: Asr (and its reminder and iqamah) are jumped over.
        unit.run(untilWall: asr.time - 600)
        unit.clock.stepWall(by: 3600)
        unit.run(untilWall: asr.time + 3600 + 60)
        let state1 = StateStore(directory: unit.stateDirectory).state
        #expect(state1.events[asr.id]?.state == .missed)
        #expect(!unit.buzzerStarts.contains { abs($0 - asr.time) < 120 || abs($0 - (asr.time + 3600)) < 120 })
        // Maghrib fires; then -1 h: it must not sound again.
        unit.run(untilWall: maghrib.time + 10)
        let afterMaghrib = unit.buzzerStarts.count
        #expect(unit.buzzerStarts.contains { abs($0 - maghrib.time) < 0.05 })
        unit.clock.stepWall(by: -3600)
        unit.run(untilWall: maghrib.time + 10)
        #expect(unit.buzzerStarts.count == afterMaghrib)
        // +3 min from 90 s before Isha: 90 s late, inside the 2-minute grace: fired once, at the step.
        unit.run(untilWall: isha.time - 90)
        unit.clock.stepWall(by: 180)
        unit.run(untilWall: isha.time + 200)
        #expect(unit.buzzerStarts.filter { $0 >= isha.time && $0 <= isha.time + 91 }.count == 1)
        #expect(unit.core.clockSteps == 3)
    }

    @Test("a clock untrusted at boot holds the alerts; once set, what is within the grace fires, the rest is missed")
    func untrustedBoot() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date, synchronized: false)
        let events = unit.expectedEvents(on: date)
        let fajr = try #require(events.first { $0.prayer == .fajr && $0.kind == .adhan })
        unit.run(untilWall: fajr.time + 60)
        #expect(unit.buzzerStarts.isEmpty)
        #expect(unit.core.statusCondition == .clockUntrusted)
        // The status LED flashes the untrusted pattern (250 ms on, 250 ms off).
        let edges = unit.outputs[.status]?.edges.suffix(4).map(\.time) ?? []
        #expect(edges.count == 4 && abs(edges[1] - edges[0] - 0.25) < 1e-6)
        unit.sync.synchronized = true
        unit.run(untilWall: fajr.time + 90)
        #expect(unit.buzzerStarts.count == 1 && unit.buzzerStarts[0] >= fajr.time + 60)
        let state = StateStore(directory: unit.stateDirectory).state
        #expect(state.events[fajr.id]?.state == .fired)
        let reminder = try #require(events.first { $0.prayer == .fajr && $0.kind == .reminder })
        #expect(state.events[reminder.id]?.state == .missed)  // 11 minutes late: past the grace
    }

    @Test("gpsd absent all day: the configured position is used, the status LED says no fix, every adhan sounds")
    func noGPS() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        var c = UnitHarness.testConfig()
        c.locationSource = .gps
        let unit = try UnitHarness(zone: "Asia/Riyadh", lat: 21.4225, lon: 39.8262, start: date, config: c,
                                   position: [(at: 1, event: .status(.noDaemon("connection refused")))])
        unit.run(untilWall: LocalMinute.instant(date.adding(days: 1), minute: 0, zone: unit.zone))
        #expect(unit.core.positionSource == .configured)
        #expect(unit.core.statusCondition == .noFix)
        #expect(unit.core.gpsStatus == .noGpsd)
        let adhans = unit.expectedEvents(on: date).filter { $0.kind == .adhan }
        for a in adhans { #expect(unit.buzzerStarts.contains { abs($0 - a.time) < 0.05 }, "\(a.id)") }
    }
}
