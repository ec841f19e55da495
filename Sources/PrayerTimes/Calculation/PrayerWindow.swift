/// The prayer whose time it is and the one that comes next: one answer for the LEDs and for
/// the screens (they used to compute it apart and disagreed after Isha).
///
/// - Current: of Fajr, Dhuhr, Asr, Maghrib and Isha, the one that started last at or before
///   `t` (at the adhan's very instant, that prayer is current). Fajr lasts until sunrise, then
///   none is current until Dhuhr; each other lasts until the next prayer starts, Isha until
///   the next day's Fajr.
/// - Next: the prayer that starts first strictly after `t`, the next day's Fajr after Isha.
///
/// Only the days given are known: give yesterday, today and tomorrow to know the night
/// (before Fajr, yesterday's Isha is current; after Isha, tomorrow's Fajr is next). A time
/// that is not finite is no start. Allocates nothing (it runs every pass of the loop).
public struct PrayerWindow: Sendable, Equatable {
    public struct Current: Sendable, Equatable {
        public let prayer: Prayer
        /// The day whose prayer it is, when it started, and when it ends (nil: not known from the days given).
        public let date: CivilDate
        public let start: Double
        public let end: Double?
    }

    public struct Next: Sendable, Equatable {
        public let prayer: Prayer
        public let date: CivilDate
        public let time: Double
    }

    public let current: Current?
    public let next: Next?

    /// The five prayers, in the day's order.
    public static let prayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]

    public static func at(_ t: Double, days: some Sequence<DaySchedule>) -> PrayerWindow {
        var last: (prayer: Prayer, date: CivilDate, start: Double, sunrise: Double)?
        var next: Next?
        for day in days {
            for p in prayers {
                let s = day[p]
                guard s.isFinite else { continue }
                if s <= t {
                    // A tie goes to the later one in the order given (the day's order).
                    if s >= (last?.start ?? -.infinity) { last = (p, day.date, s, day.sunrise) }
                } else if s < (next?.time ?? .infinity) {
                    next = Next(prayer: p, date: day.date, time: s)
                }
            }
        }
        guard let last else { return PrayerWindow(current: nil, next: next) }
        if last.prayer == .fajr {
            guard t < last.sunrise else { return PrayerWindow(current: nil, next: next) }  // sunrise to Dhuhr: none
            return PrayerWindow(current: Current(prayer: .fajr, date: last.date, start: last.start, end: last.sunrise), next: next)
        }
        return PrayerWindow(current: Current(prayer: last.prayer, date: last.date, start: last.start, end: next?.time), next: next)
    }
}
