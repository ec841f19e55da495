/// Text operations FoundationEssentials does not have, as Foundation does them.
extension StringProtocol {
    /// Without the white space at either end: Unicode's space separators (Zs) and the tab, as
    /// Foundation's `trimmingCharacters(in: .whitespaces)`.
    public func trimmingSpaces() -> String { trimming(isSpace) }

    /// Without white space or line breaks at either end (`.whitespacesAndNewlines`).
    public func trimmingSpacesAndNewlines() -> String {
        trimming { isSpace($0) || ("\u{0A}"..."\u{0D}").contains($0) || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    private func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

private func isSpace(_ c: Unicode.Scalar) -> Bool { c == "\t" || c.properties.generalCategory == .spaceSeparator }

/// `%XX` sequences decoded as UTF-8 (as Foundation's `removingPercentEncoding`): nil when one
/// is not two hexadecimal digits, or the bytes are not UTF-8.
public func percentDecoded(_ s: some StringProtocol) -> String? {
    var bytes = [UInt8]()
    var it = Array(s.utf8)[...]
    while let b = it.popFirst() {
        guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
        guard it.count >= 2, let hi = hexValue(it.removeFirst()), let lo = hexValue(it.removeFirst()) else { return nil }
        bytes.append(hi << 4 | lo)
    }
    return String(validating: bytes, as: UTF8.self)
}

private func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Text from the network made safe to print on a terminal: every control character (C0, DEL,
/// C1: ESC, CR, BEL and the rest, which could move the cursor or rewrite the screen) and the
/// bidirectional overrides shown as `\u{XX}` instead of sent.
public func printable(_ s: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
    for u in s.unicodeScalars {
        let v = u.value
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
            out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(u)
        }
    }
    return out
}
