import PrayerTimes
import Testing
@testable import Service
import UnitModel

/// The plan alone: events in time order, each decided once, held while the clock is not
/// trusted, missed past the grace period; what the loop and the speaker next wait for.
@Suite("the day plan")
struct DayPlanTests {
    static func plan(decided: Set<String> = []) throws -> DayPlan {
        let config = UnitHarness.testConfig()
        let zone = ZoneRules.fixed(offset: 0)
        let date = try #require(CivilDate(year: 2026, month: 5, day: 5))
        let at = try #require(Coordinates(latitude: 51.5, longitude: -0.13))
        let calc = PrayerCalculator(parameters: config.parameters)
        let days = (-1...1).map { ScreenInput.Day.planned(date.adding(days: $0), at: at, zone: zone, config: config, calculator: calc) }
        var plan = DayPlan()
        #expect(plan.isOver(0) && plan.today == nil)
        plan.plan(days, start: 100, end: 200, isDecided: { decided.contains($0.id) }, playsFile: { $0.kind == .iqamah })
        return plan
    }

    @Test("decided once; nothing while the clock is not trusted; late beyond the grace period: missed")
    func decide() throws {
        var plan = try Self.plan()
        #expect(!plan.isOver(100) && plan.isOver(200) && plan.today?.date.day == 5)
        #expect(plan.events.map(\.time) == plan.events.map(\.time).sorted() && !plan.events.isEmpty)
        let fajr = try #require(plan.events.first { $0.kind == .adhan && $0.prayer == .fajr && $0.date.day == 5 })
        #expect(plan.decide(now: fajr.time, trusted: false, grace: 60).isEmpty)
        let now = plan.decide(now: fajr.time + 30, trusted: true, grace: 60)
        #expect(now.contains(AlertDecision(event: fajr, action: .fire)))
        #expect(plan.decide(now: fajr.time + 30, trusted: true, grace: 60).isEmpty, "once")
        let dhuhr = try #require(plan.events.first { $0.kind == .adhan && $0.prayer == .dhuhr && $0.date.day == 5 })
        #expect(plan.nextUndecided(after: fajr.time + 30)?.time ?? .infinity <= dhuhr.time)
        let late = plan.decide(now: dhuhr.time + 61, trusted: true, grace: 60)
        #expect(late.contains(AlertDecision(event: dhuhr, action: .miss)))
        #expect(plan.nextFileSound(after: dhuhr.time + 61)?.kind == .iqamah)
    }

    @Test("what the state file already decided is never decided again")
    func remembered() throws {
        let first = try Self.plan()
        let fajr = try #require(first.events.first { $0.kind == .adhan && $0.prayer == .fajr && $0.date.day == 5 })
        var plan = try Self.plan(decided: [fajr.id])
        #expect(!plan.decide(now: fajr.time, trusted: true, grace: 60).contains { $0.event == fajr })
    }
}
