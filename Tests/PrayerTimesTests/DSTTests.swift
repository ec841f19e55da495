import Testing
@testable import PrayerTimes

/// The 2026 DST change days: each time carries the offset zdump says is in force at that
/// instant, no prayer is given twice or skipped across the change, and the zone only
/// picks the day (the instants do not depend on it). Both read the shipped TZif files
/// (Fixtures/zoneinfo, tzdata 2026f), not the machine's.
@Suite("DST change days")
struct DSTTests {
    static let places: [(zone: String, lat: Double, lon: Double)] = [
        ("Europe/London", 51.5074, -0.1278), ("America/New_York", 40.7128, -74.006),
        ("Australia/Sydney", -33.8688, 151.2093), ("America/Santiago", -33.4489, -70.6693),
        ("Asia/Beirut", 33.8938, 35.5018),
    ]

    @Test("local times right on every 2026 change day", arguments: places.map(\.zone))
    func changeDays(zone name: String) throws {
        let place = try #require(Self.places.first { $0.zone == name })
        let zone = try ZoneFixtures.load(name)
        let reference = try ZdumpReference.lines(zone: name, fromYear: 2026, toYear: 2027)
        let changes = reference.enumerated().filter { i, line in i > 0 && line.offset != reference[i - 1].offset }
        #expect(changes.count == 2, "\(name): expected two changes in 2026")
        let at = try #require(Coordinates(latitude: place.lat, longitude: place.lon))
        let calc = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)

        func zdumpOffset(_ t: Double) -> Int {
            reference.last { $0.unix <= t }?.offset ?? reference[0].offset
        }
        for (_, change) in changes {
            let changeDay = LocalTime(unix: change.unix, zone: zone).date
            var previousIsha = -Double.infinity
            for day in -1...1 {
                let date = changeDay.adding(days: day)
                let s = calc.schedule(for: date, at: at, utcOffset: zone.offset(at: date.unixMidnight + 43_200))
                let times = [s.imsak, s.fajr, s.sunrise, s.dhuhr, s.asr, s.maghrib, s.isha]
                #expect(s.fajr > previousIsha, "\(name) \(date): Fajr not after the previous Isha")
                previousIsha = s.isha
                for (i, t) in times.enumerated() {
                    let local = LocalTime(unix: t, zone: zone)
                    #expect(local.offset == zdumpOffset(t), "\(name) \(date) time \(i): offset \(local.offset)")
                    if i > 0 { #expect(t > times[i - 1], "\(name) \(date): times out of order") }
                    // Imsak to Maghrib fall on the day itself.
                    if i < 6 { #expect(local.date == date, "\(name) \(date) time \(i) on \(local.date)") }
                }
                // The zone picks the day only: the offset of the day before gives the same instants.
                let other = calc.schedule(for: date, at: at, utcOffset: zdumpOffset(change.unix - 86_400))
                #expect(other == s, "\(name) \(date): instants depend on the offset")
            }
        }
    }
}
