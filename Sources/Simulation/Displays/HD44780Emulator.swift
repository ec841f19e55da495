import HAL

/// A PCF8574 I2C backpack with an HD44780U character LCD behind it, at pin level.
///
/// PCF8574 (NXP datasheet): each byte written sets the 8 port pins; a read returns them.
/// After power-on the pins are high (weak pull-ups). Wiring: P0 = RS, P1 = R/W, P2 = E,
/// P3 = backlight, P4-P7 = D4-D7; D0-D3 are not connected and read as 0.
///
/// HD44780U (Hitachi datasheet, instruction table 6): the controller acts on E's falling
/// edge with R/W low. After power-on it is in 8-bit mode, so each edge is a whole byte
/// whose low nibble is 0 on a backpack; function set with DL = 0 switches to 4-bit mode,
/// where nibbles pair up, high then low. A driver that sends nibble pairs before the switch
/// is misread exactly as the real chip misreads it (a byte made of two halves of two takes
/// RS from its second nibble here; the datasheet does not say). Reads (R/W high) return the port and
/// change nothing here; in 4-bit mode a read's E edge does take a nibble's turn, as on the chip.
///
/// DDRAM: 80 bytes, `ddram[i]` the i-th character: two-line mode addresses 0x00-0x27 (i
/// 0-39) and 0x40-0x67 (i 40-79); one-line mode 0x00-0x4F. CGRAM: 64 bytes, 8 glyphs of
/// 8 rows. Codes 0-7 (and 8-15, the same glyphs) show the CGRAM.
public final class HD44780Emulator: BusDevice {
    public enum Palette: Sendable { case yellowGreen, blue }

    public let columns: Int
    public let rows: Int
    public let palette: Palette

    /// The port pins as last written (0xFF after power-on).
    public private(set) var port: UInt8 = 0xFF
    public private(set) var ddram = [UInt8](repeating: 0x20, count: 80)
    public private(set) var cgram = [UInt8](repeating: 0, count: 64)
    /// A DDRAM address (0x00-0x7F) or a CGRAM address (0x00-0x3F), as `addressingCGRAM` says.
    public private(set) var addressCounter: UInt8 = 0
    public private(set) var addressingCGRAM = false
    public private(set) var displayOn = false
    public private(set) var cursorOn = false
    public private(set) var blink = false
    public private(set) var fourBitMode = false
    public private(set) var twoLines = false
    /// F: 5x10 dots (only with one line).
    public private(set) var tallFont = false
    /// Entry mode: I/D (increment) and S (shift the display on each write).
    public private(set) var increment = true
    public private(set) var shiftOnWrite = false
    /// Display shift in characters, positive to the left (the text moves left).
    public private(set) var shift = 0
    /// Instructions executed (RS = 0), data bytes written (RS = 1).
    public private(set) var instructions = 0
    public private(set) var dataWrites = 0
    /// In 4-bit mode: the high nibble waiting for its low half.
    public private(set) var pendingHighNibble: UInt8?

    public var backlight: Bool { port & Pin.backlight != 0 }

    enum Pin {
        static let rs: UInt8 = 0x01, rw: UInt8 = 0x02, e: UInt8 = 0x04, backlight: UInt8 = 0x08
    }

    public init(columns: Int, rows: Int, palette: Palette = .yellowGreen) {
        self.columns = columns
        self.rows = rows
        self.palette = palette
    }

    // MARK: the bus

    public func write(_ bytes: [UInt8]) -> Bool {
        for b in bytes {
            let old = port
            port = b
            guard old & Pin.e != 0, b & Pin.e == 0 else { continue }
            if b & Pin.rw != 0 {
                if fourBitMode { pendingHighNibble = pendingHighNibble == nil ? 0 : nil }
                continue
            }
            latch(b >> 4, rs: b & Pin.rs != 0)
        }
        return true
    }

    public func read(into buffer: inout [UInt8]) {
        for i in buffer.indices { buffer[i] = port }
    }

