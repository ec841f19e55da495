import Testing
@testable import Compass

/// Stillness from headings alone: noise and a slow drift are still, a turn is not, and
/// across north (359 to 1) nothing moved.
@Suite("stillness from compass readings")
struct StillnessTests {
    @Test("readings within a degree of each other: still after 6 that agree; a 10-degree step ends it at once")
    func stillThenMoved() {
        var s = Stillness()
        let noise: [Double] = [0.4, -0.7, 0.2, 0.9, -0.3, -0.8, 0.5, 0.1]
        for (i, n) in noise.enumerated() {
            s.add(120 + n, dt: 0.04)
            #expect(s.isStill == (i >= 6), "after \(i + 1) readings")  // the first has nothing to agree with
        }
        s.add(130, dt: 0.125)
        #expect(!s.isStill)
    }

    @Test("across north, and a slow turn (1 degree a second, as `mihrab run` turns the simulated unit), are still")
    func wrapAndDrift() {
        var s = Stillness()
        for i in 0..<10 { s.add(i % 2 == 0 ? 359.5 : 0.5, dt: 0.04) }
        #expect(s.isStill)
        var d = Stillness()
        for i in 0..<40 { d.add((Double(i) * 0.125).truncatingRemainder(dividingBy: 360), dt: 0.125) }
        #expect(d.isStill)
        d.reset()
        #expect(!d.isStill)
    }
}
