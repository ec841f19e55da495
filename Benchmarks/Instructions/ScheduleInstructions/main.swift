// Day-schedules with local times, N of them, for an instruction count under callgrind
// (Benchmarks/instructions.sh runs it with N and 2N and divides the difference by N, so
// that start-up cancels out). Not a benchmark of the ordo-one plugin: that one takes every
// executable target directly under Benchmarks/, hence this one a level deeper.
//
// Usage: ScheduleInstructions [--six] N
// Each schedule: the zone's offset at the date's noon, `PrayerCalculator.schedule` (MWL),
// then the nine instants of the day (six times, imsak, midnight, last third) as local
// times through the zone's rules, as `mihrab times` and the screen show them. With --six,
// the six times only: the work AdhanInstructions does with adhan-swift, which has no imsak
// and whose night (SunnahTimes) runs from Maghrib to the next Fajr, not from sunset to the
// next sunrise as ours does (so those three are left out of both).
import PrayerTimes
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
let six = arguments.contains("--six")
let count = arguments.last.flatMap { Int($0) } ?? 0
// Five places, each with its real zone (two with northern DST, one with southern DST,
// two without): 1 825 place-days of 2026 that N cycles through, a place's year at a time.
let sites: [(Double, Double, String)] = [
    (51.5074, -0.1278, "Europe/London"), (40.7128, -74.006, "America/New_York"),
    (-33.8688, 151.2093, "Australia/Sydney"), (-6.2, 106.85, "Asia/Jakarta"),
    (21.4225, 39.8262, "Asia/Riyadh"),
]
var places: [(Coordinates, ZoneRules)] = []
for (lat, lon, name) in sites {
    guard let at = Coordinates(latitude: lat, longitude: lon), let zone = try? ZoneRules.load(name) else {
        let message = Array("ScheduleInstructions: cannot load \(name) from \(ZoneRules.defaultDirectory)\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(1)
    }
    places.append((at, zone))
}
let first = CivilDate(year: 2026, month: 1, day: 1)!
let calculator = PrayerCalculator(parameters: CalculationMethod.mwl.parameters)

func digest(_ t: Double, _ zone: ZoneRules) -> Int {
    let l = LocalTime(unix: t, zone: zone)
    return l.date.day &* 86_400 &+ l.hour &* 3600 &+ l.minute &* 60 &+ l.second &+ l.offset
}

func run(_ count: Int, _ places: [(Coordinates, ZoneRules)], from first: CivilDate,
         _ calculator: PrayerCalculator, six: Bool) -> Int {
    var sink = 0
    var k = 0
    while k < count {
        // A place's 365 days in a row: its rules are copied out of the array once for them all.
        for (at, zone) in places {
            for day in 0..<365 where k < count {
                let date = first.adding(days: day)
                let s = calculator.schedule(for: date, at: at, utcOffset: zone.offset(at: date.unixMidnight + 43_200))
                sink &+= digest(s.fajr, zone) &+ digest(s.sunrise, zone) &+ digest(s.dhuhr, zone) &+ digest(s.asr, zone)
                sink &+= digest(s.maghrib, zone) &+ digest(s.isha, zone)
                if !six { sink &+= digest(s.imsak, zone) &+ digest(s.midnight, zone) &+ digest(s.lastThird, zone) }
                k += 1
            }
        }
    }
    return sink
}

// Printed so that nothing above can be optimised away.
print(run(count, places, from: first, calculator, six: six))
