/// An iCalendar document's content lines (RFC 5545 section 3.1) as UTF-8 bytes: each line
/// ended by CRLF and folded so that no line is longer than 75 octets. A fold never falls
/// inside a UTF-8 sequence (an Arabic name is cut between letters, not inside one); the
/// continuation line starts with a space, which a reader removes with the line break.
struct ContentLines {
    private(set) var bytes: [UInt8] = []

    static let maxOctets = 75

    init(reservingCapacity n: Int = 0) { bytes.reserveCapacity(n) }

    /// `NAME;PARAM=value:value`, folded. `value` is written as given: a TEXT value goes
    /// through `text(_:_:)`, which escapes it.
    mutating func line(_ name: String, _ parameters: [(String, String)] = [], _ value: String) {
        var line = Array(name.utf8)
        for (p, v) in parameters {
            line.append(0x3B)  // ;
            line += p.utf8
            line.append(0x3D)  // =
            line += ContentLines.parameterValue(v).utf8
        }
        line.append(0x3A)  // :
        line += value.utf8
        append(folded: line)
    }

    /// A TEXT property, its value escaped.
    mutating func text(_ name: String, _ value: String) { line(name, [], ContentLines.escape(value)) }

    mutating func begin(_ component: String) { line("BEGIN", [], component) }
    mutating func end(_ component: String) { line("END", [], component) }

    /// One logical line, folded at 75 octets, each physical line ended by CRLF.
    private mutating func append(folded line: [UInt8]) {
        var start = 0
        var room = ContentLines.maxOctets
        while line.count - start > room {
            var cut = start + room
            // Back off to the start of a UTF-8 sequence (a continuation byte is 10xxxxxx).
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes += line[start..<cut]
            bytes += [0x0D, 0x0A, 0x20]
            start = cut
            room = ContentLines.maxOctets - 1  // the leading space counts
        }
        bytes += line[start...]
        bytes += [0x0D, 0x0A]
    }

    /// TEXT escaping (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, any
    /// line break as `\n`. Other control characters, which a TEXT value may not hold, are
    /// dropped (a title from the config could carry one); a tab stays.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var lastWasCR = false
        for u in s.unicodeScalars {
            defer { lastWasCR = u == "\r" }
            switch u {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !lastWasCR { out += "\\n" }  // CRLF is one break
            case "\t": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0x7F { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// A parameter value: quoted when it holds `:`, `;` or `,` (a TZID is an IANA name, which
    /// never does, but the system zone's name comes from a link); a double quote, which no
    /// parameter value may hold, dropped with control characters.
    static func parameterValue(_ s: String) -> String {
        let clean = String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F }))
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(clean)\"" : clean
    }
}
