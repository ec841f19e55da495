import PrayerTimes

extension ScreenModel {
    /// The screen at the instant `t` (UTC seconds): a pure function of the published input.
    public static func at(_ t: Double, _ input: ScreenInput) -> ScreenModel {
        let config = input.config, sc = config.screen, zone = input.zone
        func iso(_ x: Double) -> String { LocalTime(unix: x, zone: zone).iso8601 }
        let local = LocalTime(unix: t, zone: zone)
        let today = input.days.first { $0.date == local.date }
        let spans = input.days.flatMap { ScreenPhases.spans(for: $0, config: config) }

        // The phase: none while the clock is not trusted (no alert sounds then either).
        let span = input.trusted ? ScreenPhases.span(at: t, in: spans) : nil
        let phase = Phase(kind: span?.kind ?? .normal, prayer: span?.kind == .event ? nil : span?.prayer, jumuah: span?.jumuah ?? false,
                          start: span.map { iso($0.start) }, end: span.map { iso($0.end) },
                          text: span?.kind == .after ? sc.azkar : span?.name)

        // The table: today's until Isha is over (its last span ended), then tomorrow's.
        var shown = today
        if let day = today {
            let ishaOver = spans.filter { $0.date == day.date && $0.prayer == .isha }.map(\.end).max() ?? day.schedule.isha
            if t >= ishaOver, let tomorrow = input.days.first(where: { $0.date == day.date.adding(days: 1) }) { shown = tomorrow }
        }
        let upcoming = PlannedEvent.next(after: t, in: input.days.lazy.flatMap(\.events), kinds: PlannedEvent.screenKinds)
        // The rows' current and next prayer: the LEDs' answer (PrayerWindow), not the next adhan event.
        let window = PrayerWindow.at(t, days: input.days.lazy.map(\.schedule))
        let current = window.current, nextPrayer = window.next
        var table = Table(day: shown?.date == local.date || shown == nil ? .today : .tomorrow,
                          date: day(shown?.date ?? local.date), rows: [], ramadan: nil)
        if let d = shown {
            table.rows = rows(d, zone: zone, current: current?.date == d.date ? current?.prayer : nil,
                              next: nextPrayer?.date == d.date ? nextPrayer?.prayer : nil)
            if HijriCalendar.date(for: d.date, offset: config.hijriOffset).isRamadan {
                table.ramadan = Ramadan(imsak: iso(d.schedule.imsak), iftar: iso(d.schedule.maghrib))
            }
            table.events = eventRows(d, zone: zone)
        }

        let afterMaghrib = sc.hijriChangesAt == .maghrib && today.map { t >= $0.schedule.maghrib } ?? false
        let hijri = HijriCalendar.date(for: local.date, offset: config.hijriOffset, afterMaghrib: afterMaghrib)
        let minute = local.hour * 60 + local.minute
        let wakes: Set<Phase.Kind> = [.adhan, .iqamah, .silence, .event, .khutbah]
        let message = message(at: t, input, phase: phase.kind)
        let announced = config.announcements.filter { a in
            (a.from.map { t >= $0.instant(in: zone) } ?? true) && (a.to.map { t < $0.instant(in: zone) } ?? true)
        }
        var model = ScreenModel(
            now: iso(t), language: sc.language, digits: sc.digits, clock: sc.clock, title: sc.title,
            screenOn: !input.displayOff && ((sc.on?.contains(minute) ?? true) || wakes.contains(phase.kind) || message != nil),
            trusted: input.trusted, phase: phase,
            dates: Dates(gregorian: day(local.date), hijri: HijriDay(year: hijri.year, month: hijri.month, day: hijri.day)),
            table: table,
            next: upcoming.map {
                Next(prayer: $0.prayer, jumuah: $0.prayer == .dhuhr && $0.date.weekday == 5, kind: $0.kind, at: iso($0.time))
            },
            announcements: announced.map(\.text),
            qibla: input.qibla.map { Qibla(bearing: ($0.bearing * 10).rounded() / 10, offset: $0.offset.rounded(), accuracy: $0.accuracy) },
            notices: input.notices.filter { $0 != .normal },
            source: config.jakimZone.map { "JAKIM \($0)" },
            special: special(at: t, input),
            fast: fast(at: t, input),
            dark: input.displayOff,
            setup: input.setup,
            message: message,
            announcementQR: announced.contains { $0.qr != nil } ? announced.map(\.qr) : nil)
        model.layout = sc.layout == .normal ? nil : sc.layout
        model.forbidden = forbidden(at: t, input)
        model.duha = duha(shown, input)
        return model
    }

    static func day(_ d: CivilDate) -> Day {
        Day(year: d.year, month: d.month, day: d.day, weekday: d.weekday == 0 ? 7 : d.weekday)
    }

    static func rows(_ d: ScreenInput.Day, zone: ZoneRules, current: Prayer?, next: Prayer?) -> [Row] {
        func iso(_ x: Double) -> String { LocalTime(unix: x, zone: zone).iso8601 }
        func event(_ kind: SiteConfig.EventKind, _ p: Prayer, _ i: Int) -> PlannedEvent? {
            d.events.first { $0.kind == kind && $0.prayer == p && $0.index == i }
        }
        let friday = d.date.weekday == 5
        return [Prayer.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha].map { p in
            var sessions: [Session]?
            if p == .dhuhr, friday {
                sessions = d.events.filter { $0.kind == .adhan && $0.prayer == .dhuhr }.sorted { $0.index < $1.index }
                    .map { Session(adhan: iso($0.time), iqamah: event(.iqamah, .dhuhr, $0.index).map { iso($0.time) }) }
            }
            return Row(prayer: p, adhan: sessions?.first?.adhan ?? iso(d.schedule[p]),
                       iqamah: p == .sunrise ? nil : (sessions?.first?.iqamah ?? event(.iqamah, p, 0).map { iso($0.time) }),
                       current: p == current, next: p == next, jumuah: sessions)
        }
    }
}
