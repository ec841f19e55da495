import FoundationEssentials
import Glibc
import Platform

/// Where each key of a TOML text stands, for error messages: "file:12: key.path". TOMLKit
/// parses the values but keeps no positions; this reads table headers and `key =` lines,
/// which is all the position information a message needs.
struct TOMLLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[[") {
                let name = String(line.dropFirst(2).prefix { $0 != "]" }).trimmingSpaces()
                let n = arrayCounts[name, default: 0]
                arrayCounts[name] = n + 1
                table = "\(name)[\(n)]"
                lines[table] = i + 1
            } else if line.hasPrefix("[") {
                table = String(line.dropFirst().prefix { $0 != "]" }).trimmingSpaces()
                lines[table] = i + 1
            } else if let eq = line.firstIndex(of: "="), !line.hasPrefix("#") {
                var key = String(line[..<eq]).trimmingSpaces()
                if key.hasPrefix("\""), key.hasSuffix("\""), key.count >= 2 { key = String(key.dropFirst().dropLast()) }
                let path = table.isEmpty ? key : "\(table).\(key)"
                if lines[path] == nil { lines[path] = i + 1 }
            }
        }
    }

    /// The line of a key path, or of its nearest enclosing table.
    func line(of path: String) -> Int? {
        var p = path
        while true {
            if let l = lines[p] { return l }
            guard let dot = p.lastIndex(of: ".") else { return nil }
            p = String(p[..<dot])
        }
    }
}

