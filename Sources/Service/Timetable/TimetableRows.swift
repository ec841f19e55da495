import PrayerTimes
import UnitModel

/// One cell as a file gives it.
enum TimetableCell: Equatable {
    case text(String)
    /// JSON null: no time (an iqamah the table leaves out).
    case null
    /// A JSON value of another kind ("a number"): never a time.
    case other(String)
}

/// One row as read from a CSV line or a JSON day, before it is checked.
struct TimetableRawRow {
    var line: Int
    var cells: [TimetableColumn: TimetableCell] = [:]
    /// Each column's name as the file writes it (`Fajr Jamaat`, `days[3].asr`), for messages.
    var names: [TimetableColumn: String] = [:]
    /// Where a cell stands on a line of its own (a pretty-printed JSON day).
    var lines: [TimetableColumn: Int] = [:]

    func name(_ c: TimetableColumn) -> String { names[c] ?? c.name }
    func line(_ c: TimetableColumn) -> Int { lines[c] ?? line }
}

/// What the file says about itself: its clock convention and, optionally, its year.
struct TimetableDeclarations {
    enum Format { case csv, json }
    var format: Format
    var clock = Timetable.Clock.local
    var year: Int?
}

/// Turns the rows of either format into a checked `Timetable`, or every problem, one line
/// per bad row (the first problem of that row).
struct TimetableValidator {
    let file: String
    let declared: TimetableDeclarations
    /// With a zone, the clock convention is checked against its changes.
    let zone: ZoneRules?

