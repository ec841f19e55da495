import PrayerTimes

/// What a printed sheet covers: a Gregorian month, or the days of a Hijri year's Ramadan.
public enum PrintedPeriod: Sendable, Equatable {
    case month(year: Int, month: Int)
    case ramadan(hijriYear: Int)

    /// The Gregorian years a sheet may show (as the times API bounds its dates).
    public static let years = 1900...2100
    /// Hijri years whose Ramadan lies within `years`, whatever the offset (1318: December 1900;
    /// 1524: November 2100).
    public static let hijriYears = 1318...1524

    /// "2026-03" (a month of 1900 to 2100), or nil.
    public static func parsing(month text: String) -> PrintedPeriod? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let y = Int(parts[0]), let m = Int(parts[1]),
              years.contains(y), (1...12).contains(m) else { return nil }
        return .month(year: y, month: m)
    }

    /// "1448" (a Hijri year of `hijriYears`), or nil.
    public static func parsing(ramadan text: String) -> PrintedPeriod? {
        guard text.count == 4, let y = Int(text), hijriYears.contains(y) else { return nil }
        return .ramadan(hijriYear: y)
    }

    /// The month that holds `date`.
    public static func containing(_ date: CivilDate) -> PrintedPeriod { .month(year: date.year, month: date.month) }

    /// The first day and how many: the month's days, or the civil days whose Hijri date (moved by
    /// the unit's `hijri_offset`) is in Ramadan of the year.
    public func days(hijriOffset: Int) -> (first: CivilDate, count: Int) {
        switch self {
        case .month(let y, let m):
            return (CivilDate(year: y, month: m, day: 1) ?? CivilDate(daysSinceEpoch: 0), CivilDate.daysInMonth(year: y, month: m))
        case .ramadan(let y):
            // 1 Ramadan near the mean lunar year's estimate (the epoch, 16 July 622, is day
            // -492148 of 1970's count); the calendar itself then says which days are Ramadan's.
            let estimate = -492_148 + Int((Double(y - 1) * 354.367_07).rounded()) + 236
            let days = (estimate - 20...estimate + 50).map(CivilDate.init(daysSinceEpoch:)).filter {
                let h = HijriCalendar.date(for: $0, offset: hijriOffset)
                return h.year == y && h.month == 9
            }
            return (days.first ?? CivilDate(daysSinceEpoch: estimate), days.count)
        }
    }
}
