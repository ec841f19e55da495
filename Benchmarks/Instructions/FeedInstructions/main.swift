// The year's calendar feed (`GET /calendar.ics?days=366`), N of them, for an instruction count
// under callgrind (Benchmarks/instructions.sh runs it with N and 2N and divides the difference
// by N, so that start-up cancels out): one request's work as the screen's server does it, from
// the query to the bytes, without the HTTP around it.
//
// Usage: feed-instructions N | feed-instructions print (one feed's bytes on standard output,
// to compare two builds' feeds byte for byte)
// The unit: a London mosque with an iqamah for each prayer and two Jumu'ah sessions, its
// language English, the feed asked on 1 January 2026 for 366 days (both changes of the clocks).
import PrayerTimes
import Screen
import UnitModel
#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    let bytes = Array("FeedInstructions: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
var config = SiteConfig()
config.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .minutesAfterAdhan(15), .asr: .minutesAfterAdhan(15),
                 .maghrib: .minutesAfterAdhan(5), .isha: .minutesAfterAdhan(15)]
config.jumuah = [.dhuhr, .fixed(13 * 60 + 30)]
config.screen.title = "East London Mosque"
config.screen.language = "en"
guard let position = Coordinates(latitude: 51.5176, longitude: -0.0653),
      let zone = try? ZoneRules.load("Europe/London"),
      let first = CivilDate(year: 2026, month: 1, day: 1) else { fail("cannot load Europe/London from \(ZoneRules.defaultDirectory)") }
let input = ScreenInput(config: config, zone: zone, days: [], trusted: true, position: position)
let wall = first.unixMidnight + 12 * 3600

if CommandLine.arguments.dropFirst().first == "print" {
    guard let feed = try? CalendarFeed.make(query: ["days": "366"], input: input, wall: wall) else { fail("the feed failed") }
    _ = feed.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    exit(0)
}
var bytes = 0
for _ in 0..<count {
    do {
        bytes &+= try CalendarFeed.make(query: ["days": "366"], input: input, wall: wall).count
    } catch {
        fail("the feed failed: \(error)")
    }
}
// Printed so that nothing above can be optimised away.
print(bytes)