    static let ordered: [Prayer] = [.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha]
    static let iqamahPrayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]
    /// Isha given between midnight and this minute is after midnight (the next calendar day).
    static let ishaAfterMidnightBefore = 4 * 60
    /// Where Dhuhr can fall on a clock anywhere on Earth (solar noon is 10:45 to 15:15 at the extremes).
    static let dhuhrRange = (10 * 60)...(16 * 60)

    func validate(_ rows: [TimetableRawRow], headerErrors: [TimetableError] = [], sunriseColumn: Bool,
                  hanafiColumn: Bool) -> Result<Timetable, TimetableErrors> {
        var errors = headerErrors
        var days: [(row: TimetableRawRow, day: Timetable.Day)] = []
        var dated: [(row: TimetableRawRow, date: CivilDate, bad: Bool)] = []
        for row in rows {
            let result = check(row, sunriseColumn: sunriseColumn, hanafiColumn: hanafiColumn)
            switch result {
            case .success(let day): days.append((row, day))
            case .failure(let e): errors.append(e)
            }
            // A bad row's date still counts in the sequence (a duplicate of it is still one).
            if case .text(let s)? = row.cells[.date], let date = TimetableValidator.date(s) {
                if case .failure = result { dated.append((row, date, true)) } else { dated.append((row, date, false)) }
            }
        }
        errors += sequence(dated)
        if errors.isEmpty, let zone { errors += clockChanges(days.map(\.day), zone: zone) }
        if errors.isEmpty, days.isEmpty {
            errors.append(TimetableError(file: file, line: rows.last?.line ?? 1, column: "date", message: "no days in the file"))
        }
        guard errors.isEmpty, let table = Timetable(file: file, clock: declared.clock, days: days.map(\.day)) else {
            return .failure(TimetableErrors(errors.sorted { ($0.line ?? 0) < ($1.line ?? 0) }))
        }
        return .success(table)
    }

    // MARK: - One row

    private func check(_ row: TimetableRawRow, sunriseColumn: Bool, hanafiColumn: Bool) -> Result<Timetable.Day, TimetableError> {
        func fail(_ c: TimetableColumn, _ message: String) -> Result<Timetable.Day, TimetableError> {
            .failure(TimetableError(file: file, line: row.line(c), column: row.name(c), message: message))
        }
        // The date.
        guard case .text(let dateText)? = row.cells[.date], !dateText.isEmpty else {
            return fail(.date, row.cells[.date] == nil ? "missing" : "is empty (a date as YYYY-MM-DD)")
        }
        guard let date = TimetableValidator.date(dateText) else {
            return fail(.date, "\(quoted(dateText)) is not a date (YYYY-MM-DD, or DD/MM/YYYY)")
        }
        if let year = declared.year, date.year != year {
            return fail(.date, "\(date) is not in \(year), the year the file declares")
        }
        // Every adhan time present and a time of day.
        var adhan: [Prayer: Int] = [:]
        for p in TimetableValidator.ordered where p != .sunrise || sunriseColumn {
            switch time(row.cells[.adhan(p)], required: true) {
            case .time(let m): adhan[p] = m
            case .none: return fail(.adhan(p), "missing")
            case .bad(let why): return fail(.adhan(p), why)
            }
        }
        var hanafi: Int?
        if hanafiColumn {
            switch time(row.cells[.asrHanafi], required: false) {
            case .time(let m): hanafi = m
            case .none: break
            case .bad(let why): return fail(.asrHanafi, why)
            }
        }
        var iqamah: [Prayer: Int] = [:]
        for p in TimetableValidator.iqamahPrayers {
            switch time(row.cells[.iqamah(p)], required: false) {
            case .time(let m): iqamah[p] = m
            case .none: break
            case .bad(let why): return fail(.iqamah(p), why)
            }
        }
        // Isha in the small hours is after midnight (short summer nights far from the equator).
        if var isha = adhan[.isha], let maghrib = adhan[.maghrib] {
            if isha < maghrib && isha < TimetableValidator.ishaAfterMidnightBefore { isha += 1440 }
            adhan[.isha] = isha
            if let i = iqamah[.isha], i < isha % 1440 || isha >= 1440, i < TimetableValidator.ishaAfterMidnightBefore { iqamah[.isha] = i + 1440 }
        }
        // In order: fajr < sunrise < dhuhr < asr < maghrib < isha.
        var previous: (Prayer, Int)?
        for p in TimetableValidator.ordered {
            guard let m = adhan[p] else { continue }
            if let (q, n) = previous, m <= n {
                let hint = m < 12 * 60 && [.asr, .maghrib, .isha].contains(p)
                    ? "; 12-hour times? the table needs 24-hour times (19:30, not 7:30)" : ""
                return fail(.adhan(p), "\(p.rawValue) \(TimetableValidator.clock(m)) is not after \(q.rawValue) \(TimetableValidator.clock(n))\(hint)")
            }
            previous = (p, m)
        }
        if let d = adhan[.dhuhr], !TimetableValidator.dhuhrRange.contains(d) {
            return fail(.adhan(.dhuhr), "dhuhr \(TimetableValidator.clock(d)) is implausible (noon falls between 10:00 and 16:00 on any clock)")
        }
        guard let fajr = adhan[.fajr], let dhuhr = adhan[.dhuhr], let asr = adhan[.asr], let maghrib = adhan[.maghrib],
              let isha = adhan[.isha] else {
            return fail(.date, "incomplete")  // unreachable: each was required above
        }
        if let h = hanafi, !(h >= asr && h < maghrib) {
            return fail(.asrHanafi, "\(TimetableValidator.clock(h)) is not between asr \(TimetableValidator.clock(asr)) and maghrib \(TimetableValidator.clock(maghrib))")
        }
        // Each iqamah at or after its adhan and before the next prayer's.
        let windows: [Prayer: (Int, Prayer, Int)] = [
            .fajr: (fajr, adhan[.sunrise] == nil ? .dhuhr : .sunrise, adhan[.sunrise] ?? dhuhr), .dhuhr: (dhuhr, .asr, asr),
            .asr: (asr, .maghrib, maghrib), .maghrib: (maghrib, .isha, isha), .isha: (isha, .fajr, fajr + 1440),
        ]
        for p in TimetableValidator.iqamahPrayers {
            guard let i = iqamah[p], let (start, next, end) = windows[p] else { continue }
            if i < start {
                return fail(.iqamah(p), "\(TimetableValidator.clock(i)) is before the \(p.rawValue) adhan \(TimetableValidator.clock(start))")
            }
            if i >= end {
                return fail(.iqamah(p), "\(TimetableValidator.clock(i)) is not before \(next.rawValue) \(TimetableValidator.clock(end))")
            }
        }
        return .success(Timetable.Day(date: date, fajr: fajr, sunrise: adhan[.sunrise], dhuhr: dhuhr, asr: asr, asrHanafi: hanafi,
                                      maghrib: maghrib, isha: isha, iqamah: iqamah, line: row.line))
    }

    private enum CellTime {
        case time(Int)
        /// No cell, or an empty optional one (also "-" and JSON null).
        case none
        case bad(String)
    }

    private func time(_ cell: TimetableCell?, required: Bool) -> CellTime {
        switch cell {
        case nil: return .none
        case .null?: return required ? .bad("is null (a time HH:MM)") : .none
        case .other(let kind)?: return .bad("is \(kind), not a time \"HH:MM\"")
        case .text(let s)?:
            let t = s.trimmingSpaces
            if t.isEmpty { return required ? .bad("is empty (a time HH:MM)") : .none }
            if !required && t == "-" { return .none }
            return TimetableValidator.minutes(t).map { .time($0) } ?? .bad(TimetableValidator.badTime(t))
        }
    }

    // MARK: - Across rows

    /// Dates one after another, each once; one line per row out of sequence.
    /// Dates one after another, each once: one line per row out of sequence (a row already
    /// reported as bad gets no second line).
    private func sequence(_ days: [(row: TimetableRawRow, date: CivilDate, bad: Bool)]) -> [TimetableError] {
        var errors: [TimetableError] = []
        var seen: [CivilDate: Int] = [:]
        var previous: CivilDate?
        for (k, (row, date, bad)) in days.enumerated() {
            defer { seen[date] = seen[date] ?? row.line }
            guard let prev = previous else { previous = date; continue }
            let expected = prev.adding(days: 1)
            if date == expected { previous = date; continue }
            // A typo in one date: the next row goes on from the expected one.
            let typo = k + 1 < days.count && days[k + 1].date == expected.adding(days: 1)
            let message: String
            if let line = seen[date] {
                message = "\(date) repeats line \(line)"
            } else if date > expected && !typo {
                let gap = date.daysSinceEpoch - expected.daysSinceEpoch
                message = gap == 1 ? "\(expected) is missing (after \(prev))"
                    : "\(gap) days are missing, \(expected)..\(date.adding(days: -1)) (after \(prev))"
            } else {
                message = "\(date) after \(prev): the dates must follow one another (\(expected) expected)"
            }
            if !bad { errors.append(TimetableError(file: file, line: row.line(.date), column: row.name(.date), message: message)) }
            // A typo does not shift the rest.
            if typo {
                previous = expected
            } else if date > prev {
                previous = date
            }
        }
        return errors
    }

    /// On the days the clocks change, Dhuhr (which moves by under a minute a day) must jump
    /// with the clock in a local-time table and stay put in a standard-time one: a table
    /// read in the wrong convention would put half a year's adhans an hour off.
    private func clockChanges(_ days: [Timetable.Day], zone: ZoneRules) -> [TimetableError] {
        var errors: [TimetableError] = []
        for (a, b) in zip(days, days.dropFirst()) {
            let shift = (zone.offset(at: b.date.unixMidnight + 43_200) - zone.offset(at: a.date.unixMidnight + 43_200)) / 60
            guard abs(shift) >= 30 else { continue }
            let moved = b.dhuhr - a.dhuhr
            let change = "the clocks change by \(shift > 0 ? "+" : "")\(shift) min on \(b.date)"
            switch declared.clock {
            case .local where abs(moved) <= 15:
                let fix = declared.format == .csv ? "put '# clock: standard' above the header" : "add \"clock\": \"standard\""
                errors.append(TimetableError(file: file, line: b.line, column: "dhuhr", message:
                    "dhuhr \(TimetableValidator.clock(a.dhuhr)) then \(TimetableValidator.clock(b.dhuhr)): \(change) but the table's times do not: they look like standard time (\(fix))"))
            case .standard where abs(moved - shift) <= 15:
                errors.append(TimetableError(file: file, line: b.line, column: "dhuhr", message:
                    "dhuhr \(TimetableValidator.clock(a.dhuhr)) then \(TimetableValidator.clock(b.dhuhr)): the table follows the clock change on \(b.date) though it says standard time (declare clock local)"))
            default: break
            }
        }
        return errors
    }

    // MARK: - Dates and times

    /// `YYYY-MM-DD`, or `DD/MM/YYYY` (day first).
    static func date(_ text: String) -> CivilDate? {
        let s = text.trimmingSpaces
        if let d = CivilDate(iso: s) { return d }
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count), parts[2].count == 4,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    /// `HH:MM` or `H:MM` (24-hour), or `HH:MM:00`: minutes after midnight, nil otherwise.
    static func minutes(_ s: String) -> Int? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        if parts.count == 3 { guard parts[2] == "00" else { return nil } }
        return h * 60 + m
    }

    static func badTime(_ s: String) -> String {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]), h >= 0, m >= 0, parts[1].count == 2, h > 23 || m > 59 {
            return "\(quoted(s)) is not a time of day (00:00 to 23:59)"
        }
        if parts.count == 3 { return "\(quoted(s)) has seconds: give HH:MM" }
        return "\(quoted(s)) is not a time HH:MM (24-hour)"
    }

    /// "05:07"; past midnight "00:30 (after midnight)".
    static func clock(_ m: Int) -> String {
        let h = m / 60 % 24, mm = m % 60
        return (h < 10 ? "0" : "") + "\(h):" + (mm < 10 ? "0" : "") + "\(mm)" + (m >= 1440 ? " (after midnight)" : "")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
