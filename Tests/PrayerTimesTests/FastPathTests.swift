import Testing
@testable import PrayerTimes
#if canImport(Glibc)
import Glibc
#endif

/// The day-schedule's fast paths against simple references written here: Neri-Schneider's
/// days-to-date, the zones' bucketed transition index, and sinCos.
@Suite("the day-schedule's fast paths")
struct FastPathTests {
    /// The date of a day count by walking whole years and months (no shortcut formula).
    static func referenceDate(daysSinceEpoch: Int) -> (Int, Int, Int) {
        var year = 1970, days = daysSinceEpoch
        func yearLength(_ y: Int) -> Int { CivilDate.isLeap(y) ? 366 : 365 }
        while days < 0 { year -= 1; days += yearLength(year) }
        while days >= yearLength(year) { days -= yearLength(year); year += 1 }
        var month = 1
        while days >= CivilDate.daysInMonth(year: year, month: month) {
            days -= CivilDate.daysInMonth(year: year, month: month)
            month += 1
        }
        return (year, month, days + 1)
    }

    @Test("days to date (Neri-Schneider) round-trips every day of years -9999...9999 and walks like the reference")
    func daysToDate() throws {
        let first = CivilDate.daysSinceEpoch(year: -9999, month: 1, day: 1)
        let last = CivilDate.daysSinceEpoch(year: 9999, month: 12, day: 31)
        // The reference walk, once, incrementally: each day is the day before plus one.
        var (y, m, d) = FastPathTests.referenceDate(daysSinceEpoch: first)
        var wrong = 0
        for days in first...last {
            let date = CivilDate(daysSinceEpoch: days)
            if date.year != y || date.month != m || date.day != d || date.daysSinceEpoch != days
                || CivilDate(year: y, month: m, day: d)?.daysSinceEpoch != days {
                wrong += 1
            }
            d += 1
            if d > CivilDate.daysInMonth(year: y, month: m) { d = 1; m += 1 }
            if m > 12 { m = 1; y += 1 }
        }
        #expect(wrong == 0)
        // Beyond the fast path's range, Hinnant's formula: still the reference's dates.
        for days in [-CivilDate.neriSchneiderShift - 1, CivilDate.neriSchneiderShift, 20_000_000, -20_000_000] {
            let date = CivilDate(daysSinceEpoch: days)
            let (ry, rm, rd) = FastPathTests.referenceDate(daysSinceEpoch: days)
            #expect(date.year == ry && date.month == rm && date.day == rd, "\(days)")
        }
    }

    /// Real zones of the system's tzdata (and the shipped fixtures): the index's count of
    /// transitions at or before an instant is the binary search's, at every transition, a
    /// second either side, and at instants in between.
    @Test("the bucketed transition index equals the binary search over every transition",
          arguments: ["Europe/London", "America/New_York", "Australia/Sydney", "Asia/Jakarta", "Asia/Riyadh",
                      "America/Santiago", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Kiritimati"])
    func transitionIndex(zone: String) throws {
        // The system's file, and the shipped fixture of the zone when there is one.
        let fixture = (try? ZoneFixtures.load(zone)).map { [$0] } ?? []
        for rules in [try ZoneRules.load(zone)] + fixture {
            let index = TransitionIndex(rules.transitions)
            var instants: [Int64] = []
            for t in rules.transitions where t > -(1 << 40) { instants += [t - 1, t, t + 1] }
            if let a = rules.transitions.first(where: { $0 > -(1 << 40) }), let b = rules.transitions.last, b > a {
                instants += stride(from: a - 86_400 * 400, through: b + 86_400 * 400, by: 86_399 * 7).map { $0 }
            }
            #expect(!instants.isEmpty)
            for t in instants {
                let fast = index.count(atOrBefore: t, in: rules.transitions) ?? rules.transitionsAtOrBefore(t)
                #expect(fast == rules.transitionsAtOrBefore(t), "\(zone) at \(t)")
            }
        }
    }

    @Test("sinCos is within 2 units in the last place of libm's sin and cos, and floorInt is floor")
    func sinCosAndFloor() {
        var worst = 0.0
        var x = -2_000.0
        while x < 2_000 {
            let (s, c) = sinCos(x)
            worst = max(worst, abs(s - sin(x)) / Double.ulpOfOne, abs(c - cos(x)) / Double.ulpOfOne)
            x += 0.012_345_678_9
        }
        #expect(worst <= 2)
        for v in [-2.5, -2.0, -0.5, -0.0, 0.0, 0.5, 1.0, 1.999, 1_774_000_000.75, -1_774_000_000.25] {
            #expect(Double(floorInt(v)) == v.rounded(.down), "\(v)")
            #expect(roundedToEven(v) == v.rounded(.toNearestOrEven), "\(v)")
        }
    }
}
