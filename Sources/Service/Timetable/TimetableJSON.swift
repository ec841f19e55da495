import FoundationEssentials
import Glibc
import PrayerTimes
import UnitModel

/// A timetable as JSON: an object with `days`, a list of day objects whose keys are the
/// column names of `TimetableColumns` (London's published layout `{date, fajr, fajr_jamaah,
/// sunrise, dhuhr, dhuhr_jamaah, asr, asr_hanafi, asr_jamaah, maghrib, maghrib_jamaah,
/// isha, isha_jamaah}` and our own `fajr_iqamah` alike), or `times`, an object of such days
/// keyed by date (londonprayertimes.com's API); or simply the list of days. Optional
/// `"clock": "local" | "standard"` and `"year": 2026`. Other keys are ignored.
enum TimetableJSON {
    /// Any JSON value; only strings (and null) are times.
    enum Value: Decodable, Equatable {
        case string(String)
        case null
        case other(String)

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null
            } else if let s = try? c.decode(String.self) { self = .string(s)
            } else if (try? c.decode(Double.self)) != nil { self = .other("a number")
            } else if (try? c.decode(Bool.self)) != nil { self = .other("true or false")
            } else if (try? decoder.container(keyedBy: AnyKey.self)) != nil { self = .other("an object")
            } else { self = .other("a list") }
        }

        var cell: TimetableCell {
            switch self {
            case .string(let s): .text(s)
            case .null: .null
            case .other(let kind): .other(kind)
            }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Document: Decodable {
        var clock: Value?
        var year: Value?
        var days: [[String: Value]]?
        var times: [String: [String: Value]]?
    }

    static func parse(_ text: String, file: String) -> TimetableCSV.Parsed {
        var p = TimetableCSV.Parsed(declared: TimetableDeclarations(format: .json))
        let index = JSONLineIndex(text)
        func error(_ path: String, _ message: String, line: Int? = nil) {
            p.errors.append(TimetableError(file: file, line: line ?? index.lines[path] ?? 1, column: path, message: message))
        }
        let data = Data(text.utf8)
        var days: [(path: String, day: [String: Value], key: String?)] = []
        do {
            if text.drop(while: { $0.isWhitespace }).first == "[" {
                days = try JSONDecoder().decode([[String: Value]].self, from: data).enumerated().map { ("[\($0.offset)]", $0.element, nil) }
            } else {
                let doc = try JSONDecoder().decode(Document.self, from: data)
                switch doc.clock {
                case nil: break
                case .string(let s)? where Timetable.Clock(rawValue: s.lowercased()) != nil:
                    p.declared.clock = Timetable.Clock(rawValue: s.lowercased()) ?? .local
                default: error("clock", "must be \"local\" or \"standard\"")
                }
                switch doc.year {
                case nil: break
                case .string(let s)? where Int(s).map({ (1900...2200).contains($0) }) == true: p.declared.year = Int(s)
                case .other("a number")?:
                    if let y = (try? JSONDecoder().decode(YearOnly.self, from: data))?.year, (1900...2200).contains(y) {
                        p.declared.year = y
                    } else {
                        error("year", "must be a year (1900 to 2200)")
                    }
                default: error("year", "must be a year (1900 to 2200)")
                }
                if let list = doc.days {
                    days = list.enumerated().map { ("days[\($0.offset)]", $0.element, nil) }
                } else if let map = doc.times {
                    days = map.keys.sorted().map { ("times.\($0)", map[$0] ?? [:], $0) }
                } else {
                    error("days", "missing: the file needs \"days\", a list of days such as {\"date\": \"2026-01-01\", \"fajr\": \"06:24\", ...}", line: 1)
                }
            }
        } catch let e as DecodingError {
            p.errors.append(decodingError(e, text: text, file: file, index: index))
            return p
        } catch {
            p.errors.append(TimetableError(file: file, line: 1, column: "json", message: "\(error)"))
            return p
        }
        // The columns, as the header of a CSV: every required one somewhere, none named twice.
        var columns: [String: TimetableColumn] = [:]
        var byColumn: [TimetableColumn: String] = [:]
        for (_, day, _) in days {
            for key in day.keys.sorted() where columns[key] == nil {
                guard let c = TimetableColumns.column(named: key) else { continue }
                if let other = byColumn[c], other != key {
                    error(days.first.map { "\($0.path)" } ?? "days", "\(quoted(key)) and \(quoted(other)) both name the \(c.name) column: keep one")
                    continue
                }
                columns[key] = c
                byColumn[c] = key
            }
        }
        let inferredDate = days.contains { $0.key != nil }
        for c in TimetableCSV.required where byColumn[c] == nil && !(c == .date && inferredDate) && !days.isEmpty {
            error(days[0].path, "\(c.name) is missing from every day (keys read: \(byColumn.values.sorted().joined(separator: ", ")))")
        }
        p.sunriseColumn = byColumn[.adhan(.sunrise)] != nil
        p.hanafiColumn = byColumn[.asrHanafi] != nil
        guard p.errors.isEmpty else { return p }
        for (path, day, key) in days {
            var row = TimetableRawRow(line: index.lines[path] ?? 1)
            for c in byColumn.keys { row.names[c] = "\(path).\(byColumn[c] ?? c.name)" }
            for (k, v) in day {
                guard let c = columns[k] else { continue }
                row.cells[c] = v.cell
                row.lines[c] = index.lines["\(path).\(k)"]
            }
            if row.cells[.date] == nil, let key {
                row.cells[.date] = .text(key)
                row.names[.date] = path
            }
            p.rows.append(row)
        }
        if days.isEmpty {
            p.errors.append(TimetableError(file: file, line: index.lines["days"] ?? 1, column: "days", message: "no days in the file"))
        }
        return p
    }

    struct YearOnly: Decodable { var year: Int }

    static func decodingError(_ e: DecodingError, text: String, file: String, index: JSONLineIndex) -> TimetableError {
        func path(_ keys: [CodingKey]) -> String {
            keys.reduce("") { s, k in k.intValue.map { "\(s)[\($0)]" } ?? (s.isEmpty ? k.stringValue : "\(s).\(k.stringValue)") }
        }
        switch e {
        case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx), .keyNotFound(_, let ctx):
            let p = path(ctx.codingPath)
            let what = p == "days" ? "must be a list of days" : p.hasPrefix("days[") ? "must be an object of times" : "has the wrong type"
            return TimetableError(file: file, line: index.lines[p] ?? 1, column: p.isEmpty ? "json" : p, message: what)
        case .dataCorrupted:
            // JSONDecoder does not say where (on Linux): the syntax is walked again for the line.
            let (line, what) = JSONSyntax.firstError(in: Array(text.utf8)) ?? (1, "not valid JSON")
            return TimetableError(file: file, line: line, column: "json", message: what)
        @unknown default:
            return TimetableError(file: file, line: 1, column: "json", message: "not valid JSON")
        }
    }
}

