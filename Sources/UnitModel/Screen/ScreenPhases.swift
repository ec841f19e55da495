import PrayerTimes

/// One stretch of a prayer's time on the screen: the reminder, the adhan, the countdown to
/// the iqamah, "silence your phones", the prayer itself, and the azkar after it.
public struct PhaseSpan: Sendable, Equatable {
    public var kind: ScreenModel.Phase.Kind
    public var prayer: Prayer
    public var jumuah: Bool
    public var date: CivilDate
    public var start: Double
    public var end: Double
    /// A special event's name (kind `.event`).
    public var name: String? = nil

    public func contains(_ t: Double) -> Bool { t >= start && t < end }
}

public enum ScreenPhases {
    /// A day's spans, from its events: each adhan (each Jumu'ah session its own) with its
    /// iqamah. Without an iqamah only the reminder and the adhan are shown.
    public static func spans(for day: ScreenInput.Day, config: SiteConfig) -> [PhaseSpan] {
        let s = config.screen
        let friday = day.date.weekday == 5
        var out: [PhaseSpan] = []
        for adhan in day.events where adhan.kind == .adhan {
            let jumuah = friday && adhan.prayer == .dhuhr
            func add(_ kind: ScreenModel.Phase.Kind, _ start: Double, _ end: Double) {
                if end > start { out.append(PhaseSpan(kind: kind, prayer: adhan.prayer, jumuah: jumuah, date: day.date, start: start, end: end)) }
            }
            let a = adhan.time
            if s.reminder, adhan.index == 0,
               let r = day.events.first(where: { $0.kind == .reminder && $0.prayer == adhan.prayer }) {
                add(.reminder, r.time, a)
            }
            let iqamah = day.events.first { $0.kind == .iqamah && $0.prayer == adhan.prayer && $0.index == adhan.index }?.time
            // The khutbah, from the session's time, laid over its adhan, countdown and silence
            // (`span(at:)`); they stay spans of their own for the relays, and the countdown
            // shows again if the khutbah ends before the iqamah.
            if jumuah, s.khutbahSeconds > 0 { add(.khutbah, a, min(a + s.khutbahSeconds, iqamah ?? .infinity)) }
            guard let i = iqamah else {
                add(.adhan, a, a + s.adhanSeconds)
                continue
            }
            // Squeezed in order when the iqamah comes soon after the adhan: the iqamah and
            // the silence notice keep their instants, the adhan screen gives way.
            let adhanEnd = max(a, min(a + s.adhanSeconds, i - s.silenceSeconds))
            let silenceStart = max(adhanEnd, i - s.silenceSeconds)
            let prayerEnd = i + (jumuah ? s.jumuahPrayerSeconds : s.prayerSeconds)
            add(.adhan, a, adhanEnd)
            add(.iqamah, adhanEnd, silenceStart)
            add(.silence, silenceStart, i)
            add(.prayer, i, prayerEnd)
            if s.azkar != nil { add(.after, prayerEnd, prayerEnd + s.afterPrayerSeconds) }
        }
        // A special event's last minutes, counted down full screen as an iqamah's; not over a
        // prayer (nor its "silence" notice): taraweeh at isha+20 after an iqamah at isha+10
        // would otherwise cover the whole Isha prayer. The countdown begins when they end.
        if s.eventCountdownSeconds > 0 {
            let held = out.filter { $0.kind == .silence || $0.kind == .prayer }
            for e in day.events where e.kind == .special {
                var start = e.time - s.eventCountdownSeconds
                while let h = held.first(where: { $0.contains(start) }) { start = h.end }
                if start < e.time {
                    out.append(PhaseSpan(kind: .event, prayer: e.prayer, jumuah: false, date: day.date, start: start, end: e.time, name: e.name))
                }
            }
        }
        return out.sorted { $0.start < $1.start }
    }

    /// The span at an instant: of those that hold it, the one that began last; a special
    /// event's countdown only where no prayer's span holds (taraweeh soon after Isha's iqamah
    /// never hides Isha's prayer). A khutbah hides its own session's adhan, countdown and
    /// silence (they begin with it or after it) while it holds; an earlier session's prayer
    /// began before it and gives way to it.
    public static func span(at t: Double, in spans: [PhaseSpan]) -> PhaseSpan? {
        // Asked every second for each screen: without a khutbah holding, no array is made.
        guard spans.contains(where: { $0.kind == .khutbah && $0.contains(t) }) else {
            return spans.last { $0.contains(t) && $0.kind != .event } ?? spans.last { $0.contains(t) }
        }
        var holding = spans.filter { $0.contains(t) }
        for k in holding where k.kind == .khutbah {
            holding.removeAll { $0.jumuah && $0.date == k.date && $0.start >= k.start && [.adhan, .iqamah, .silence].contains($0.kind) }
        }
        return holding.last { $0.kind != .event } ?? holding.last
    }
}
