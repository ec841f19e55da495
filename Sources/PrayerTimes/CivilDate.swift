/// A day of the proleptic Gregorian calendar, with no time of day and no zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    /// Days since 1970-01-01, kept: a day's schedule asks for it a dozen times.
    private let days: Int

    /// A valid date, or nil (month 1...12, day within the month).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              (-9999...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (negative before).
    @inline(__always)
    public init(daysSinceEpoch days: Int) {
        self.days = days
        guard days > -CivilDate.neriSchneiderShift, days < CivilDate.neriSchneiderShift else {
            (year, month, day) = CivilDate.hinnant(daysSinceEpoch: days)
            return
        }
        // Neri and Schneider, "Euclidean affine functions and their application to calendar
        // algorithms" (2022), with 32-bit unsigned arithmetic: the days counted from a March 1st
        // 82 x 400 years before 1970, so that every date of years -9999...9999 and well beyond
        // is positive; centuries, then years by one multiplication, then month and day by another.
        let n = UInt32(truncatingIfNeeded: days + 719_468 + CivilDate.neriSchneiderShift)
        let n1 = 4 &* n &+ 3
        let c = n1 / 146_097
        let nc = n1 % 146_097 / 4
        let n2 = 4 &* nc &+ 3
        let p2 = UInt64(2_939_745) &* UInt64(n2)
        let z = UInt32(truncatingIfNeeded: p2 >> 32)
        let ny = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4
        let n3 = 2141 &* ny &+ 197_913
        let m = n3 >> 16
        let d = (n3 & 0xFFFF) / 2141
        let afterDecember = ny >= 306
        year = Int(100 &* c &+ z) - 82 * 400 + (afterDecember ? 1 : 0)
        month = Int(afterDecember ? m &- 12 : m)
        day = Int(d) + 1
    }

    /// 82 x 146 097 days (82 x 400 years): the shift that keeps Neri-Schneider's day count
    /// positive, and the bound (either side of 1970) of the days it is used for.
    static let neriSchneiderShift = 82 * 146_097

    /// Howard Hinnant's civil_from_days, for any day count.
    static func hinnant(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { days }

    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 1 for 1 January.
    public var dayOfYear: Int { daysSinceEpoch - CivilDate.daysSinceEpoch(year: year, month: 1, day: 1) + 1 }

    /// 0 = Sunday ... 5 = Friday, 6 = Saturday.
    public var weekday: Int {
        let d = (daysSinceEpoch + 4) % 7  // 1970-01-01 was a Thursday
        return d < 0 ? d + 7 : d
    }

    /// UTC seconds of this date's midnight.
    public var unixMidnight: Double { Double(daysSinceEpoch) * 86_400 }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// "2026-03-20".
    public var description: String {
        guard (0...9999).contains(year) else { return paddedDescription }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var i = 0
            DecimalText.put(year: year, month: month, day: day, buffer, &i)
            return i
        }
    }

    /// The general form, for years outside 0...9999 (the year's digits, sign included,
    /// padded with zeros to four characters).
    private var paddedDescription: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" +
            (m.count < 2 ? "0" + m : m) + "-" + (d.count < 2 ? "0" + d : d)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }
}

/// Unix seconds (UTC) to the civil date and seconds of day, for a given offset.
public func civilDateTime(unix: Double, offsetSeconds: Int) -> (date: CivilDate, secondOfDay: Double) {
    let local = unix + Double(offsetSeconds)
    let days = Int((local / 86_400).rounded(.down))
    return (CivilDate(daysSinceEpoch: days), local - Double(days) * 86_400)
}
