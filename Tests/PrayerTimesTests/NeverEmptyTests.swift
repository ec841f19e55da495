import Testing
@testable import PrayerTimes

/// Every day of 2026 at every whole latitude from -89 to 89, at several longitudes:
/// six finite times in order, each time that came from a rule flagged, no crash.
@Suite("never empty, always in order")
struct NeverEmptyTests {
    static let longitudes: [Double] = [-157.8, -0.1, 39.8, 151.2]

    func check(_ method: CalculationMethod, polar: PolarRule, madhab: Madhab = .shafi) throws {
        var p = method.parameters
        p.polarRule = polar
        p.madhab = madhab
        p.rounding = .none
        let calc = PrayerCalculator(parameters: p)
        let start = try #require(CivilDate(year: 2026, month: 1, day: 1))
        var failures = 0
        var polarDays = 0
        for lon in Self.longitudes {
            let offset = Int((lon / 15).rounded()) * 3600
            for lat in -89...89 {
                let at = try #require(Coordinates(latitude: Double(lat), longitude: lon))
                var next = calc.schedule(for: start, at: at, utcOffset: offset)
                for day in 0..<365 {
                    let s = next
                    next = calc.schedule(for: start.adding(days: day + 1), at: at, utcOffset: offset)
                    let times = Prayer.allCases.map { s[$0] }
                    let ordered = s.fajr < s.sunrise && s.sunrise < s.dhuhr && s.dhuhr < s.asr
                        && s.asr < s.maghrib && s.maghrib < s.isha && s.isha <= next.fajr
                    if !times.allSatisfy(\.isFinite) || !ordered {
                        failures += 1
                        if failures <= 5 {
                            Issue.record("\(method) \(polar) lat \(lat) lon \(lon) \(s.date): \(times) next fajr \(next.fajr)")
                        }
                    }
                    if s.resolved[.sunrise] != nil {
                        polarDays += 1
                        // On polar days every time but Dhuhr came from the rule, and says so.
                        for prayer in [Prayer.fajr, .sunrise, .asr, .maghrib, .isha] {
                            #expect(s.resolved[prayer] == (polar == .nearestDay ? .nearestDay : .nearestLatitude))
                        }
                        #expect(s.resolved[.dhuhr] == nil)
                    }
                }
            }
        }
        #expect(failures == 0)
        // Polar day or night somewhere above 66.5 degrees every day of the year.
        #expect(polarDays > 365 * 4)
    }

    @Test("mwl, nearest-latitude polar rule") func mwl() throws { try check(.mwl, polar: .nearestLatitude) }
    @Test("umm-al-qura (interval Isha), nearest-day, hanafi") func ummAlQura() throws {
        try check(.ummAlQura, polar: .nearestDay, madhab: .hanafi)
    }
    @Test("moonsighting") func moonsighting() throws { try check(.moonsighting, polar: .nearestLatitude) }
}
