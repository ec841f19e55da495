import Testing
@testable import ReferenceFit

@Suite("the shift sweep")
struct ShiftSweepTests {
    @Test("a model 90 s late on every day is put back on the minute by a shift between -120 and -60 s")
    func constantLate() {
        // Published 10:00 (minute 600) each day; the model says 10:00:30 + 90 s: rounded up, 10:02.
        let model = Array(repeating: 600.0 * 60 - 30 + 90, count: 10)
        let best = ShiftSweep.best(model: model, published: Array(repeating: 600, count: 10), in: -600...600)
        #expect(best.score.exact == 10)
        // On the minute: 35940 < t + s <= 36000, t = 36060: -120 < s <= -60; the middle kept.
        #expect(best.shift == -90)
        #expect(best.width == 60)
    }

    @Test("a range that cannot reach the minute keeps the nearest: within one, not exact")
    func bounded() {
        let model = Array(repeating: 36_060.0, count: 4)
        let best = ShiftSweep.best(model: model, published: Array(repeating: 600, count: 4), in: -50...0)
        #expect(best.score.exact == 0)
        #expect(best.score.withinOne == 4)
    }
}
