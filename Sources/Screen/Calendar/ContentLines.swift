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
    ///
    /// On UTF-8 bytes: every character it touches is ASCII, and no byte of a longer sequence is
    /// below 0x80, so a byte never splits a letter. A value with nothing to escape (most of a
    /// feed's: UIDs, names, clock times) is returned as it is.
    static func escape(_ s: String) -> String {
        let utf8 = s.utf8
        guard let first = utf8.firstIndex(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0x5C || $0 == 0x3B || $0 == 0x2C }) else {
            return s
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 8)
        out += utf8[..<first]
        var lastWasCR = false
        for b in utf8[first...] {
            defer { lastWasCR = b == 0x0D }
            switch b {
            case 0x5C, 0x3B, 0x2C: out.append(0x5C); out.append(b)  // \ ; ,
            case 0x0D: out.append(0x5C); out.append(0x6E)  // \n
            case 0x0A: if !lastWasCR { out.append(0x5C); out.append(0x6E) }  // CRLF is one break
            case 0x09: out.append(b)
            default: if b >= 0x20 && b != 0x7F { out.append(b) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A parameter value: quoted when it holds `:`, `;` or `,` (a TZID is an IANA name, which
    /// never does, but the system zone's name comes from a link); a double quote, which no
    /// parameter value may hold, dropped with control characters. On UTF-8 bytes, as `escape`;
    /// the usual value (the TZID on every DTSTART) is returned as it is.
    static func parameterValue(_ s: String) -> String {
        let dropped = { (b: UInt8) in b == 0x22 || b < 0x20 || b == 0x7F }
        let quoted = { (b: UInt8) in b == 0x3A || b == 0x3B || b == 0x2C }
        if !s.utf8.contains(where: { dropped($0) || quoted($0) }) { return s }
        let clean = s.utf8.filter { !dropped($0) }
        let text = String(decoding: clean, as: UTF8.self)
        return clean.contains(where: quoted) ? "\"\(text)\"" : text
    }
}
