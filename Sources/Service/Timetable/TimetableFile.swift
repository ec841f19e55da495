import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import UnitModel

extension Timetable {
    /// No printed year comes near this; anything larger is not a timetable.
    public static let maxBytes = 4 << 20

    /// Reads and checks a timetable file (CSV or JSON, told apart by the first character:
    /// `{` or `[` is JSON). With a zone, its clock convention is checked against the zone's
    /// clock changes. Every problem is reported, one line per bad row.
    public static func load(path: String, zone: ZoneRules?) throws(TimetableErrors) -> Timetable {
        func fail(_ message: String) -> TimetableErrors {
            TimetableErrors([TimetableError(file: path, line: nil, column: "", message: message)])
        }
        // Size-checked before it is read: a 1 GB file is refused for a stat's cost.
        switch readSmallFile(path, limit: maxBytes) {
        case .success(let data?): return try parse(Array(data), file: path, zone: zone)
        case .success(nil): throw fail("cannot be read: no such file")
        case .failure(.tooLarge(let size, let limit)): throw fail("is too large (\(size) bytes; at most \(limit)): not a timetable")
        case .failure(let problem): throw fail(problem.description)
        }
    }

    public static func parse(_ bytes: [UInt8], file: String, zone: ZoneRules?) throws(TimetableErrors) -> Timetable {
        func fail(_ line: Int, _ column: String, _ message: String) -> TimetableErrors {
            TimetableErrors([TimetableError(file: file, line: line, column: column, message: message)])
        }
        let json = file.lowercased().hasSuffix(".json")
        guard bytes.count <= maxBytes else { throw fail(1, "file", "is over \(maxBytes >> 20) MiB: not a timetable") }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(64).contains(0) {
            throw fail(1, "encoding", "the file is UTF-16 (or another encoding with NUL bytes): save it as UTF-8")
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }  // a BOM is fine
        if let bad = TimetableFile.firstInvalidUTF8(body) {
            let before = body[..<bad]
            let line = before.filter { $0 == 0x0A }.count + 1
            throw fail(line, json ? "encoding" : TimetableFile.csvColumn(body, at: bad),
                       cFormat("byte 0x%02X is not UTF-8 (Latin-1 or Windows-1252?): save the file as UTF-8", body[bad]))
        }
        let text = String(decoding: body, as: UTF8.self)
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw fail(1, json ? "days" : "header", "the file is empty")
        }
        let isJSON = text.first(where: { !$0.isWhitespace }).map { $0 == "{" || $0 == "[" } ?? false
        let parsed = isJSON ? TimetableJSON.parse(text, file: file) : TimetableCSV.parse(text, file: file)
        let validator = TimetableValidator(file: file, declared: parsed.declared, zone: zone)
        switch validator.validate(parsed.rows, headerErrors: parsed.errors, sunriseColumn: parsed.sunriseColumn,
                                  hanafiColumn: parsed.hanafiColumn) {
        case .success(let t): return t
        case .failure(let e): throw e
        }
    }
}

enum TimetableFile {
    /// The offset of the first byte that does not belong to well-formed UTF-8, nil if none.
    static func firstInvalidUTF8(_ b: ArraySlice<UInt8>) -> Int? {
        var i = b.startIndex
        while i < b.endIndex {
            let c = b[i]
            let n: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch c {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: n = 1
            case 0xE0: n = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: n = 2
            case 0xED: n = 2; high = 0x9F
            case 0xF0: n = 3; low = 0x90
            case 0xF1...0xF3: n = 3
            case 0xF4: n = 3; high = 0x8F
            default: return i
            }
            guard i + n < b.endIndex else { return i }
            for k in 1...n {
                let cc = b[i + k]
                if k == 1 ? !(low...high).contains(cc) : !(0x80...0xBF).contains(cc) { return i }
            }
            i += n + 1
        }
        return nil
    }

    /// The header's name of the CSV field holding a byte (for the encoding message).
    static func csvColumn(_ b: ArraySlice<UInt8>, at offset: Int) -> String {
        let text = String(decoding: b, as: UTF8.self)
        let parsed = TimetableCSV.parse(text, file: "")
        let lineStart = b[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? b.startIndex
        guard parsed.headerLine > 0, b[lineStart] != UInt8(ascii: "#") else { return "encoding" }
        let delimiter = parsed.delimiter.asciiValue ?? UInt8(ascii: ",")
        let field = b[lineStart..<offset].filter { $0 == delimiter }.count
        let line = b[..<offset].filter { $0 == 0x0A }.count + 1
        if line == parsed.headerLine { return "header" }
        return field < parsed.header.count ? parsed.header[field] : "encoding"
    }
}