    private func latch(_ nibble: UInt8, rs: Bool) {
        guard fourBitMode else { execute(nibble << 4, rs: rs); return }
        if let high = pendingHighNibble {
            pendingHighNibble = nil
            execute(high << 4 | nibble, rs: rs)
        } else {
            pendingHighNibble = nibble
        }
    }

    private func execute(_ v: UInt8, rs: Bool) {
        if rs { writeData(v); return }
        instructions += 1
        if v & 0x80 != 0 {
            addressCounter = v & 0x7F
            addressingCGRAM = false
        } else if v & 0x40 != 0 {
            addressCounter = v & 0x3F
            addressingCGRAM = true
        } else if v & 0x20 != 0 {
            fourBitMode = v & 0x10 == 0
            twoLines = v & 0x08 != 0
            tallFont = v & 0x04 != 0
            if !fourBitMode { pendingHighNibble = nil }
        } else if v & 0x10 != 0 {
            let right = v & 0x04 != 0
            if v & 0x08 != 0 { shift += right ? -1 : 1 } else { step(up: right) }
        } else if v & 0x08 != 0 {
            displayOn = v & 0x04 != 0
            cursorOn = v & 0x02 != 0
            blink = v & 0x01 != 0
        } else if v & 0x04 != 0 {
            increment = v & 0x02 != 0
            shiftOnWrite = v & 0x01 != 0
        } else if v & 0x02 != 0 {
            addressCounter = 0
            addressingCGRAM = false
            shift = 0
        } else if v & 0x01 != 0 {
            ddram = [UInt8](repeating: 0x20, count: 80)
            addressCounter = 0
            addressingCGRAM = false
            increment = true
            shift = 0
        }
    }

    private func writeData(_ v: UInt8) {
        dataWrites += 1
        if addressingCGRAM {
            cgram[Int(addressCounter & 0x3F)] = v
            addressCounter = (increment ? addressCounter &+ 1 : addressCounter &- 1) & 0x3F
            return
        }
        if let i = Self.index(of: addressCounter, twoLines: twoLines) { ddram[i] = v }
        step(up: increment)
        if shiftOnWrite { shift += increment ? 1 : -1 }
    }

    /// The address counter one on or one back, wrapping as the chip's does.
    private func step(up: Bool) {
        if addressingCGRAM { addressCounter = (up ? addressCounter &+ 1 : addressCounter &- 1) & 0x3F; return }
        let a = addressCounter
        if twoLines {
            if up { addressCounter = a == 0x27 ? 0x40 : a >= 0x67 ? 0x00 : a + 1 }
            else { addressCounter = a == 0x40 ? 0x27 : a == 0x00 ? 0x67 : a - 1 }
        } else {
            if up { addressCounter = a >= 0x4F ? 0x00 : a + 1 }
            else { addressCounter = a == 0x00 ? 0x4F : a - 1 }
        }
    }

    /// The DDRAM index of an address; nil where the mode has no RAM (0x28-0x3F in two-line mode).
    static func index(of address: UInt8, twoLines: Bool) -> Int? {
        let a = Int(address)
        if twoLines {
            if a < 0x28 { return a }
            if (0x40..<0x68).contains(a) { return a - 0x40 + 40 }
            return nil
        }
        return a < 80 ? a : nil
    }

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

