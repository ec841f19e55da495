import PrayerTimes
import Service
import UnitModel

/// A printed month (or Ramadan) as data: one row per local day, planned as the unit plans it
/// (`ScreenInput.plannedDays`), before any words or layout. `MonthHTML` renders it.
struct MonthSheet: Sendable {
    /// One adhan and the iqamah planned after it (Jumu'ah has one of these per session).
    struct Session: Sendable, Equatable {
        var adhan: Double
        var iqamah: Double?
    }

    /// A line a row carries beside its prayers: a special event's name and times ("Taraweeh
    /// 21:30", "Eid prayer 07:30, 09:00"). See `MonthSheet.extras(of:)`.
    struct Extra: Sendable, Equatable {
        var name: String
        var times: [Double]
        /// Every night of Ramadan (taraweeh): the Ramadan page's column, not a line under each
        /// of a month's rows.
        var nightly = false
    }

    /// The clocks change during the day: its offset at its start and at its end differ.
    struct ClockChange: Sendable, Equatable {
        var from: String
        var to: String
    }

    struct Row: Sendable {
        var date: CivilDate
        var hijri: HijriDate
        var friday: Bool
        var clockChange: ClockChange?
        var source: ScreenInput.Day.Source
        var imsak: Double
        /// Fajr, sunrise, Dhuhr (on Fridays the Jumu'ah sessions), Asr, Maghrib, Isha.
        var prayers: [Prayer: [Session]]
        var extras: [Extra]
        /// Duha's start (`[screen] show_duha`): the end of the sunrise window (nil: off, or no sunrise).
        var duha: Double? = nil

        /// The extras a page prints: all on the Ramadan page; on a month's, not the nightly ones.
        func extras(ramadan: Bool) -> [Extra] { ramadan ? extras : extras.filter { !$0.nightly } }
    }

    /// Where the times come from, for the footer.
    enum Source: Sendable, Equatable {
        case method(CalculationMethod)
        case jakim(String)
        /// Every day from the configured timetable.
        case timetable
        /// Some days from the timetable, the others computed with the method.
        case timetableAndMethod(CalculationMethod)
    }

    var period: PrintedPeriod
    var title: String?
    var zone: ZoneRules
    var position: Coordinates
    var source: Source
    var rows: [Row]

    /// Nil: no place to compute times for (no position, and no JAKIM zone).
    static func make(_ input: ScreenInput, period: PrintedPeriod) -> MonthSheet? {
        let config = input.config
        let (first, count) = period.days(hijriOffset: config.hijriOffset)
        guard let place = config.parameters.place(unit: input.position),
              let planned = input.plannedDays(from: first.adding(days: -1), count: count + 1) else { return nil }
        let days = Array(planned.dropFirst())
        var rows = days.map { row(of: $0, zone: input.zone, hijriOffset: config.hijriOffset) }
        if config.screen.showDuha {
            for i in rows.indices { rows[i].duha = days[i].forbidden?.duha?.start }
        }
        if case .ramadan = period {
            // The Hijri day begins at Maghrib: a fast day's night (taraweeh, qiyam) runs from the
            // Maghrib before it to its own, so the first row has the first night's.
            for i in rows.indices {
                let eve = planned[i], day = planned[i + 1]
                let night = eve.events.filter { $0.nightly && $0.time >= eve.schedule.maghrib }
                    + day.events.filter { !$0.nightly || $0.time < day.schedule.maghrib }
                rows[i].extras = extras(night)
            }
        }
        let method = config.parameters.method
        let source: Source
        if let zone = config.jakimZone {
            source = .jakim(zone)
        } else if rows.contains(where: { $0.source == .timetable }) {
            source = rows.allSatisfy { $0.source == .timetable } ? .timetable : .timetableAndMethod(method)
        } else {
            source = .method(method)
        }
        return MonthSheet(period: period, title: config.screen.title, zone: input.zone, position: place, source: source, rows: rows)
    }

    static func row(of day: ScreenInput.Day, zone: ZoneRules, hijriOffset: Int) -> Row {
        let s = day.schedule, date = day.date
        func iqamah(_ p: Prayer, _ index: Int) -> Double? {
            day.events.first { $0.kind == .iqamah && $0.prayer == p && $0.index == index }?.time
        }
        var prayers: [Prayer: [Session]] = [.sunrise: [Session(adhan: s.sunrise)]]
        for p in SiteConfig.prayers { prayers[p] = [Session(adhan: s[p], iqamah: iqamah(p, 0))] }
        let friday = date.weekday == 5
        if friday {
            // Jumu'ah: the planned sessions (one to four), each with its own iqamah.
            let sessions = day.events.filter { $0.kind == .adhan && $0.prayer == .dhuhr }.sorted { $0.index < $1.index }
            if !sessions.isEmpty { prayers[.dhuhr] = sessions.map { Session(adhan: $0.time, iqamah: iqamah(.dhuhr, $0.index)) } }
        }
        return Row(date: date, hijri: HijriCalendar.date(for: date, offset: hijriOffset), friday: friday,
                   clockChange: clockChange(on: date, zone: zone), source: day.source, imsak: s.imsak, prayers: prayers,
                   extras: extras(day.events))
    }

    /// The day's offset at its first instant and at the next day's differ: the clocks change
    /// that day (a change at midnight marks the day that ends at it).
    static func clockChange(on date: CivilDate, zone: ZoneRules) -> ClockChange? {
        let start = zone.localTimeType(at: LocalMinute.instant(date, minute: 0, zone: zone))
        let end = zone.localTimeType(at: LocalMinute.instant(date.adding(days: 1), minute: 0, zone: zone))
        guard start.offset != end.offset else { return nil }
        return ClockChange(from: start.abbreviation, to: end.abbreviation)
    }

    /// Special events (`[[events]]`: Eid's prayers, taraweeh), each name once with its times
    /// in order: a line under the day's row on the month page, the Ramadan page's column.
    static func extras(_ events: [PlannedEvent]) -> [Extra] {
        PlannedEvent.specialsByName(events).map { Extra(name: $0.name, times: $0.events.map(\.time), nightly: $0.events[0].nightly) }
    }

    /// The Hijri months the rows span, in order (one or two; three at most for a Ramadan sheet
    /// moved by the offset).
    var hijriMonths: [(year: Int, month: Int)] {
        var out: [(year: Int, month: Int)] = []
        for r in rows where out.last.map({ $0.year != r.hijri.year || $0.month != r.hijri.month }) ?? true {
            out.append((r.hijri.year, r.hijri.month))
        }
        return out
    }
}
