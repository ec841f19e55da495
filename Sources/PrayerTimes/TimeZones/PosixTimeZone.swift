/// A POSIX TZ rule as in a TZif footer (RFC 8536 section 3.3), e.g.
/// "GMT0BST,M3.5.0/1,M10.5.0" or "<-04>4<-03>,M9.1.6/24,M4.1.6/24".
public struct PosixTimeZone: Sendable, Equatable {
    enum DateRule: Sendable, Equatable {
        case julianNoLeap(Int)      // Jn, 1...365, 29 February never counted
        case zeroBasedDay(Int)      // n, 0...365
        case monthWeekDay(Int, Int, Int)  // Mm.w.d
    }

    struct Transition: Sendable, Equatable {
        let date: DateRule
        let time: Int  // seconds after local midnight (may be negative or above 24 h)
    }

    let standard: ZoneRules.LocalTimeType
    let daylight: ZoneRules.LocalTimeType?
    let start: Transition?
    let end: Transition?

    public init?(_ text: String) {
        var s = Substring(text)
        guard let stdName = PosixTimeZone.name(&s), let stdOffset = PosixTimeZone.offset(&s) else { return nil }
        standard = ZoneRules.LocalTimeType(offset: -stdOffset, isDST: false, abbreviation: stdName)
        if s.isEmpty {
            daylight = nil; start = nil; end = nil
            return
        }
        guard let dstName = PosixTimeZone.name(&s) else { return nil }
        var dstOffset = stdOffset - 3600
        if let first = s.first, first != "," {
            guard let o = PosixTimeZone.offset(&s) else { return nil }
            dstOffset = o
        }
        daylight = ZoneRules.LocalTimeType(offset: -dstOffset, isDST: true, abbreviation: dstName)
        guard s.first == "," else { return nil }
        s.removeFirst()
        guard let a = PosixTimeZone.transition(&s), s.first == "," else { return nil }
        s.removeFirst()
        guard let b = PosixTimeZone.transition(&s), s.isEmpty else { return nil }
        start = a
        end = b
    }

    func localTimeType(at t: Int64) -> ZoneRules.LocalTimeType { isDaylight(at: t) ? daylight ?? standard : standard }

    func offset(at t: Int64) -> Int { isDaylight(at: t) ? daylight?.offset ?? standard.offset : standard.offset }

    private func isDaylight(at t: Int64) -> Bool {
        guard let daylightOffset = daylight?.offset, let start, let end else { return false }
        let year = CivilDate(daysSinceEpoch: Int((Double(t + Int64(standard.offset)) / 86_400).rounded(.down))).year
        // Check this year's and the neighbours' DST periods (a southern zone's spans the new year).
        for y in (year - 1)...(year + 1) {
            let from = instant(start, year: y, offset: standard.offset)
            var to = instant(end, year: y, offset: daylightOffset)
            if to <= from { to = instant(end, year: y + 1, offset: daylightOffset) }
            if t >= from && t < to { return true }
        }
        return false
    }

    /// The UTC instant of a transition in a year, its local time given at `offset`.
    private func instant(_ r: Transition, year: Int, offset: Int) -> Int64 {
        let days: Int
        switch r.date {
        case .julianNoLeap(let n):
            let leapShift = CivilDate.isLeap(year) && n >= 60 ? 1 : 0
            days = CivilDate.daysSinceEpoch(year: year, month: 1, day: 1) + n - 1 + leapShift
        case .zeroBasedDay(let n):
            days = CivilDate.daysSinceEpoch(year: year, month: 1, day: 1) + n
        case .monthWeekDay(let m, let w, let d):
            let first = CivilDate.daysSinceEpoch(year: year, month: m, day: 1)
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = first + (d - firstWeekday + 7) % 7 + (w - 1) * 7
            let monthEnd = first + CivilDate.daysInMonth(year: year, month: m)
            while day >= monthEnd { day -= 7 }  // w == 5: the last such weekday
            days = day
        }
        return Int64(days) * 86_400 + Int64(r.time) - Int64(offset)
    }

    private static func name(_ s: inout Substring) -> String? {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return nil }
            let n = String(s[s.index(after: s.startIndex)..<close])
            s = s[s.index(after: close)...]
            return n.isEmpty ? nil : n
        }
        let n = s.prefix { $0.isLetter }
        guard n.count >= 3 else { return nil }
        s = s.dropFirst(n.count)
        return String(n)
    }

    /// [+-]hh[:mm[:ss]] in seconds.
    private static func offset(_ s: inout Substring) -> Int? {
        var sign = 1
        if s.first == "+" { s.removeFirst() } else if s.first == "-" { sign = -1; s.removeFirst() }
        var parts = [Int]()
        while parts.count < 3 {
            let digits = s.prefix { $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let v = Int(digits) else { return nil }
            parts.append(v)
            s = s.dropFirst(digits.count)
            if s.first == ":" { s.removeFirst() } else { break }
        }
        guard let h = parts.first, h <= 167 else { return nil }
        let m = parts.count > 1 ? parts[1] : 0, sec = parts.count > 2 ? parts[2] : 0
        guard m < 60, sec < 60 else { return nil }
        return sign * (h * 3600 + m * 60 + sec)
    }

    private static func transition(_ s: inout Substring) -> Transition? {
        let date: DateRule
        if s.first == "M" {
            s.removeFirst()
            let fields = s.prefix { $0.isNumber || $0 == "." }
            let nums = fields.split(separator: ".").compactMap { Int($0) }
            guard nums.count == 3, (1...12).contains(nums[0]), (1...5).contains(nums[1]), (0...6).contains(nums[2])
            else { return nil }
            s = s.dropFirst(fields.count)
            date = .monthWeekDay(nums[0], nums[1], nums[2])
        } else if s.first == "J" {
            s.removeFirst()
            let digits = s.prefix { $0.isNumber }
            guard let n = Int(digits), (1...365).contains(n) else { return nil }
            s = s.dropFirst(digits.count)
            date = .julianNoLeap(n)
        } else {
            let digits = s.prefix { $0.isNumber }
            guard let n = Int(digits), (0...365).contains(n) else { return nil }
            s = s.dropFirst(digits.count)
            date = .zeroBasedDay(n)
        }
        var time = 7200
        if s.first == "/" {
            s.removeFirst()
            guard let t = offset(&s) else { return nil }
            time = t
        }
        return Transition(date: date, time: time)
    }
}
