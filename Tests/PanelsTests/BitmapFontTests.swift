import Drivers
import Foundation
import Testing
@testable import Panels
@testable import Simulation

/// The fonts against the BDF files' own BITMAP lines (copied here from 5x7.bdf and 10x20.bdf),
/// not against the generated tables.
@Suite("bitmap fonts")
struct BitmapFontTests {
    /// The frame's pixels in the rectangle, one string a row ("#" lit, "." dark).
    func picture(_ f: MonoFrame, width: Int, height: Int) -> [String] {
        (0..<height).map { y in String((0..<width).map { f[$0, y] ? "#" : "." }) }
    }

    /// BDF BITMAP rows (hex, leftmost pixel the top bit) as the same strings.
    func picture(bdf rows: [UInt32], bits: Int, width: Int) -> [String] {
        rows.map { r in String((0..<width).map { r & (1 << UInt32(bits - 1 - $0)) != 0 ? "#" : "." }) }
    }

    // 5x7.bdf, ENCODING 48 and 63: BBX 5 7 0 -1 (the whole cell, FONT_ASCENT 6).
    let zero5x7: [UInt32] = [0x20, 0x50, 0x50, 0x50, 0x50, 0x20, 0x00]
    let question5x7: [UInt32] = [0x20, 0x50, 0x10, 0x20, 0x00, 0x20, 0x00]
    // 10x20.bdf, ENCODING 48: BBX 10 20 0 -4 (the whole cell, FONT_ASCENT 16).
    let zero10x20: [UInt32] = [0x0000, 0x0000, 0x0000, 0x0C00, 0x1E00, 0x3300, 0x3300, 0x6180, 0x6180, 0x6180,
                               0x6180, 0x6180, 0x3300, 0x3300, 0x1E00, 0x0C00, 0x0000, 0x0000, 0x0000, 0x0000]

    @Test func metrics() {
        #expect(BitmapFont.small.lineHeight == 7 && BitmapFont.small.ascent == 6)
        #expect(BitmapFont.medium.lineHeight == 13 && BitmapFont.medium.ascent == 11)
        #expect(BitmapFont.large.lineHeight == 20 && BitmapFont.large.ascent == 16)
        for (font, advance) in [(BitmapFont.small, 5), (.medium, 7), (.large, 10)] {
            #expect(font.width(of: "12:34") == 5 * advance)
            #expect(font.width(of: "") == 0)
            #expect(font.width(of: "°←→") == 3 * advance)
        }
    }

    @Test func zeroAsInTheBDF() {
        var f = MonoFrame(width: 16, height: 24)
        #expect(BitmapFont.small.draw("0", x: 0, y: 0, into: &f) == 5)
        // One column and one row beyond the cell: nothing drawn there.
        #expect(picture(f, width: 6, height: 8) == picture(bdf: zero5x7 + [0], bits: 8, width: 6))

        var g = MonoFrame(width: 16, height: 24)
        #expect(BitmapFont.large.draw("0", x: 0, y: 0, into: &g) == 10)
        #expect(picture(g, width: 12, height: 24) == picture(bdf: zero10x20 + [0, 0, 0, 0], bits: 16, width: 12))
    }

    @Test func offsetsAndInverse() {
        var f = MonoFrame(width: 32, height: 16)
        BitmapFont.small.draw("00", x: 3, y: 5, into: &f)
        let expected = picture(bdf: zero5x7.map { $0 << 2 | $0 >> 3 }, bits: 13, width: 13)  // x 3 and x 8
        #expect(picture(f, width: 13, height: 12).suffix(7) == ArraySlice(expected))
        #expect(picture(f, width: 32, height: 5).allSatisfy { !$0.contains("#") })

        var i = MonoFrame(width: 8, height: 8)
        #expect(BitmapFont.small.draw("0", x: 0, y: 0, into: &i, inverse: true) == 5)
        let lit = picture(bdf: zero5x7.map { ~$0 & 0xF8 }, bits: 8, width: 6)
        #expect(picture(i, width: 6, height: 7) == lit)
    }

    @Test func unknownCharactersAreQuestionMarks() {
        var f = MonoFrame(width: 8, height: 8)
        #expect(BitmapFont.small.draw("é", x: 0, y: 0, into: &f) == 5)  // in 5x7.bdf, not in the tables
        #expect(picture(f, width: 6, height: 8) == picture(bdf: question5x7 + [0], bits: 8, width: 6))
        for font in [BitmapFont.small, .medium, .large] {
            var a = MonoFrame(width: 64, height: 24), b = MonoFrame(width: 64, height: 24)
            #expect(font.draw("a\u{263A}ب€", x: 1, y: 2, into: &a) == font.draw("a???", x: 1, y: 2, into: &b))
            #expect(a == b)
        }
    }
}
