/// An iCalendar document's content lines (RFC 5545 section 3.1) as UTF-8 bytes: each line
/// ended by CRLF and folded so that no line is longer than 75 octets. A fold never falls
/// inside a UTF-8 sequence (an Arabic name is cut between letters, not inside one); the
/// continuation line starts with a space, which a reader removes with the line break.
struct ContentLines {
    private(set) var bytes: [UInt8] = []

    static let maxOctets = 75

    init(reservingCapacity n: Int = 0) { bytes.reserveCapacity(n) }

    /// `NAME;PARAM=value:value` (no parameter: `NAME:value`), folded. `value` is written as
    /// given: a TEXT value goes through `text(_:_:)`, which escapes it. One parameter at most,
    /// as every line here has: no array made for it.
    mutating func line(_ name: String, _ value: String) { line(name, nil, value) }

    mutating func line(_ name: String, _ parameter: (name: String, value: String)?, _ value: String) {
        let start = bytes.count
        ContentLines.append(name, to: &bytes)
        if let parameter {
            bytes.append(0x3B)  // ;
            ContentLines.append(parameter.name, to: &bytes)
            bytes.append(0x3D)  // =
            ContentLines.appendParameterValue(parameter.value, to: &bytes)
        }
        bytes.append(0x3A)  // :
        ContentLines.append(value, to: &bytes)
        endLine(from: start)
    }

    /// A TEXT property, its value escaped.
    mutating func text(_ name: String, _ value: String) { text(name) { $0.add(value) } }

    /// A TEXT property whose value `write` adds in parts, escaped as one value (a CR at the
    /// end of one part and an LF at the start of the next are one break), without joining them
    /// into a string first.
    mutating func text(_ name: String, _ write: (inout TextValue) -> Void) {
        let start = bytes.count
        ContentLines.append(name, to: &bytes)
        bytes.append(0x3A)  // :
        var value = TextValue(bytes: bytes)
        bytes = []  // the buffer moves to the value and back: no copy
        write(&value)
        bytes = value.bytes
        endLine(from: start)
    }

    /// A string's UTF-8 bytes, copied from its storage at once (not a byte at a time, as
    /// appending its `utf8` view does).
    @inline(__always)
    static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    /// A TEXT value being written: its parts escaped as they come.
    struct TextValue {
        fileprivate var bytes: [UInt8]
        fileprivate var lastWasCR = false

        mutating func add(_ part: String) { ContentLines.appendEscaped(part, to: &bytes, lastWasCR: &lastWasCR) }
    }

    /// Whole lines written before (by another `ContentLines`), as they are.
    mutating func raw(_ lines: [UInt8]) { bytes += lines }

    mutating func begin(_ component: String) { line("BEGIN", component) }
    mutating func end(_ component: String) { line("END", component) }

    /// Ends the logical line that starts at `start` (written straight into `bytes`, which
    /// most lines fit as they are): CRLF, or folded at 75 octets, each physical line ended by
    /// CRLF.
    private mutating func endLine(from start: Int) {
        guard bytes.count - start > ContentLines.maxOctets else {
            bytes.append(0x0D)
            bytes.append(0x0A)
            return
        }
        let line = Array(bytes[start...])
        bytes.removeSubrange(start...)
        var from = 0
        var room = ContentLines.maxOctets
        while line.count - from > room {
            var cut = from + room
            // Back off to the start of a UTF-8 sequence (a continuation byte is 10xxxxxx).
            while cut > from && line[cut] & 0xC0 == 0x80 { cut -= 1 }
            bytes += line[from..<cut]
            bytes.append(0x0D)
            bytes.append(0x0A)
            bytes.append(0x20)
            from = cut
            room = ContentLines.maxOctets - 1  // the leading space counts
        }
        bytes += line[from...]
        bytes.append(0x0D)
        bytes.append(0x0A)
    }

    /// TEXT escaping (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, any
    /// line break as `\n`. Other control characters, which a TEXT value may not hold, are
    /// dropped (a title from the config could carry one); a tab stays.
    ///
    /// On UTF-8 bytes: every character it touches is ASCII, and no byte of a longer sequence is
    /// below 0x80, so a byte never splits a letter. A value with nothing to escape (most of a
    /// feed's: UIDs, names, clock times) is returned as it is.
    static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: needsEscape) else { return s }
        var out: [UInt8] = []
        var lastWasCR = false
        appendEscaped(s, to: &out, lastWasCR: &lastWasCR)
        return String(decoding: out, as: UTF8.self)
    }

    private static func needsEscape(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F || b == 0x5C || b == 0x3B || b == 0x2C }

    /// `s` escaped at the end of `out`; `lastWasCR` carries a CR at the end of one part of a
    /// value to the next part.
    static func appendEscaped(_ s: String, to out: inout [UInt8], lastWasCR: inout Bool) {
        var s = s
        s.withUTF8 { utf8 in
            guard let first = utf8.firstIndex(where: needsEscape) else {
                out.append(contentsOf: utf8)
                if !utf8.isEmpty { lastWasCR = false }
                return
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<first]))
            if first > 0 { lastWasCR = false }
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
        }
    }

    /// A parameter value: quoted when it holds `:`, `;` or `,` (a TZID is an IANA name, which
    /// never does, but the system zone's name comes from a link); a double quote, which no
    /// parameter value may hold, dropped with control characters. On UTF-8 bytes, as `escape`.
    static func parameterValue(_ s: String) -> String {
        var out: [UInt8] = []
        appendParameterValue(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func dropped(_ b: UInt8) -> Bool { b == 0x22 || b < 0x20 || b == 0x7F }
    private static func quoted(_ b: UInt8) -> Bool { b == 0x3A || b == 0x3B || b == 0x2C }

    /// The usual value (the TZID on every DTSTART) is copied as it is.
    static func appendParameterValue(_ s: String, to out: inout [UInt8]) {
        if !s.utf8.contains(where: { dropped($0) || quoted($0) }) {
            append(s, to: &out)
            return
        }
        let clean = s.utf8.filter { !dropped($0) }
        let quote = clean.contains(where: quoted)
        if quote { out.append(0x22) }
        out += clean
        if quote { out.append(0x22) }
    }
}
