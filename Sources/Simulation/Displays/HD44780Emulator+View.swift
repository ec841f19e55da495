import HAL

/// What a person sees on the emulated LCD: the visible cells, the text, and a picture.
extension HD44780Emulator {
    // MARK: what a person sees

    /// The character code at each visible cell, row by row; nil: the cell is not driven
    /// (display off, or the odd rows in one-line mode).
    public func cells() -> [[UInt8?]] {
        let starts = Self.rowStarts(columns: columns, rows: rows)
        return (0..<rows).map { r -> [UInt8?] in
            guard displayOn, twoLines || r % 2 == 0 || rows == 1 else { return [UInt8?](repeating: nil, count: columns) }
            // A row is a window on its line (40 characters in two-line mode, 80 in one),
            // moved by the display shift.
            let lineLength = twoLines ? 40 : 80
            let lineBase = twoLines && r % 2 == 1 ? 40 : 0
            let offset = Int(starts[r] & 0x3F)
            return (0..<columns).map { c -> UInt8? in
                let p = ((offset + c + shift) % lineLength + lineLength) % lineLength
                return ddram[lineBase + p]
            }
        }
    }

    /// Row r's first DDRAM address, as on the modules: 0x00, 0x40, then rows 2 and 3
    /// continuing rows 0 and 1 (0x14, 0x54 on a 20x4; 0x10, 0x50 on a 16x4).
    public static func rowStarts(columns: Int, rows: Int) -> [UInt8] {
        let c = UInt8(truncatingIfNeeded: columns)
        return (0..<max(0, rows)).map { r in [0x00, 0x40, c, 0x40 &+ c][r % 4] }
    }

    /// What a person reads, one string per row: A00 ROM codes as Unicode (0x5C "¥", 0x7E "→",
    /// 0x7F "←", 0xA1-0xDF half-width katakana, 0xE0-0xFF the Greek and symbols); custom glyphs
    /// 0-7 (and 8-15) as circled digits "⓪" "①" ... "⑦"; codes with no ROM glyph, and cells not
    /// shown, as spaces.
    public func text() -> [String] {
        cells().map { row in String(row.map { $0.map(Self.unicode) ?? " " }) }
    }

    static func unicode(_ code: UInt8) -> Character {
        switch code {
        case 0x00...0x0F:
            let i = code & 7
            return i == 0 ? "\u{24EA}" : Character(Unicode.Scalar(0x2460 + UInt32(i) - 1) ?? " ")
        case 0x5C: return "¥"
        case 0x7E: return "→"
        case 0x7F: return "←"
        case 0x20...0x7D: return Character(Unicode.Scalar(code))
        case 0xA1...0xDF: return Character(Unicode.Scalar(0xFF61 + UInt32(code - 0xA1)) ?? " ")
        case 0xE0...0xFF: return Self.a00High[Int(code - 0xE0)]
        default: return " "
        }
    }

    static let a00High: [Character] = [
        "α", "ä", "β", "ε", "μ", "σ", "ρ", "g", "√", "¹", "j", "ˣ", "¢", "£", "ñ", "ö",
        "p", "q", "θ", "∞", "Ω", "ü", "Σ", "π", "x", "y", "千", "万", "円", "÷", " ", "█",
    ]

    // MARK: pixels

    /// Layout of `render`, in dots: a 5x8 cell, one dot between cells across and down, a
    /// margin of 2 dots. The image is `(4 + 6 columns - 1) scale` by `(4 + 9 rows - 1) scale`.
    public static let margin = 2, cellPitchX = 6, cellPitchY = 9

    public func render(scale: Int = 4) -> PNGImage {
        let s = max(1, scale)
        let w = (2 * Self.margin + Self.cellPitchX * columns - 1) * s
        let h = (2 * Self.margin + Self.cellPitchY * rows - 1) * s
        let colours = self.colours
        var image = PNGImage(width: w, height: h, fill: colours.background)
        let grid = cells()
        let starts = Self.rowStarts(columns: columns, rows: rows)
        let dot = s >= 3 ? s - 1 : s  // a hair of background between dots, as on the glass
        for r in 0..<rows {
            for c in 0..<columns {
                let glyph = grid[r][c].map(self.glyph) ?? [UInt8](repeating: 0, count: 8)
                var rowsOn = glyph
                // The cursor: an underline on the 8th row where the address counter is.
                if cursorOn, displayOn, !addressingCGRAM,
                   let i = Self.index(of: addressCounter, twoLines: twoLines),
                   i == Self.index(of: starts[r] &+ UInt8(truncatingIfNeeded: c), twoLines: twoLines) {
                    rowsOn[7] = 0x1F
                }
                for y in 0..<8 {
                    for x in 0..<5 {
                        let on = rowsOn[y] & (0x10 >> UInt8(x)) != 0
                        let px = (Self.margin + c * Self.cellPitchX + x) * s
                        let py = (Self.margin + r * Self.cellPitchY + y) * s
                        image.fill(x: px, y: py, width: dot, height: dot, on ? colours.dot : colours.unlit)
                    }
                }
            }
        }
        return image
    }

    /// The 8 rows of a code's glyph (bit 4 the left column).
    func glyph(_ code: UInt8) -> [UInt8] {
        if code < 0x10 { let i = Int(code & 7) * 8; return Array(cgram[i..<(i + 8)]) }
        switch code {
        case 0x20...0x7F:
            let i = Int(code - 0x20) * 7
            return Array(Self.rom[i..<(i + 7)]) + [0]
        case 0xDF: return [0x1C, 0x14, 0x1C, 0, 0, 0, 0, 0]  // ゜, the "degree sign" of the A00 ROM
        case 0xFF: return [UInt8](repeating: 0x1F, count: 8)
        default: return [UInt8](repeating: 0, count: 8)  // not in this table: blank
        }
    }

    private var colours: (background: (UInt8, UInt8, UInt8), unlit: (UInt8, UInt8, UInt8), dot: (UInt8, UInt8, UInt8)) {
        switch (palette, backlight) {
        case (.yellowGreen, true): ((0xA8, 0xC8, 0x28), (0xA0, 0xC0, 0x26), (0x1E, 0x2A, 0x10))
        case (.yellowGreen, false): ((0x55, 0x60, 0x2A), (0x52, 0x5D, 0x29), (0x1C, 0x22, 0x12))
        case (.blue, true): ((0x20, 0x40, 0xE8), (0x24, 0x46, 0xEE), (0xE8, 0xF0, 0xFF))
        case (.blue, false): ((0x10, 0x18, 0x40), (0x12, 0x1B, 0x46), (0x50, 0x58, 0x70))
        }
    }
}
