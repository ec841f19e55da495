import AdhanSwift
import Benchmark
import Foundation

/// The day-schedule beside adhan-swift's (vendored, Benchmarks/Instructions/AdhanSwift), the same
/// work on both sides as Benchmarks/instructions.sh counts: five places with their zones, the
/// 365 days of 2026 in turn, MWL, and the six times as wall-clock date and time in the place's
/// zone with the offset. Ours in PrayerTimes.swift ("day-schedule with local times, ..."); here
/// adhan-swift with Foundation's Calendar and TimeZone. Per schedule (scaling factor 1000).
func adhanSwiftBenchmarks() {
    let sites: [(Double, Double, String)] = [
        (51.5074, -0.1278, "Europe/London"), (40.7128, -74.006, "America/New_York"),
        (-33.8688, 151.2093, "Australia/Sydney"), (-6.2, 106.85, "Asia/Jakarta"),
        (21.4225, 39.8262, "Asia/Riyadh"),
    ]
    let places: [(AdhanSwift.Coordinates, Calendar)] = sites.compactMap { lat, lon, name in
        guard let zone = TimeZone(identifier: name) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return (AdhanSwift.Coordinates(latitude: lat, longitude: lon), calendar)
    }
    let parameters = CalculationMethod.muslimWorldLeague.params
    let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let days: [(Int, Int)] = monthLengths.enumerated().flatMap { m, n in (1...n).map { (m + 1, $0) } }
    func digest(_ t: Date, _ calendar: Calendar) -> Int {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: t)
        return (c.day ?? 0) &* 86_400 &+ (c.hour ?? 0) &* 3600 &+ (c.minute ?? 0) &* 60 &+ (c.second ?? 0)
            &+ calendar.timeZone.secondsFromGMT(for: t)
    }
    var k = 0
    Benchmark("day-schedule with local times, adhan-swift (5 zoned places x 365 days, six times)",
              configuration: localScheduleConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            let (at, calendar) = places[k / 365 % places.count]
            let (month, day) = days[k % 365]
            if let p = PrayerTimes(coordinates: at, date: DateComponents(year: 2026, month: month, day: day),
                                   calculationParameters: parameters) {
                blackHole(digest(p.fajr, calendar) &+ digest(p.sunrise, calendar) &+ digest(p.dhuhr, calendar)
                    &+ digest(p.asr, calendar) &+ digest(p.maghrib, calendar) &+ digest(p.isha, calendar))
            }
            k += 1
        }
    }
}
