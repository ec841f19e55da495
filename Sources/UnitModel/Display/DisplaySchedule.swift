import PrayerTimes

/// When the hall's TV is on: a pure function of the planned days and `[display]`. Each day
/// gives its windows; windows that overlap or touch merge, across midnight too.
/// - `all_day`: from `before_fajr` minutes before Fajr's adhan to `after_isha` after Isha's
///   iqamah (its adhan when it has none);
/// - otherwise one window per prayer: `before_adhan` before the adhan (Fajr: `before_fajr`)
///   to `after_iqamah` after the iqamah (Isha: `after_isha`; no iqamah: after the adhan);
/// - Jumu'ah on through its sessions and its prayer (`[screen] jumuah_prayer_minutes`);
/// - each of `[[events]]` (Eid, taraweeh) on from `before_adhan` before it until
///   `after_iqamah` after it is over (its `minutes`).
public enum DisplaySchedule {
    /// A stretch of time the TV is on: [start, end).
    public struct Window: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public init(start: Double, end: Double) { (self.start, self.end) = (start, end) }
        public func contains(_ t: Double) -> Bool { t >= start && t < end }
    }

    /// The windows of the days, merged, in time order.
    public static func windows(_ days: [ScreenInput.Day], config: SiteConfig) -> [Window] {
        merged(days.flatMap { windows(of: $0, config: config) })
    }

    /// One day's windows, not merged.
    static func windows(of day: ScreenInput.Day, config: SiteConfig) -> [Window] {
        let d = config.display
        let friday = day.date.weekday == 5
        var out: [Window] = []
        func adhan(_ p: Prayer) -> [PlannedEvent] { day.events.filter { $0.kind == .adhan && $0.prayer == p } }
        /// The end of a prayer's time: its last iqamah (its adhan without one), Jumu'ah's prayer after it.
        func end(_ p: Prayer) -> Double? {
            let iqamahs = day.events.filter { $0.kind == .iqamah && $0.prayer == p }.map(\.time)
            guard let last = iqamahs.max() ?? adhan(p).map(\.time).max() else { return nil }
            return last + (friday && p == .dhuhr ? config.screen.jumuahPrayerSeconds : 0)
        }
        if d.allDay {
            if let fajr = adhan(.fajr).map(\.time).min(), let isha = end(.isha) {
                out.append(Window(start: fajr - Double(d.beforeFajr) * 60, end: isha + Double(d.afterIsha) * 60))
            }
        } else {
            for p in SiteConfig.prayers {
                guard let start = adhan(p).map(\.time).min(), let stop = end(p) else { continue }
                let before = p == .fajr ? d.beforeFajr : d.beforeAdhan
                let after = p == .isha ? d.afterIsha : d.afterIqamah
                out.append(Window(start: start - Double(before) * 60, end: stop + Double(after) * 60))
            }
        }
        // Jumu'ah's sessions and the special events, in either mode.
        if friday, let start = adhan(.dhuhr).map(\.time).min(), let stop = end(.dhuhr) {
            out.append(Window(start: start - Double(d.beforeAdhan) * 60, end: stop + Double(d.afterIqamah) * 60))
        }
        for e in day.events where e.kind == .special {
            out.append(Window(start: e.time - Double(d.beforeAdhan) * 60, end: e.time + Double(e.minutes + d.afterIqamah) * 60))
        }
        return out
    }

    /// Overlapping or touching windows as one.
    static func merged(_ windows: [Window]) -> [Window] {
        var out: [Window] = []
        for w in windows.sorted(by: { $0.start < $1.start }) where w.end > w.start {
            if let last = out.last, w.start <= last.end {
                out[out.count - 1].end = max(last.end, w.end)
            } else {
                out.append(w)
            }
        }
        return out
    }

    /// Whether the TV is scheduled on at `t`, and the next instant that changes (nil: none
    /// planned). An untrusted clock or no plan keeps it on: a screen that says why is better
    /// than a dark one.
    public static func state(at t: Double, _ windows: [Window], trusted: Bool) -> (on: Bool, next: Double?) {
        guard trusted, !windows.isEmpty else { return (true, nil) }
        // The windows are in time order and apart: the first that has not ended holds `t` or
        // comes next (asked once a second on the loop's thread: no arrays made).
        guard let w = windows.first(where: { $0.end > t }) else { return (false, nil) }
        return w.start <= t ? (true, w.end) : (false, w.start)
    }
}
