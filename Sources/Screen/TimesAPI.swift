import FoundationEssentials
import Glibc
import PrayerTimes
import Service
import UnitModel

/// `GET /api/v1/times?date=YYYY-MM-DD&days=N`: the schedule at the unit's position (or at its
/// JAKIM zone's points, `jakimZone`), in its zone, with the configured method, iqamah and Jumu'ah.
struct TimesResponse: Codable, Sendable {
    struct Day: Codable, Sendable {
        var date: String
        var fajr: String, sunrise: String, dhuhr: String, asr: String, maghrib: String, isha: String
        /// Iqamah per prayer, where one is configured.
        var iqamah: [String: String]
        /// Fridays: the Jumu'ah adhans (one to four).
        var jumuah: [String]?
    }

    var zone: String
    var latitude: Double
    var longitude: Double
    /// The JAKIM zone whose points give the times, not the position (nil, absent: none).
    var jakimZone: String?
    var days: [Day]

    static let maxDays = 366

    typealias Problem = QueryProblem

    static func make(query: [String: String], input: ScreenInput, wall: Double) throws(Problem) -> TimesResponse {
        let zone = input.zone
        var start = LocalTime(unix: wall, zone: zone).date
        if let s = query["date"] {
            guard let d = CivilDate(iso: s), (1900...2100).contains(d.year) else {
                throw .query("date: \(quoted(s)) is not a date as YYYY-MM-DD (1900 to 2100)")
            }
            start = d
        }
        let count = try QueryProblem.days(query, fallback: 1, maximum: maxDays)
        // A zone's times come from its own points: they need no position of the unit's.
        guard let position = input.config.parameters.place(unit: input.position),
              let planned = input.plannedDays(from: start, count: count) else { throw .noPosition }
        func iso(_ t: Double) -> String { LocalTime(unix: t, zone: zone).iso8601 }
        let days = planned.map { day -> Day in
            let date = day.date, s = day.schedule, events = day.events
            var iqamah: [String: String] = [:]
            for e in events where e.kind == .iqamah && e.index == 0 { iqamah[e.prayer.rawValue] = iso(e.time) }
            let friday = date.weekday == 5
            return Day(date: "\(date)", fajr: iso(s.fajr), sunrise: iso(s.sunrise), dhuhr: iso(s.dhuhr), asr: iso(s.asr),
                       maghrib: iso(s.maghrib), isha: iso(s.isha), iqamah: iqamah,
                       jumuah: friday ? events.filter { $0.kind == .adhan && $0.prayer == .dhuhr }.map { iso($0.time) } : nil)
        }
        return TimesResponse(zone: zone.identifier, latitude: position.latitude, longitude: position.longitude,
                             jakimZone: input.config.jakimZone, days: days)
    }
}
