import PrayerTimes

extension ScreenModel {
    /// A day's special events as table rows: each name once, with its times that day.
    static func eventRows(_ d: ScreenInput.Day, zone: ZoneRules) -> [EventRow] {
        PlannedEvent.specialsByName(d.events).map { group in
            EventRow(name: group.name, times: group.events.map { LocalTime(unix: $0.time, zone: zone).iso8601 })
        }
    }

    /// The special event happening at `t`, else the next within `[screen] event_days_ahead`.
    package static func special(at t: Double, _ input: ScreenInput) -> Special? {
        let zone = input.zone, config = input.config
        var seen = Set<String>()
        let all = (input.days.flatMap(\.events).filter { $0.kind == .special } + input.specials).filter { seen.insert($0.id).inserted }
        let today = LocalTime(unix: t, zone: zone).date
        let candidates = all.filter { $0.time + Double($0.minutes) * 60 > t && $0.date.daysSinceEpoch - today.daysSinceEpoch <= config.screen.eventDaysAhead }
        guard let e = candidates.min(by: { $0.time < $1.time }) else { return nil }
        let times = all.filter { $0.name == e.name && $0.date == e.date }.map(\.time).sorted()
        func iso(_ x: Double) -> String { LocalTime(unix: x, zone: zone).iso8601 }
        // Days from the date it was planned on: a night's time after midnight (taraweeh at
        // isha+20 past 00:00) is still that night's, so it never counts below today.
        return Special(name: e.name ?? "", at: iso(e.time), times: times.map(iso), days: max(0, e.date.daysSinceEpoch - today.daysSinceEpoch),
                       happening: e.time <= t)
    }

    /// In Ramadan, the fast's two countdowns in their hours: imsak (suhur's end) through the
    /// three hours before it, iftar from Asr until Maghrib. The fasting day's daytime Hijri
    /// date decides (with the unit's offset).
    package static func fast(at t: Double, _ input: ScreenInput) -> Fast? {
        for d in input.days where HijriCalendar.date(for: d.date, offset: input.config.hijriOffset).isRamadan {
            let s = d.schedule
            func iso(_ x: Double) -> String { LocalTime(unix: x, zone: input.zone).iso8601 }
            if t >= s.imsak - suhurHours * 3600, t < s.imsak { return Fast(kind: .imsak, at: iso(s.imsak)) }
            if t >= s.asr, t < s.maghrib { return Fast(kind: .iftar, at: iso(s.maghrib)) }
        }
        return nil
    }

    /// How long before imsak the suhur countdown shows.
    static let suhurHours = 3.0
}
