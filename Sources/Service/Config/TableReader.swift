import FoundationEssentials
import Glibc
import TOMLKit

/// Reads one TOML table with its key path, remembering which keys were used, so that
/// whatever is left is an unknown key (a typo that would otherwise be silently ignored).
final class TableReader {
    let table: TOMLTable
    let path: String
    let file: String
    let lines: TOMLLines
    private var used: Set<String> = []

    /// The root table of a TOML text, with its lines for messages; a syntax error names its line.
    static func root(of text: String, file: String) throws(ConfigError) -> TableReader {
        do {
            return TableReader(try TOMLTable(string: text), path: "", file: file, lines: TOMLLines(text))
        } catch let e as TOMLParseError {
            throw ConfigError(file: file, line: e.source.begin.line, path: "", message: e.description)
        } catch {
            throw ConfigError(file: file, line: nil, path: "", message: "\(error)")
        }
    }

    /// A file's text (at most `ConfigFile.maxBytes`, checked before it is read), or why not.
    static func text(of path: String) throws(ConfigError) -> String { try ConfigFile.text(path) }

    init(_ table: TOMLTable, path: String, file: String, lines: TOMLLines) {
        self.table = table
        self.path = path
        self.file = file
        self.lines = lines
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ message: String) -> ConfigError {
        let p = keyPath(key)
        return ConfigError(file: file, line: lines.line(of: p), path: p, message: message)
    }

    private func value(_ key: String) -> TOMLValueConvertible? {
        used.insert(key)
        return table[key]
    }

    func has(_ key: String) -> Bool { table.contains(key: key) }

    func double(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let v = value(key) else { return nil }
        guard let d = v.double ?? v.int.map(Double.init), d.isFinite else {
            throw error(key, "must be a number from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))")
        }
        guard range.contains(d) else {
            throw error(key, "\(fmt(d)) is out of range (\(fmt(range.lowerBound)) to \(fmt(range.upperBound)))")
        }
        return d
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let v = value(key) else { return nil }
        guard let i = v.int else { throw error(key, "must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
        guard range.contains(i) else { throw error(key, "\(i) is out of range (\(range.lowerBound) to \(range.upperBound))") }
        return i
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.bool else { throw error(key, "must be true or false") }
        return b
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string else { throw error(key, "must be a string") }
        return s
    }

    /// One of a fixed set of names.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(ConfigError) -> T?
    where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            throw error(key, "\(quoted(s)) is not one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return v
    }

    /// "HH:MM" as minutes after midnight.
    func clockTime(_ key: String) throws(ConfigError) -> Int? {
        guard let s = try string(key) else { return nil }
        guard let m = TableReader.minutes(s) else { throw error(key, "\(quoted(s)) is not a time of day as \"HH:MM\"") }
        return m
    }

    static func minutes(_ s: String) -> Int? {
        let parts = s.split(separator: ":")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return h * 60 + m
    }

    func subtable(_ key: String) throws(ConfigError) -> TableReader? {
        guard let v = value(key) else { return nil }
        guard let t = v.table else { throw error(key, "must be a table ([\(keyPath(key))])") }
        return TableReader(t, path: keyPath(key), file: file, lines: lines)
    }

    func array(_ key: String) throws(ConfigError) -> TOMLArray? {
        guard let v = value(key) else { return nil }
        guard let a = v.array else { throw error(key, "must be an array") }
        return a
    }

    /// An array of strings.
    func strings(_ key: String) throws(ConfigError) -> [String]? {
        guard let a = try array(key) else { return nil }
        var out: [String] = []
        for v in a {
            guard let s = v.string else { throw error(key, "must be an array of strings") }
            out.append(s)
        }
        return out
    }

    /// Any key not read is unknown.
    func finish() throws(ConfigError) {
        for key in table.keys.sorted() where !used.contains(key) {
            throw error(key, "unknown key")
        }
    }

    /// A number as a person writes it: whole numbers without ".0" (only where an Int holds them
    /// exactly: 1e19 does not fit one and is printed as it is).
    private func fmt(_ d: Double) -> String { abs(d) < 1e15 && d == d.rounded() ? String(Int(d)) : String(d) }
}
