/// A value from outside (a file, an argument, a message from a device) as it may stand in a
/// one-line message: in quotes, control characters escaped, cut to `limit` characters.
public func quoted(_ value: some StringProtocol, limit: Int = 64) -> String {
    "'" + escapedLine(value, limit: limit) + "'"
}

/// Text made safe for one line of a log or a terminal: line breaks and other control
/// characters (and the invisible bidirectional overrides) written as escapes, cut to
/// `limit` characters with "…" where it was cut.
public func escapedLine(_ value: some StringProtocol, limit: Int) -> String {
    var out = ""
    var count = 0
    for scalar in value.unicodeScalars {
        guard count < limit else {
            out += "…"
            break
        }
        count += 1
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value):
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
