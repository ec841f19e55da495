import PrayerTimes
import UnitModel
/// A timetable as CSV: optional comment lines (`#`) carrying `clock: local|standard` and
/// `year: YYYY`, then a header naming the columns (see `TimetableColumns`), then one line a
/// day. The delimiter is the header's: comma, semicolon or tab. Fields may be quoted
/// ("..." with "" inside). Blank lines and comment lines are skipped anywhere.
enum TimetableCSV {
    struct Parsed {
        var declared = TimetableDeclarations(format: .csv)
        var errors: [TimetableError] = []
        var rows: [TimetableRawRow] = []
        var header: [String] = []
        var headerLine = 0
        var delimiter: Character = ","
        var sunriseColumn = false
        var hanafiColumn = false
    }

    static let required: [TimetableColumn] = [.date, .adhan(.fajr), .adhan(.dhuhr), .adhan(.asr), .adhan(.maghrib), .adhan(.isha)]

    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    static func parse(_ text: String, file: String) -> Parsed {
        var p = Parsed()
        var columns: [(index: Int, column: TimetableColumn)] = []
        for (i, raw) in lines(text).enumerated() {
            let line = i + 1
            let trimmed = String(raw).trimmingSpaces
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                if let e = directive(trimmed.dropFirst(), line: line, file: file, into: &p.declared) { p.errors.append(e) }
                continue
            }
            guard p.headerLine > 0 else {
                p.headerLine = line
                let candidates: [Character] = [",", ";", "\t"]
                p.delimiter = candidates.max { a, b in trimmed.filter { $0 == a }.count < trimmed.filter { $0 == b }.count } ?? ","
                p.header = fields(String(raw), delimiter: p.delimiter).map(\.trimmingSpaces)
                columns = header(p.header, line: line, file: file, errors: &p.errors)
                p.sunriseColumn = columns.contains { $0.column == .adhan(.sunrise) }
                p.hanafiColumn = columns.contains { $0.column == .asrHanafi }
                continue
            }
            let f = fields(String(raw), delimiter: p.delimiter)
            var row = TimetableRawRow(line: line)
            for (index, column) in columns {
                row.names[column] = p.header[index]
                if index < f.count { row.cells[column] = .text(f[index].trimmingSpaces) }
            }
            p.rows.append(row)
        }
        if p.headerLine == 0 {
            p.errors.append(TimetableError(file: file, line: 1, column: "header", message:
                "the file is empty: expected a header naming the columns (date,fajr,sunrise,dhuhr,asr,maghrib,isha,...) and one line a day"))
        } else if !p.errors.isEmpty {
            p.rows = []  // a header that cannot be read: its rows are not judged
        }
        return p
    }

    /// `# clock: standard`, `# year: 2026`; any other comment is free text.
    static func directive(_ text: Substring, line: Int, file: String, into d: inout TimetableDeclarations) -> TimetableError? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let key = String(text[..<colon]).trimmingSpaces.lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingSpaces
        switch key {
        case "clock":
            guard let c = Timetable.Clock(rawValue: value.lowercased()) else {
                return TimetableError(file: file, line: line, column: "clock", message: "\(quoted(value)) is not \"local\" or \"standard\"")
            }
            d.clock = c
        case "year":
            guard let y = Int(value), (1900...2200).contains(y) else {
                return TimetableError(file: file, line: line, column: "year", message: "\(quoted(value)) is not a year (1900 to 2200)")
            }
            d.year = y
        default: break
        }
        return nil
    }

    /// The recognised columns of a header; every required one missing, or named twice, is an error.
    static func header(_ names: [String], line: Int, file: String, errors: inout [TimetableError]) -> [(index: Int, column: TimetableColumn)] {
        var out: [(index: Int, column: TimetableColumn)] = []
        if let first = names.first, TimetableValidator.date(first) != nil {
            errors.append(TimetableError(file: file, line: line, column: "header", message:
                "the first line must name the columns (date,fajr,sunrise,dhuhr,asr,maghrib,isha,...), not hold a day"))
            return []
        }
        for (i, name) in names.enumerated() {
            guard let c = TimetableColumns.column(named: name) else { continue }
            if let other = out.first(where: { $0.column == c }) {
                errors.append(TimetableError(file: file, line: line, column: name, message:
                    "names the \(c.name) column again (column \(other.index + 1), \(quoted(names[other.index]))): keep one"))
                continue
            }
            out.append((i, c))
        }
        for c in required where !out.contains(where: { $0.column == c }) {
            let known = out.map { names[$0.index] }
            errors.append(TimetableError(file: file, line: line, column: c.name, message:
                "missing from the header (its columns read: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"))
        }
        return out
    }

    /// One line's fields; a quoted field keeps its delimiters, "" inside it is one quote.
    static func fields(_ line: String, delimiter: Character) -> [String] {
        var out: [String] = []
        var field = ""
        var quotedField = false, inQuotes = false
        var it = line.makeIterator()
        var pending: Character?
        while let c = pending ?? it.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    if let n = it.next() {
                        if n == "\"" { field.append("\"") } else { inQuotes = false; pending = n }
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" && field.trimmingSpaces.isEmpty && !quotedField {
                field = ""
                quotedField = true
                inQuotes = true
            } else if c == delimiter {
                out.append(field)
                field = ""
                quotedField = false
            } else {
                field.append(c)
            }
        }
        out.append(field)
        return out
    }
}
