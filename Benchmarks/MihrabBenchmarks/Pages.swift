import Benchmark
import PrayerTimes
import Screen
import UnitModel

/// What a phone's or a browser's request costs the unit: the calendar feed's longest (366
/// days) and the printed month, London, with two Jumu'ah sessions, iqamah times and two
/// special events. Both are served on the screen's own thread, never the loop's.
func pageBenchmarks() {
    let config = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
                                         maxDuration: .seconds(3), maxIterations: 100)
    var site = SiteConfig()
    site.jumuah = [.dhuhr, .fixed(13 * 60 + 30)]
    site.iqamah = [.fajr: .minutesAfterAdhan(20), .dhuhr: .minutesAfterAdhan(15), .asr: .minutesAfterAdhan(10),
                   .maghrib: .minutesAfterAdhan(5), .isha: .fixed(21 * 60)]
    site.events = [SpecialEvent(name: "Eid al-Fitr prayer", dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(450), .clock(540)]),
                   SpecialEvent(name: "Taraweeh", dates: .ramadanNights, times: [.relative(.isha, 20)])]
    site.screen.title = "East London Mosque"
    guard let zone = try? ZoneRules.load("Europe/London"), let london = Coordinates(latitude: 51.5074, longitude: -0.1278) else { return }
    let input = ScreenInput(config: site, zone: zone, days: [], trusted: true, position: london)
    let wall = 1_772_323_200.0  // 2026-03-01 00:00 UTC
    Benchmark("calendar feed, 366 days (GET /calendar.ics?days=366)", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? CalendarFeed.make(query: ["days": "366"], input: input, wall: wall))
        }
    }
    Benchmark("printed month, March 2026 (GET /timetable)", configuration: config) { benchmark in
        let request = PrintedMonth.Request(period: .month(year: 2026, month: 3), language: "en", digits: .western)
        for _ in benchmark.scaledIterations {
            blackHole(try? PrintedMonth.html(input, request, printed: CivilDate(daysSinceEpoch: 20_513)))
        }
    }
}
