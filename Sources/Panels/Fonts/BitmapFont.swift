import Drivers

/// A fixed bitmap font for the pixel displays: the X.Org misc-fixed fonts (public domain),
/// ASCII plus '°', '←' and '→', from the tables make-fonts.py writes (FontData.swift).
public struct BitmapFont: Sendable {
    /// 5x7: a line of 25 characters, 9 lines, on a 128x64 OLED.
    public static let small = BitmapFont(
        ascent: FontData.Small.ascent, descent: FontData.Small.descent, codes: FontData.Small.codes,
        metrics: FontData.Small.metrics, starts: FontData.Small.starts, rows: FontData.Small.rows)
    /// 7x13 bold: 18 characters a line.
    public static let medium = BitmapFont(
        ascent: FontData.Medium.ascent, descent: FontData.Medium.descent, codes: FontData.Medium.codes,
        metrics: FontData.Medium.metrics, starts: FontData.Medium.starts, rows: FontData.Medium.rows)
    /// 10x20: 12 characters a line (a clock "12:34:56" is 80 pixels).
    public static let large = BitmapFont(
        ascent: FontData.Large.ascent, descent: FontData.Large.descent, codes: FontData.Large.codes,
        metrics: FontData.Large.metrics, starts: FontData.Large.starts, rows: FontData.Large.rows)

    /// Pixels from the top of the line box to the baseline.
    public var ascent: Int
    /// The line box's height (ascent and descent).
    public var lineHeight: Int
    private let codes: [UInt32]
    private let metrics: [Int8]
    private let starts: [UInt16]
    private let rows: [UInt16]
    /// The glyph drawn for characters the font lacks ('?').
    private let fallback: Int

    private init(ascent: Int, descent: Int, codes: [UInt32], metrics: [Int8], starts: [UInt16], rows: [UInt16]) {
        precondition(metrics.count == 5 * codes.count && starts.count == codes.count + 1, "FontData tables disagree")
        self.ascent = ascent
        lineHeight = ascent + descent
        self.codes = codes
        self.metrics = metrics
        self.starts = starts
        self.rows = rows
        fallback = codes.firstIndex(of: 0x3F) ?? 0
    }

    /// The glyph's index in the tables: '?' for what the font lacks.
    private func glyph(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard scalars.count == 1, let v = scalars.first?.value else { return fallback }
        // ASCII is the tables' first block, from 0x20 and in order.
        if v >= 0x20, v < 0x20 + UInt32(codes.count), codes[Int(v - 0x20)] == v { return Int(v - 0x20) }
        return codes.firstIndex(of: v) ?? fallback
    }

    private func advance(_ g: Int) -> Int { Int(metrics[5 * g]) }

    /// The text's advance in pixels.
    public func width(of text: String) -> Int {
        text.reduce(0) { $0 + advance(glyph($1)) }
    }

    /// Draws `text` with the top of its line box at `y` and its left edge at `x` (pixels past
    /// the frame's edges are dropped); returns the advance. `inverse`: dark glyphs on lit
    /// cells (the whole line box, as wide as the advance).
    @discardableResult
    public func draw(_ text: String, x: Int, y: Int, into frame: inout MonoFrame, inverse: Bool = false) -> Int {
        let baseline = y + ascent
        var pen = x
        for c in text {
            let g = glyph(c), m = 5 * g
            let w = Int(metrics[m + 1]), h = Int(metrics[m + 2])
            let left = pen + Int(metrics[m + 3]), top = baseline - Int(metrics[m + 4]) - h
            if inverse {
                for yy in y..<(y + lineHeight) { for xx in pen..<(pen + advance(g)) { frame[xx, yy] = true } }
            }
            for r in 0..<h {
                let bits = rows[Int(starts[g]) + r]
                for col in 0..<w where bits & (0x8000 >> UInt16(col)) != 0 {
                    frame[left + col, top + r] = !inverse
                }
            }
            pen += advance(g)
        }
        return pen - x
    }
}
