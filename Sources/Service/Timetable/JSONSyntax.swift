/// Where a JSON text first breaks the grammar (RFC 8259), for a message with a line: JSONDecoder
/// does not say where. A walk over the bytes, no values kept; depth is bounded as the decoder's is.
enum JSONSyntax {
    static func firstError(in b: [UInt8]) -> (line: Int, message: String)? {
        var walker = Walker(b: b)
        guard let (offset, what) = walker.document() else { return nil }
        let line = b.prefix(max(0, min(offset, b.count))).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        return (line, "not valid JSON: " + what)
    }

    private struct Walker {
        let b: [UInt8]
        var i = 0
        var depth = 0

        /// nil when the whole text is one JSON value; else the offset and what is wrong there.
        mutating func document() -> (Int, String)? {
            if let e = value() { return e }
            space()
            return i < b.count ? (i, "garbage after the end") : nil
        }

        mutating func space() {
            while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
        }

        mutating func value() -> (Int, String)? {
            space()
            guard i < b.count else { return (i, "unexpected end of file") }
            switch b[i] {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return (i, "invalid value")
            }
        }

        mutating func container(close: UInt8, keyed: Bool) -> (Int, String)? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 512 else { return (i, "nested too deeply") }
            i += 1
            space()
            if i < b.count, b[i] == close { i += 1; return nil }
            while true {
                if keyed {
                    space()
                    guard i < b.count, b[i] == UInt8(ascii: "\"") else { return (i, "a key must be a string") }
                    if let e = string() { return e }
                    space()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { return (i, "':' expected after a key") }
                    i += 1
                }
                if let e = value() { return e }
                space()
                guard i < b.count else { return (i, "unexpected end of file") }
                if b[i] == close { i += 1; return nil }
                guard b[i] == UInt8(ascii: ",") else { return (i, "',' or '\(Character(Unicode.Scalar(close)))' expected") }
                i += 1
            }
        }

        mutating func string() -> (Int, String)? {
            i += 1
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""): i += 1; return nil
                case UInt8(ascii: "\\"):
                    i += 1
                    guard i < b.count else { return (i, "unexpected end of file") }
                    if b[i] == UInt8(ascii: "u") {
                        let hex = b[(i + 1)...].prefix(4)
                        guard hex.count == 4, hex.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
                            return (i, "invalid escape")
                        }
                        i += 5
                    } else {
                        guard Array("\"\\/bfnrt".utf8).contains(b[i]) else { return (i, "invalid escape") }
                        i += 1
                    }
                case 0..<0x20: return (i, "a control character in a string")
                default: i += 1
                }
            }
            return (i, "unexpected end of file in a string")
        }

        mutating func literal(_ word: String) -> (Int, String)? {
            let w = Array(word.utf8)
            guard b[i...].starts(with: w) else { return (i, "invalid value") }
            i += w.count
            return nil
        }

        mutating func number() -> (Int, String)? {
            let start = i
            func digits() -> Int {
                let s = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                return i - s
            }
            if b[i] == UInt8(ascii: "-") { i += 1 }
            let lead = i
            guard digits() > 0 else { return (start, "invalid number") }
            if b[lead] == UInt8(ascii: "0"), i - lead > 1 { return (start, "invalid number (a leading zero)") }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return (start, "invalid number") }
            }
            if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return (start, "invalid number") }
            }
            return nil
        }
    }
}
