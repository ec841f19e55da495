/// A date of the Islamic calendar.
public struct HijriDate: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// "1447-10-01".
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else { return paddedDescription }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var i = 0
            DecimalText.put(year: year, month: month, day: day, buffer, &i)
            return i
        }
    }

    /// The general form: each part's digits (sign included) padded with zeros.
    private var paddedDescription: String {
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, n - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var isRamadan: Bool { month == 9 }
}

/// The Umm al-Qura calendar where its table is published (1343-1500 AH, 1924-2077 CE),
/// the tabular (arithmetic, civil epoch) Islamic calendar outside it.
public enum HijriCalendar {
    /// The Hijri date of a civil date, moved by a user offset of -2...+2 days (local
    /// sighting). With `afterMaghrib` the Hijri day has already begun (the day begins at
    /// Maghrib), so the next civil day's date is given.
    public static func date(for civil: CivilDate, offset: Int = 0, afterMaghrib: Bool = false) -> HijriDate {
        let day = civil.daysSinceEpoch + max(-2, min(2, offset)) + (afterMaghrib ? 1 : 0)
        return ummAlQura(daysSinceEpoch: day) ?? tabular(daysSinceEpoch: day)
    }

    /// Umm al-Qura, or nil outside the table.
    public static func ummAlQura(daysSinceEpoch day: Int) -> HijriDate? {
        let starts = UmmAlQuraTable.monthStarts
        let rel = day - UmmAlQuraTable.firstDay
        guard let lo = monthIndex(rel, starts) else { return nil }
        return HijriDate(year: UmmAlQuraTable.firstYear + lo / 12, month: lo % 12 + 1, day: rel - Int(starts[lo]) + 1)
    }

    /// The tabular Islamic calendar (30-year cycle with leap years 2, 5, 7, 10, 13, 16, 18,
    /// 21, 24, 26, 29; epoch 16 July 622 Julian, JDN 1948440).
    public static func tabular(daysSinceEpoch day: Int) -> HijriDate {
        let jdn = day + 2_440_588
        let year = floorDiv(30 * (jdn - epoch) + 10_646, 10_631)
        let sinceYear = jdn - (29 + tabularJDN(year: year, month: 1, day: 1))
        let month = min(12, ceilDiv(2 * sinceYear, 59) + 1)
        return HijriDate(year: year, month: month, day: jdn - tabularJDN(year: year, month: month, day: 1) + 1)
    }

    static let epoch = 1_948_440

    static func tabularJDN(year: Int, month: Int, day: Int) -> Int {
        day + ceilDiv(59 * (month - 1), 2) + (year - 1) * 354 + floorDiv(3 + 11 * year, 30) + epoch - 1
    }

    /// The month of a table of month starts (days after its first) holding day `rel`: the
    /// last start at or before it, or nil outside the table (the last entry ends it).
    static func monthIndex(_ rel: Int, _ starts: [UInt16]) -> Int? {
        guard rel >= 0, let last = starts.last, rel < Int(last) else { return nil }
        var lo = 0, hi = starts.count - 1
        while lo + 1 < hi {
            let mid = (lo + hi) / 2
            if Int(starts[mid]) <= rel { lo = mid } else { hi = mid }
        }
        return lo
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    private static func ceilDiv(_ a: Int, _ b: Int) -> Int { -floorDiv(-a, b) }
}

extension HijriCalendar {
    /// The Hijri month holding a day (days since 1970-01-01), as the days from its first to
    /// the next month's first: JAKIM's takwim where it has the month, Umm al-Qura outside it
    /// (which starts a month a day before JAKIM's about every other month), the tabular
    /// calendar outside both.
    public static func jakimMonth(daysSinceEpoch day: Int) -> Range<Int> {
        if let month = takwimMonth(day) { return month }
        let date = ummAlQura(daysSinceEpoch: day) ?? tabular(daysSinceEpoch: day)
        let first = day - date.day + 1
        // The next month starts 29 or 30 days on: the first day whose date is the 1st.
        let next = (first + 29...first + 30).first {
            (ummAlQura(daysSinceEpoch: $0) ?? tabular(daysSinceEpoch: $0)).day == 1
        } ?? first + 30
        // A month that begins before the takwim's last start begins there (no day in two months).
        let takwimEnd = JakimTakwimTable.firstDay + Int(JakimTakwimTable.monthStarts.last ?? 0)
        return (day >= takwimEnd ? max(first, takwimEnd) : first)..<next
    }

    /// JAKIM's takwim's month holding a day, or nil outside the table.
    static func takwimMonth(_ day: Int) -> Range<Int>? {
        let starts = JakimTakwimTable.monthStarts
        guard let lo = monthIndex(day - JakimTakwimTable.firstDay, starts) else { return nil }
        return (JakimTakwimTable.firstDay + Int(starts[lo]))..<(JakimTakwimTable.firstDay + Int(starts[lo + 1]))
    }
}
