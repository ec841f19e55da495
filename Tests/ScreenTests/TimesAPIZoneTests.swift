import PrayerTimes
import Service
import Testing
@testable import Screen
import UnitModel

@Suite("GET /api/v1/times with a JAKIM zone")
struct TimesAPIZoneTests {
    @Test("the zone's times, whatever the position, and the zone named in the answer")
    func zone() throws {
        var config = SiteConfig()
        config.parameters = CalculationMethod.jakim.parameters
        try #require(JakimZone.named("WLY01")).apply(to: &config.parameters)
        config.jakimZone = "WLY01"
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let london = try #require(Coordinates(latitude: 51.5, longitude: -0.1))
        let input = ScreenInput(config: config, zone: zone, days: [], trusted: true, position: london)
        let r = try TimesResponse.make(query: ["date": "2026-05-05"], input: input, wall: 0)
        #expect(r.jakimZone == "WLY01")
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let expected = PrayerCalculator(parameters: config.parameters)
            .schedule(for: date, at: try #require(Coordinates(latitude: 3.1, longitude: 101.7)), utcOffset: 8 * 3600)
        #expect(r.days.first?.fajr == LocalTime(unix: expected.fajr, zone: zone).iso8601)
        // No position yet (a GPS unit before its first fix): the zone's times all the same.
        let unplaced = try TimesResponse.make(query: ["date": "2026-05-05"], input: ScreenInput(config: config, zone: zone, days: [], trusted: true, position: nil), wall: 0)
        #expect(unplaced.days.first?.fajr == r.days.first?.fajr)

        config.jakimZone = nil
        let plain = try TimesResponse.make(query: [:], input: ScreenInput(config: config, zone: zone, days: [], trusted: true, position: london), wall: 0)
        #expect(plain.jakimZone == nil)
    }
}
