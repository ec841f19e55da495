import PrayerTimes
import UnitModel

/// Turns a day's times and the configuration into the day's events, in time order.
public enum Planner {
    /// `iqamah`: a timetable's iqamah instants for the day, which replace `[iqamah]` for
    /// their prayer (its first session on a Friday; one before the adhan is not held).
    public static func events(for date: CivilDate, schedule s: DaySchedule, zone: ZoneRules,
                              config: SiteConfig, iqamah table: [Prayer: Double] = [:]) -> [PlannedEvent] {
        var out: [PlannedEvent] = []
        func add(_ kind: SiteConfig.EventKind, _ prayer: Prayer, _ time: Double, _ index: Int = 0) {
            let minute = LocalTime(unix: time, zone: zone)
            let m = minute.hour * 60 + minute.minute
            out.append(PlannedEvent(kind: kind, prayer: prayer, time: time, date: date, index: index,
                                    sounds: config.sound.source(kind, prayer: prayer) != .none, muted: config.quiet.contains { $0.contains(m) }))
        }
        let friday = date.weekday == 5
        for prayer in SiteConfig.prayers {
            let adhans: [Double]
            if prayer == .dhuhr && friday {
                adhans = config.jumuah.map {
                    switch $0 {
                    case .dhuhr: s.dhuhr
                    case .fixed(let m): LocalMinute.instant(date, minute: m, zone: zone)
                    }
                }
            } else {
                adhans = [s[prayer]]
            }
            for (i, adhan) in adhans.enumerated() {
                add(.adhan, prayer, adhan, i)
                if let r = config.reminders[prayer], i == 0 { add(.reminder, prayer, adhan - Double(r) * 60) }
                if let t = table[prayer] {
                    if i == 0 && t >= adhan { add(.iqamah, prayer, t) }
                    continue
                }
                switch config.iqamah[prayer] {
                case .minutesAfterAdhan(let m)?: add(.iqamah, prayer, adhan + Double(m) * 60, i)
                case .fixed(let m)? where i == 0:
                    let t = LocalMinute.instant(date, minute: m, zone: zone)
                    if t > adhan { add(.iqamah, prayer, t) }  // a fixed iqamah before the adhan is not held
                default: break
                }
            }
        }
        if let w = config.sunriseWarningMinutes { add(.sunrise, .sunrise, s.sunrise - Double(w) * 60) }
        for event in config.events where event.falls(on: date, hijriOffset: config.hijriOffset) {
            for (i, time) in event.times.enumerated() {
                let t = event.instant(time, on: date, schedule: s, zone: zone)
                guard event.holds(at: t, on: date, maghrib: s.maghrib, hijriOffset: config.hijriOffset) else { continue }
                let minute = LocalTime(unix: t, zone: zone)
                out.append(PlannedEvent(kind: .special, prayer: s.period(at: t), time: t, date: date, index: i,
                                        sounds: event.sound != nil, muted: config.quiet.contains { $0.contains(minute.hour * 60 + minute.minute) },
                                        name: event.name, sound: event.sound, minutes: event.minutes, nightly: event.dates == .ramadanNights,
                                        key: time.description))
            }
        }
        return out.sorted { $0.time < $1.time }
    }
}

extension ScreenInput.Day {
    /// A local date planned: its times at a place (on the offset in force at its noon, with
    /// Ramadan's Isha where the method has one) and its events. The loop, the times API and
    /// `mihrab times` all plan days this way.
    ///
    /// A date the configured timetable covers takes the table's times (`Timetable.instant`
    /// reads them in its clock convention): the five adhans, sunrise where the table has it
    /// (else computed), Asr at two shadow lengths for a Hanafi unit where the table has it;
    /// imsak is the table's Fajr less the method's imsak minutes, midnight and the last third
    /// stay computed. The table's iqamah times replace `[iqamah]` for their prayer that day.
    /// With `[screen] show_forbidden` or `show_duha`, the day's times not to pray at the same
    /// place (`ForbiddenTimes`), the zawal ending at the day's Dhuhr.
    public static func planned(_ date: CivilDate, at place: Coordinates, zone: ZoneRules, config: SiteConfig,
                               calculator: PrayerCalculator) -> ScreenInput.Day {
        var day = plannedTimes(date, at: place, zone: zone, config: config, calculator: calculator)
        if config.screen.showForbidden || config.screen.showDuha {
            day.forbidden = ForbiddenTimes(date: date, at: place, utcOffset: zone.offset(at: date.unixMidnight + 43_200),
                                           minutes: config.screen.forbiddenMinutes, dhuhr: day.schedule.dhuhr)
        }
        return day
    }

    /// `planned` without the times not to pray.
    static func plannedTimes(_ date: CivilDate, at place: Coordinates, zone: ZoneRules, config: SiteConfig,
                             calculator: PrayerCalculator) -> ScreenInput.Day {
        var s = computedSchedule(date, at: place, zone: zone, config: config, calculator: calculator)
        guard let table = config.timetable, let row = table.day(on: date) else {
            return ScreenInput.Day(schedule: s, events: Planner.events(for: date, schedule: s, zone: zone, config: config))
        }
        let madhab = config.parameters.madhab
        for prayer in Prayer.allCases {
            guard let m = row.adhan(prayer, madhab: madhab) else { continue }
            s[prayer] = table.instant(date, minute: m, zone: zone)
            s.resolved[prayer] = nil
        }
        s.imsak = s.fajr - config.parameters.imsakMinutes * 60
        var iqamah: [Prayer: Double] = [:]
        for (prayer, m) in row.iqamah {
            let t = table.instant(date, minute: m, zone: zone)
            if t >= s[prayer] { iqamah[prayer] = t }  // a jamaah before a Hanafi Asr: [iqamah] applies
        }
        return ScreenInput.Day(schedule: s, events: Planner.events(for: date, schedule: s, zone: zone, config: config, iqamah: iqamah),
                               source: .timetable)
    }

    /// The method's times of a planned day, as `planned` computes them (on the offset in
    /// force at the date's noon, with Ramadan's Isha where the method has one), without the
    /// timetable and the events: what `planned` gives a date the timetable does not cover.
    public static func computedSchedule(_ date: CivilDate, at place: Coordinates, zone: ZoneRules, config: SiteConfig,
                                        calculator: PrayerCalculator) -> DaySchedule {
        let ramadan = HijriCalendar.date(for: date, offset: config.hijriOffset).isRamadan
        return calculator.schedule(for: date, at: place, utcOffset: zone.offset(at: date.unixMidnight + 43_200), ramadan: ramadan)
    }
}

extension DaySchedule {
    /// The prayer whose time an instant falls in: the last of the day's times at or before it
    /// (Isha, the night's, before Fajr). A special event's prayer: its volume, its record's line.
    func period(at t: Double) -> Prayer {
        Prayer.allCases.last { self[$0] <= t } ?? .isha
    }
}