/// The line where each value of a JSON text starts, by path (`days[3]`, `days[3].asr`,
/// `times.2026-01-01`, `clock`), so that messages can name lines JSONDecoder does not give.
struct JSONLineIndex {
    private(set) var lines: [String: Int] = [:]

    private enum Frame {
        case object(path: String, key: String?, expectKey: Bool)
        case array(path: String, index: Int)
    }

    init(_ text: String) {
        let b = Array(text.utf8)
        var line = 1
        var stack: [Frame] = []
        var i = 0
        func valuePath() -> String? {
            switch stack.last {
            case nil: ""
            case .object(let p, let k?, false)?: p.isEmpty ? k : "\(p).\(k)"
            case .object?: nil
            case .array(let p, let n)?: "\(p)[\(n)]"
            }
        }
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x0A: line += 1
            case 0x22:  // a string: a key or a value
                var s: [UInt8] = []
                i += 1
                while i < b.count && b[i] != 0x22 {
                    if b[i] == 0x5C { i += 1 }
                    if i < b.count { s.append(b[i]) }
                    i += 1
                }
                let str = String(decoding: s, as: UTF8.self)
                if case .object(let p, _, true)? = stack.last {
                    stack[stack.count - 1] = .object(path: p, key: str, expectKey: true)
                    lines[p.isEmpty ? str : "\(p).\(str)"] = line
                } else if let vp = valuePath(), lines[vp] == nil {
                    lines[vp] = line
                }
            case 0x3A:  // ':'
                if case .object(let p, let k, _)? = stack.last { stack[stack.count - 1] = .object(path: p, key: k, expectKey: false) }
            case 0x2C:  // ','
                switch stack.last {
                case .object(let p, _, _)?: stack[stack.count - 1] = .object(path: p, key: nil, expectKey: true)
                case .array(let p, let n)?: stack[stack.count - 1] = .array(path: p, index: n + 1)
                case nil: break
                }
            case 0x7B, 0x5B:  // '{' '['
                let vp = valuePath() ?? ""
                if lines[vp] == nil || stack.last.map({ if case .array = $0 { true } else { false } }) == true { lines[vp] = line }
                stack.append(c == 0x7B ? .object(path: vp, key: nil, expectKey: true) : .array(path: vp, index: 0))
            case 0x7D, 0x5D:
                if !stack.isEmpty { stack.removeLast() }
            default: break
            }
            i += 1
        }
    }
}
