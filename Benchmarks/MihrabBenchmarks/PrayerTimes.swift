import Benchmark
import PrayerTimes

/// Day-schedules for 100 places x 365 days of 2026. Each reported iteration is one
/// day-schedule (scaling factor 1000: a benchmark iteration computes 1000 of them,
/// cycling through the 36 500 place-days), so the time is per schedule and the
/// throughput is schedules per second.
let places: [(Coordinates, Int)] = (0..<100).compactMap { i in
    // A spread of latitudes -60...64 and longitudes all round the globe.
    let lat = -60.0 + Double(i * 37 % 100) * 1.25
    let lon = -180.0 + Double(i) * 3.6
    return Coordinates(latitude: lat, longitude: lon).map { ($0, Int((lon / 15).rounded()) * 3600) }
}
let firstDay = CivilDate(year: 2026, month: 1, day: 1) ?? CivilDate(daysSinceEpoch: 20_454)

func schedules(_ method: CalculationMethod) -> (Benchmark) -> Void {
    let calc = PrayerCalculator(parameters: method.parameters)
    var k = 0
    return { benchmark in
        for _ in benchmark.scaledIterations {
            let (at, offset) = places[k % places.count]
            let date = firstDay.adding(days: k / places.count % 365)
            blackHole(calc.schedule(for: date, at: at, utcOffset: offset))
            k += 1
        }
    }
}

/// A JAKIM zone's day: each time at its own point (six points, some shared), every zone in
/// turn; `derived`: Kedah's zones, each day its block's (about 30 days of the zone and of KDH01).
func zoneSchedules(derived: Bool) -> (Benchmark) -> Void {
    let calculators = JakimZone.all.filter { ($0.base != nil) == derived }.map { zone in
        var p = CalculationMethod.jakim.parameters
        zone.apply(to: &p)
        return (PrayerCalculator(parameters: p), zone.points.dhuhr.coordinates)
    }
    var k = 0
    return { benchmark in
        for _ in benchmark.scaledIterations {
            let (calc, at) = calculators[k % calculators.count]
            blackHole(calc.schedule(for: firstDay.adding(days: k / calculators.count % 365), at: at, utcOffset: 28_800))
            k += 1
        }
    }
}

func prayerTimeBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )
    Benchmark("day-schedule, mwl (100 places x 365 days)", configuration: config, closure: schedules(.mwl))
    Benchmark("day-schedule, moonsighting (100 places x 365 days)", configuration: config,
              closure: schedules(.moonsighting))
    Benchmark("day-schedule, a JAKIM zone's six points (54 zones x 365 days)", configuration: config,
              closure: zoneSchedules(derived: false))
    Benchmark("day-schedule, a Kedah zone derived from KDH01 (6 zones x 365 days)",
              configuration: Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3),
                                                     maxIterations: 2_000),
              closure: zoneSchedules(derived: true))
}

/// Per schedule, beside adhan-swift's (AdhanSwift.swift) in the same run.
var localScheduleConfiguration: Benchmark.Configuration {
    Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .throughput], scalingFactor: .kilo, maxDuration: .seconds(3),
                            maxIterations: 1_000)
}

/// The work of `ScheduleInstructions --six` (Benchmarks/instructions.sh): five places with
/// their zones, the 365 days of 2026 in turn, MWL, the six times as local date and time.
func localScheduleBenchmarks() {
    let sites: [(Double, Double, String)] = [
        (51.5074, -0.1278, "Europe/London"), (40.7128, -74.006, "America/New_York"),
        (-33.8688, 151.2093, "Australia/Sydney"), (-6.2, 106.85, "Asia/Jakarta"),
        (21.4225, 39.8262, "Asia/Riyadh"),
    ]
    let places: [(Coordinates, ZoneRules)] = sites.compactMap { lat, lon, name in
        guard let at = Coordinates(latitude: lat, longitude: lon), let zone = try? ZoneRules.load(name) else { return nil }
        return (at, zone)
    }
    let calculator = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)
    func digest(_ t: Double, _ zone: borrowing ZoneRules) -> Int {
        let l = LocalTime(unix: t, zone: zone)
        return l.date.day &* 86_400 &+ l.hour &* 3600 &+ l.minute &* 60 &+ l.second &+ l.offset
    }
    var k = 0
    Benchmark("day-schedule with local times, Mihrab (5 zoned places x 365 days, six times)",
              configuration: localScheduleConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            let (at, zone) = places[k / 365 % places.count]
            let date = firstDay.adding(days: k % 365)
            let s = calculator.schedule(for: date, at: at, utcOffset: zone.offset(at: date.unixMidnight + 43_200))
            blackHole(digest(s.fajr, zone) &+ digest(s.sunrise, zone) &+ digest(s.dhuhr, zone) &+ digest(s.asr, zone)
                &+ digest(s.maghrib, zone) &+ digest(s.isha, zone))
            k += 1
        }
    }
}
