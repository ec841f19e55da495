import Testing
@testable import PrayerTimes

@Suite("new moon")
struct NewMoonTests {
    @Test("Meeus's example 49.a: the new moon of February 1977, JDE 2443192.65118 (18 Feb, 3h37m42s TD)")
    func meeusExample() {
        // k = -283; the instant found is UT: Delta T (the engine's) added back gives the example's TD.
        let t = NewMoon.instant(lunation: -283)
        let jde = 2_443_192.65118
        let unixTD = (jde - 2_440_587.5) * 86_400
        #expect(abs(t + deltaT(julianDay: jde) - unixTD) < 1, "\(t + deltaT(julianDay: jde) - unixTD) s off the example")
    }

    /// The 2025 new moons as NASA's phase tables (Espenak, eclipse.gsfc.nasa.gov, phases2001.html) give them, UT.
    static let nasa2025: [(Int, Int, Int, Int)] = [
        (1, 29, 12, 36), (2, 28, 0, 45), (3, 29, 10, 58), (4, 27, 19, 31), (5, 27, 3, 2), (6, 25, 10, 31),
        (7, 24, 19, 11), (8, 23, 6, 6), (9, 21, 19, 54), (10, 21, 12, 25), (11, 20, 6, 47), (12, 20, 1, 43),
    ]

    @Test("the twelve new moons of 2025 within two minutes of NASA's table, and found from any instant of their lunation")
    func year2025() throws {
        for (month, day, hour, minute) in Self.nasa2025 {
            let date = try #require(CivilDate(year: 2025, month: month, day: day))
            let want = date.unixMidnight + Double(hour * 3600 + minute * 60)
            let k = NewMoon.lunation(atOrBefore: want + 3600)
            #expect(abs(NewMoon.instant(lunation: k) - want) < 120, "\(date) \(hour):\(minute)")
            #expect(NewMoon.lunation(atOrBefore: want + 20 * 86_400) == k)
            #expect(NewMoon.lunation(atOrBefore: want - 3600) == k - 1)
        }
    }
}
