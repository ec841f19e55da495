import PrayerTimes

/// One thing that happens at a time: an adhan, a reminder, an iqamah, a sunrise warning.
public struct PlannedEvent: Sendable, Equatable {
    public let kind: SiteConfig.EventKind
    /// The prayer it belongs to (`.sunrise` for the sunrise warning).
    public let prayer: Prayer
    /// When, in UTC seconds.
    public let time: Double
    /// The local date whose times it belongs to.
    public let date: CivilDate
    /// 0 unless a prayer has several (Jumu'ah at two times).
    public let index: Int
    /// Whether it sounds at all (its kind's source is not "none").
    public let sounds: Bool
    /// In a quiet period: recorded, but the buzzer stays silent.
    public let muted: Bool

    /// Stable across restarts and replans: what the state file remembers.
    public let id: String
    /// A special event's name (`[[events]]`); nil for the prayers' own events.
    public let name: String?
    /// A special event's sound as named in its table (nil: it sounds nothing).
    public let sound: String?
    /// A special event's: how long it is shown as happening after its time, in minutes.
    public let minutes: Int
    /// A special event of every night of Ramadan (`ramadan_nights`).
    public let nightly: Bool

    public init(kind: SiteConfig.EventKind, prayer: Prayer, time: Double, date: CivilDate, index: Int, sounds: Bool,
                muted: Bool, name: String? = nil, sound: String? = nil, minutes: Int = 0, nightly: Bool = false, key: String? = nil) {
        self.kind = kind
        self.prayer = prayer
        self.time = time
        self.date = date
        self.index = index
        self.sounds = sounds
        self.muted = muted
        self.name = name
        self.sound = sound
        (self.minutes, self.nightly) = (minutes, nightly)
        // A special event is keyed by its name and its time as written ("06:30", "isha+20"):
        // its instant moves with the Hijri offset or a prayer's time, not its identity, and
        // adding or reordering its times gives no time another's.
        if kind == .special {
            id = "\(date)/event/\(SpecialEvent.slug(name ?? ""))/\(key ?? String(index))"
        } else {
            id = "\(date)/\(prayer.rawValue)/\(kind.rawValue)" + (index > 0 ? "/\(index)" : "")
        }
    }
}

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
                    case .fixed(let m): localInstant(date, minute: m, zone: zone)
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
                    let t = localInstant(date, minute: m, zone: zone)
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

    /// The UTC instant of a local wall-clock minute on a date. The rule, as java.time and
    /// RFC 5545 have it:
    /// - a wall time that occurs once: that instant;
    /// - a repeated wall time (the hour the clocks go back): its first occurrence, on the
    ///   offset in force before the change (a fixed "01:30" sounds once, at the first 01:30);
    /// - a skipped wall time (the hour the clocks go forward): moved forward by the length of
    ///   the gap (02:30 on London's spring-forward day is 03:30 BST), so a day whose midnight
    ///   is skipped starts at 01:00.
    public static func localInstant(_ date: CivilDate, minute: Int, zone: ZoneRules) -> Double {
        let wall = date.unixMidnight + Double(minute) * 60
        // Every offset this wall time could be read with: those in force a day either side.
        let before = zone.offset(at: wall - 86_400), after = zone.offset(at: wall + 86_400)
        var first: Double?
        for offset in [before, after] where zone.offset(at: wall - Double(offset)) == offset {
            first = min(first ?? .infinity, wall - Double(offset))
        }
        // None fits: the wall time falls in a gap; read it on the offset before the gap.
        return first ?? wall - Double(before)
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
    public static func planned(_ date: CivilDate, at place: Coordinates, zone: ZoneRules, config: SiteConfig,
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
