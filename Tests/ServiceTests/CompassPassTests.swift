import Foundation
import HAL
import PrayerTimes
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// Most passes of a unit with a compass read the compass alone (UnitCore.compassPass); the
/// events between them must still sound on time, exactly once.
@Suite("passes for the compass alone")
struct CompassPassTests {
    @Test("with the compass read between full passes, every event of an afternoon starts the buzzer once, within 50 ms")
    func eventsBetweenCompassPasses() throws {
        let date = try #require(CivilDate(iso: "2026-03-29"))  // the day BST begins
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 11 * 60,
                                   withCompass: true)
        let from = LocalMinute.instant(date, minute: 11 * 60 + 5, zone: unit.zone)
        let until = LocalMinute.instant(date, minute: 18 * 60, zone: unit.zone)
        unit.run(untilWall: until)
        #expect(unit.core.accuracy != .unreliable, "the compass was read")
        #expect([BoardConfig.Output.qiblaLeft, .qiblaAligned, .qiblaRight].contains { unit.outputs[$0]?.state == true })
        let expected = unit.expectedEvents(on: date).filter { $0.time >= from && $0.time < until }
        #expect(expected.count >= 6, "Dhuhr's and Asr's reminder, adhan and iqamah at least")
        let starts = unit.buzzerStarts.filter { $0 >= from }
        for e in expected {
            let matches = starts.filter { $0 >= e.time - 0.001 && $0 - e.time <= 0.05 }
            #expect(matches.count == 1, "\(e.id): \(matches.count) buzzer starts at \(e.time)")
        }
        #expect(starts.count == expected.count, "nothing else sounded")
    }

    @Test("a pass late by more than a compass period reads the chips once and keeps the compass's cadence")
    func latePass() throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 600,
                                   withCompass: true)
        unit.run(untilWall: unit.clock.wallNow() + 5)
        let bus = try #require(unit.compass?.2)
        let period = 1 / unit.config.compassRate
        // The loop held up for 3.3 s (many periods at this rate), then a pass.
        unit.clock.advance(by: 3.3)
        var before = bus.transactions
        let next = unit.core.tick()
        #expect(bus.transactions > before, "the late pass read the compass")
        // Another pass at the same instant (the compass-only pass handing over to a full one
        // does this) must not read the chips again.
        before = bus.transactions
        _ = unit.core.tick()
        #expect(bus.transactions == before, "\(bus.transactions - before) more transactions at the same instant")
        let wait = next - unit.clock.monotonicNow()
        #expect(wait > 0 && wait <= period + 1e-9, "the next pass within a compass period, not up to a second away: \(wait) s")
    }
}

/// The loop's lateness histogram against figures worked out from its inputs.
@Suite("loop lateness histogram")
struct LoopStatsTests {
    @Test("median, p99 and max of 1..1000 us: within a bucket (12.5%) above the true values, never below")
    func percentiles() throws {
        var stats = LoopStats()
        #expect(stats.percentile(0.5) == nil, "nothing timed yet")
        for us in 1...1000 { stats.recordTimed(lateness: Double(us) / 1e6) }
        stats.recordEarly()
        stats.recordOverrun()
        #expect(stats.timedWakes == 1000 && stats.earlyWakes == 1 && stats.overruns == 1)
        let p50 = try #require(stats.percentile(0.5)) * 1e6, p99 = try #require(stats.percentile(0.99)) * 1e6
        #expect(p50 >= 500 && p50 <= 500 * 1.125 + 1, "p50 \(p50)")
        #expect(p99 >= 990 && p99 <= 1000, "p99 \(p99) (capped at the max)")
        #expect(abs(stats.maxLateness - 0.001) < 1e-12)
    }

    @Test("every value falls in a bucket whose top is above it and within 12.5% (+1 us) of it")
    func buckets() {
        for us: UInt64 in [0, 1, 15, 16, 17, 31, 32, 33, 100, 999, 1000, 65_535, 1_000_000, 123_456_789] {
            let top = LoopStats.upperEdge(LoopStats.bucket(us))
            #expect(top > Double(us) && top <= Double(us) * 1.125 + 1, "\(us) us: bucket top \(top)")
        }
    }
}

/// The compass read more slowly while the unit stands still, at its full rate while it turns.
@Suite("the compass at rest")
struct CompassRestTests {
    /// The virtual monotonic times the world was asked for the unit's attitude (once per chip per sample).
    final class Asked {
        var times: [Double] = []
        /// The readings' times: both chips are asked at the same virtual instant.
        var readings: [Double] { times.enumerated().filter { $0.offset == 0 || times[$0.offset - 1] != $0.element }.map(\.element) }
    }

    /// A unit at 25 Hz turned by `yaw(t)` (t: monotonic seconds, 0 at the start), run for `seconds`.
    private func run(_ yaw: @escaping (Double) -> Double, seconds: Double) throws -> (Asked, UnitHarness) {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let asked = Asked()
        var config = UnitHarness.testConfig()
        config.compassRate = 25
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 600, config: config,
                                   withCompass: true, attitude: { t in
                                       asked.times.append(t)
                                       return (yaw(t), 0, 0)
                                   })
        unit.run(untilWall: unit.clock.wallNow() + seconds)
        return (asked, unit)
    }

    private func perSecond(_ asked: Asked, from: Double, to: Double) -> Double {
        Double(asked.readings.filter { $0 >= from && $0 < to }.count) / (to - from)
    }

    @Test("standing still at 25 Hz the chips are read every 0.125 s; turning (30 degrees a second), 25 times a second")
    func restsWhenStill() throws {
        let (still, resting) = try run({ _ in 40 }, seconds: 13)
        #expect(resting.core.compassResting)
        let rate = perSecond(still, from: 3, to: 13)
        #expect(abs(rate - 1 / UnitCore.stillCompassPeriod) < 0.5, "\(rate) readings a second while still")
        let (turning, moving) = try run({ t in (40 + 30 * t).truncatingRemainder(dividingBy: 360) }, seconds: 13)
        #expect(!moving.core.compassResting)
        let full = perSecond(turning, from: 3, to: 13)
        #expect(abs(full - 25) < 0.5, "\(full) readings a second while turning")
    }

    @Test("a unit at rest turned a quarter turn: the first reading after the turn brings the full rate back at once")
    func wakesAtTheTurn() throws {
        let (asked, unit) = try run({ t in t < 8 ? 40 : 130 }, seconds: 10)
        let readings = asked.readings
        let before = readings.filter { $0 >= 6 && $0 < 8 }
        let gaps = zip(before.dropFirst(), before).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - UnitCore.stillCompassPeriod) < 1e-6 }, "at rest before the turn: \(gaps)")
        let first = try #require(readings.first { $0 >= 8 })
        #expect(first - 8 <= UnitCore.stillCompassPeriod + 1e-9, "read \(first - 8) s after the turn")
        let next = try #require(readings.first { $0 > first })
        #expect(abs(next - first - 1 / unit.config.compassRate) < 1e-6, "the next reading \(next - first) s later")
    }
}
