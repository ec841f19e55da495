// adhan-swift's day-schedules with local times, N of them, for an instruction count under
// callgrind beside ScheduleInstructions (Benchmarks/instructions.sh runs both with N and 2N).
// The same work as `ScheduleInstructions --six`: the same five places with their zones, the
// same 365 days of 2026 cycled the same way, MWL, and the six times (Fajr, sunrise, Dhuhr, Asr,
// Maghrib, Isha) as wall-clock date and time in the place's zone, with the offset in force.
// adhan-swift has no imsak, and its SunnahTimes' middle and last third of the night run from
// Maghrib to the next Fajr (ours from sunset to the next sunrise): not the same instants, so
// both programs leave those out.
//
// Usage: AdhanInstructions N
import AdhanSwift
import Foundation

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
let sites: [(Double, Double, String)] = [
    (51.5074, -0.1278, "Europe/London"), (40.7128, -74.006, "America/New_York"),
    (-33.8688, 151.2093, "Australia/Sydney"), (-6.2, 106.85, "Asia/Jakarta"),
    (21.4225, 39.8262, "Asia/Riyadh"),
]
// Each place's calendar in its zone, made once (as an app holds one per place).
var places: [(Coordinates, Calendar)] = []
for (lat, lon, name) in sites {
    guard let zone = TimeZone(identifier: name) else {
        FileHandle.standardError.write(Data("AdhanInstructions: no time zone \(name)\n".utf8))
        exit(1)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    places.append((Coordinates(latitude: lat, longitude: lon), calendar))
}
let parameters = CalculationMethod.muslimWorldLeague.params
// 2026's days as (month, day), by arithmetic: the dates cost adhan-swift nothing here.
let monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
let days: [(Int, Int)] = monthLengths.enumerated().flatMap { m, n in (1...n).map { (m + 1, $0) } }

func digest(_ t: Date, _ calendar: Calendar) -> Int {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: t)
    let offset = calendar.timeZone.secondsFromGMT(for: t)
    return (c.day ?? 0) &* 86_400 &+ (c.hour ?? 0) &* 3600 &+ (c.minute ?? 0) &* 60 &+ (c.second ?? 0) &+ offset
}

func run(_ count: Int, _ places: [(Coordinates, Calendar)], _ parameters: CalculationParameters,
         _ days: [(Int, Int)]) -> Int {
    var sink = 0
    var k = 0
    while k < count {
        for (at, calendar) in places {
            for day in 0..<365 where k < count {
                let (month, dayOfMonth) = days[day]
                let date = DateComponents(year: 2026, month: month, day: dayOfMonth)
                if let p = PrayerTimes(coordinates: at, date: date, calculationParameters: parameters) {
                    sink &+= digest(p.fajr, calendar) &+ digest(p.sunrise, calendar) &+ digest(p.dhuhr, calendar)
                    sink &+= digest(p.asr, calendar) &+ digest(p.maghrib, calendar) &+ digest(p.isha, calendar)
                }
                k += 1
            }
        }
    }
    return sink
}

// Printed so that nothing above can be optimised away.
print(run(count, places, parameters, days))