    /// The A00 character ROM (HD44780U datasheet, table 4), codes 0x20-0x7F, transcribed from
    /// the datasheet's dot patterns: 7 rows a glyph (the 8th, the cursor's, is blank), bit 4
    /// the left column. ASCII but 0x5C (¥), 0x7E (→), 0x7F (←). Lower-case descenders sit
    /// within the 7 rows, as in the 5x8 ROM.
    static let rom: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // 20 space
        0x04, 0x04, 0x04, 0x04, 0x00, 0x00, 0x04,  // 21 !
        0x0A, 0x0A, 0x0A, 0x00, 0x00, 0x00, 0x00,  // 22 "
        0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A,  // 23 #
        0x04, 0x0F, 0x14, 0x0E, 0x05, 0x1E, 0x04,  // 24 $
        0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03,  // 25 %
        0x0C, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0D,  // 26 &
        0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00,  // 27 '
        0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02,  // 28 (
        0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08,  // 29 )
        0x00, 0x04, 0x15, 0x0E, 0x15, 0x04, 0x00,  // 2A *
        0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00,  // 2B +
        0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08,  // 2C ,
        0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00,  // 2D -
        0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C,  // 2E .
        0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00,  // 2F /
        0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E,  // 30 0
        0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E,  // 31 1
        0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F,  // 32 2
        0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E,  // 33 3
        0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02,  // 34 4
        0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E,  // 35 5
        0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E,  // 36 6
        0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08,  // 37 7
        0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E,  // 38 8
        0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C,  // 39 9
        0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00,  // 3A :
        0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x04, 0x08,  // 3B ;
        0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02,  // 3C <
        0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00,  // 3D =
        0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08,  // 3E >
        0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04,  // 3F ?
        0x0E, 0x11, 0x01, 0x0D, 0x15, 0x15, 0x0E,  // 40 @
        0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11,  // 41 A
        0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E,  // 42 B
        0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E,  // 43 C
        0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C,  // 44 D
        0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F,  // 45 E
        0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10,  // 46 F
        0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F,  // 47 G
        0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11,  // 48 H
        0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E,  // 49 I
        0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C,  // 4A J
        0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11,  // 4B K
        0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F,  // 4C L
        0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11,  // 4D M
        0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11,  // 4E N
        0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E,  // 4F O
        0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10,  // 50 P
        0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D,  // 51 Q
        0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11,  // 52 R
        0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E,  // 53 S
        0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,  // 54 T
        0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E,  // 55 U
        0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04,  // 56 V
        0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A,  // 57 W
        0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11,  // 58 X
        0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04,  // 59 Y
        0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F,  // 5A Z
        0x0E, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0E,  // 5B [
        0x11, 0x0A, 0x1F, 0x04, 0x1F, 0x04, 0x04,  // 5C ¥
        0x0E, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0E,  // 5D ]
        0x04, 0x0A, 0x11, 0x00, 0x00, 0x00, 0x00,  // 5E ^
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F,  // 5F _
        0x08, 0x04, 0x02, 0x00, 0x00, 0x00, 0x00,  // 60 `
        0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F,  // 61 a
        0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E,  // 62 b
        0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E,  // 63 c
        0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F,  // 64 d
        0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E,  // 65 e
        0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08,  // 66 f
        0x00, 0x0F, 0x11, 0x11, 0x0F, 0x01, 0x0E,  // 67 g
        0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11,  // 68 h
        0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E,  // 69 i
        0x02, 0x00, 0x06, 0x02, 0x02, 0x12, 0x0C,  // 6A j
        0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12,  // 6B k
        0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E,  // 6C l
        0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11,  // 6D m
        0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11,  // 6E n
        0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E,  // 6F o
        0x00, 0x00, 0x1E, 0x11, 0x1E, 0x10, 0x10,  // 70 p
        0x00, 0x00, 0x0D, 0x13, 0x0F, 0x01, 0x01,  // 71 q
        0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10,  // 72 r
        0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E,  // 73 s
        0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06,  // 74 t
        0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0D,  // 75 u
        0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04,  // 76 v
        0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A,  // 77 w
        0x00, 0x00, 0x11, 0x0A, 0x04, 0x0A, 0x11,  // 78 x
        0x00, 0x00, 0x11, 0x11, 0x0F, 0x01, 0x0E,  // 79 y
        0x00, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F,  // 7A z
        0x02, 0x04, 0x04, 0x08, 0x04, 0x04, 0x02,  // 7B {
        0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04,  // 7C |
        0x08, 0x04, 0x04, 0x02, 0x04, 0x04, 0x08,  // 7D }
        0x00, 0x04, 0x02, 0x1F, 0x02, 0x04, 0x00,  // 7E →
        0x00, 0x04, 0x08, 0x1F, 0x08, 0x04, 0x00,  // 7F ←
    ]
}
