/// A name folded for matching: lower case, Latin diacritics dropped (é→e, ı→i, ß→ss: the rule
/// of the table's ASCII column, `LatinFold`), and in Arabic script the letters people write
/// either way made one (أ إ آ ٱ → ا, ة → ه, ى and Persian ی → ي, ک → ك, ہ ھ → ه) with the
/// harakat and the tatweel dropped. Runs of white space become one space; none at the ends.
enum NameFold {
    static func fold(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space {
                out.append(" ")
                space = false
            }
            if let latin = LatinFold.map[scalar] {
                out.append(contentsOf: latin.unicodeScalars)
                continue
            }
            switch scalar.value {
            case 0x0300...0x036F, 0x064B...0x065F, 0x0670, 0x0640: continue  // combining marks, harakat, tatweel
            case 0x0622, 0x0623, 0x0625, 0x0671: out.append("\u{0627}")
            case 0x0629, 0x06C1, 0x06BE, 0x06C3, 0x06D5: out.append("\u{0647}")
            case 0x0649, 0x06CC: out.append("\u{064A}")
            case 0x06A9: out.append("\u{0643}")
            default: out.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(out)
    }
}

/// The Latin letters with diacritics and their ASCII forms (`LatinFold+Table.swift`, made by
/// board/places/make-places.py from the rule that makes the table's ASCII column).
enum LatinFold {
    static let map: [Unicode.Scalar: String] = {
        var map = [Unicode.Scalar: String]()
        for (scalar, target) in zip(sources.unicodeScalars, targets.split(separator: " ")) { map[scalar] = String(target) }
        return map
    }()
}
