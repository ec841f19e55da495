import Testing
@testable import PrayerTimes

/// The times not to pray against the DE421 ephemeris (Fixtures/ephemeris-events.json,
/// skyfield + JPL DE421, airless, the Sun's centre at -0.833 degrees): each window's edges
/// from the fixture's sunrise, transit and sunset plus or minus the minutes, never from the
/// engine's own output.
@Suite("The times not to pray and Duha")
struct ForbiddenTimesTests {
    /// Mecca at the March equinox, London at the June solstice, Sydney in January.
    static let cases: [(lat: Double, lon: Double, date: String)] = [
        (21.4225, 39.8262, "2026-03-20"), (51.5074, -0.1278, "2026-06-21"), (-33.8688, 151.2093, "2026-01-15"),
    ]

    func fixture(_ lat: Double, _ lon: Double, _ date: String) throws -> EphemerisTests.Fixture.Case {
        try #require(EphemerisTests.fixture.cases.first { $0.lat == lat && $0.lon == lon && $0.date == date })
    }

    @Test("Three places and dates: every window's edge within 60 s of the ephemeris's sunrise + 15 min, transit - 10 min, sunset - 20 min and sunset; Duha between them",
          arguments: cases)
    func againstEphemeris(_ c: (lat: Double, lon: Double, date: String)) throws {
        let f = try fixture(c.lat, c.lon, c.date)
        let sunrise = try #require(f.events["sunrise"] ?? nil), transit = try #require(f.events["transit"] ?? nil)
        let sunset = try #require(f.events["sunset"] ?? nil)
        let date = try #require(CivilDate(iso: c.date)), at = try #require(Coordinates(latitude: c.lat, longitude: c.lon))
        // The fixture's own zone convention (EphemerisTests): whole hours from the longitude.
        let w = ForbiddenTimes(date: date, at: at, utcOffset: Int((c.lon / 15).rounded()) * 3600)
        let first = try #require(w.sunriseWindow), noon = try #require(w.zawal), last = try #require(w.sunsetWindow)
        let checks: [(String, Double, Double)] = [
            ("sunrise start", first.start, sunrise), ("sunrise end", first.end, sunrise + 15 * 60),
            ("zawal start", noon.start, transit - 10 * 60), ("zawal end (Dhuhr at the transit)", noon.end, transit),
            ("sunset start", last.start, sunset - 20 * 60), ("sunset end", last.end, sunset),
        ]
        for (name, got, truth) in checks {
            #expect(abs(got - truth) <= 60, "\(c.date) \(name): \(got) vs \(truth)")
        }
        let duha = try #require(w.duha)
        #expect(abs(duha.start - (sunrise + 15 * 60)) <= 60 && abs(duha.end - (transit - 10 * 60)) <= 60)
        #expect(w.windows.map(\.kind) == [.sunrise, .zawal, .sunset])
    }

    @Test("The minutes are the configured ones; the zawal ends at the unit's Dhuhr, never before the transit")
    func minutesAndDhuhr() throws {
        let date = try #require(CivilDate(iso: "2026-03-20")), at = try #require(Coordinates(latitude: 21.4225, longitude: 39.8262))
        let plain = ForbiddenTimes(date: date, at: at, utcOffset: 3 * 3600)
        let m = ForbiddenTimes.Minutes(afterSunrise: 20, beforeTransit: 5, beforeSunset: 15)
        let w = ForbiddenTimes(date: date, at: at, utcOffset: 3 * 3600, minutes: m, dhuhr: plain.transit + 4 * 60)
        let sunrise = try #require(w.sunrise), sunset = try #require(w.sunset)
        #expect(w.sunriseWindow == .init(kind: .sunrise, start: sunrise, end: sunrise + 1200))
        #expect(w.zawal == .init(kind: .zawal, start: w.transit - 300, end: w.transit + 240))
        #expect(w.sunsetWindow == .init(kind: .sunset, start: sunset - 900, end: sunset))
        let early = ForbiddenTimes(date: date, at: at, utcOffset: 3 * 3600, dhuhr: plain.transit - 120)
        #expect(early.zawal?.end == plain.transit)
        // Inside and outside.
        #expect(w.window(at: sunrise + 600)?.kind == .sunrise && w.window(at: sunrise + 1200) == nil)
        #expect(w.window(at: w.transit)?.kind == .zawal && w.window(at: w.transit - 301) == nil)
        #expect(w.window(at: sunset - 1)?.kind == .sunset && w.window(at: sunset) == nil)
    }

    @Test("Polar day (Tromsø at midsummer): no sunrise or sunset window, no Duha, the zawal still; polar night: nothing")
    func polar() throws {
        let at = try #require(Coordinates(latitude: 69.6492, longitude: 18.9553))
        let summer = ForbiddenTimes(date: try #require(CivilDate(iso: "2026-06-21")), at: at, utcOffset: 7200)
        #expect(summer.sunrise == nil && summer.sunset == nil && summer.sunriseWindow == nil && summer.sunsetWindow == nil)
        #expect(summer.duha == nil && summer.zawal != nil && summer.windows.map(\.kind) == [.zawal])
        let winter = ForbiddenTimes(date: try #require(CivilDate(iso: "2026-12-21")), at: at, utcOffset: 3600)
        #expect(winter.windows.isEmpty && winter.duha == nil && winter.window(at: winter.transit) == nil)
    }
}
