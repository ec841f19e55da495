import Drivers
import UnitModel

/// The site's urgent message on the small displays, outside an adhan, an iqamah's countdown
/// its silent minute and the prayer (those come first, as on the wall screen): "MESSAGE" and when it ends,
/// then its text in pages of what fits, each shown for `pageSeconds`.
///
/// OLED 128x64: "MESSAGE" in a lit bar with the clock; the text in the small font below.
/// OLED 128x32: the text alone, small. LCD 20x4: "MESSAGE until 14:18", three rows of text.
/// LCD two rows: "MESSAGE 14:18", one row of text.
/// The fonts and the LCD's ROM hold ASCII: a text mostly in another script is named, not drawn
/// ("Message on the screen").
extension PanelContent {
    public struct Message: Equatable, Sendable {
        public var text: String
        /// Its end on the unit's clock ("14:18").
        public var until: String
        /// The unit's clock in seconds: which page is shown.
        public var second: Int

        public static let pageSeconds = 4

        init(_ m: ScreenModel.Message, now: ModelTime?, twelveHour: Bool) {
            let letters = m.text.unicodeScalars.filter { !$0.properties.isWhitespace }
            let foreign = letters.filter { $0.value > 0x7E }.count
            text = letters.isEmpty || foreign * 3 > letters.count ? "Message on the screen" : m.text
            until = ModelTime(m.until)?.clock(twelveHour: twelveHour) ?? ""
            second = now.map { Int($0.unix.rounded(.down)) } ?? 0
        }

        /// The page of `pages` shown now.
        func page<T>(_ pages: [T]) -> T? {
            pages.isEmpty ? nil : pages[(second / Message.pageSeconds) % pages.count]
        }
    }

    /// The words of `text` in lines that fit (`fits`), a word too long for a line cut where it must.
    static func wrap(_ text: String, fits: (String) -> Bool) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if fits(joined) { line = joined; continue }
            if !line.isEmpty { lines.append(line) }
            var rest = word
            while !fits(rest), rest.count > 1 {
                var head = rest
                while head.count > 1, !fits(head) { head.removeLast() }
                lines.append(head)
                rest.removeFirst(head.count)
            }
            line = rest
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `lines` in pages of `size`.
    static func pages(_ lines: [String], _ size: Int) -> [[String]] {
        stride(from: 0, to: lines.count, by: max(1, size)).map { Array(lines[$0..<min(lines.count, $0 + max(1, size))]) }
    }
}

extension OLEDLayout {
    static func messageFrame(_ c: PanelContent, _ m: PanelContent.Message, width: Int, height: Int) -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        let small = BitmapFont.small
        var top = 0
        if height >= 64 {
            f.fill(x: 0, y: 0, width: width, height: small.lineHeight + 1)
            _ = small.draw("MESSAGE", x: 2, y: 1, into: &f, inverse: true)
            let right = m.until.isEmpty ? c.clock : "to " + m.until
            _ = small.draw(right, x: width - small.width(of: right) - 2, y: 1, into: &f, inverse: true)
            top = small.lineHeight + 3
        }
        let rows = max(1, (height - top) / small.lineHeight)
        let lines = PanelContent.wrap(m.text) { small.width(of: $0) <= width }
        var y = top
        for line in m.page(PanelContent.pages(lines, rows)) ?? [] {
            _ = small.draw(line, x: (width - small.width(of: line)) / 2, y: y, into: &f)
            y += small.lineHeight
        }
        return f
    }
}

extension LCDLayout {
    static func messageLines(_ m: PanelContent.Message, columns: Int, rows: Int) -> [[UInt8]] {
        let head = rows >= 4 ? "MESSAGE until " + m.until : "MESSAGE " + m.until
        let lines = PanelContent.wrap(m.text) { $0.count <= columns }
        let page = m.page(PanelContent.pages(lines, max(1, rows - 1))) ?? []
        let text = [codes(head)] + page.map { centred(codes($0), columns) }
        return (text + [[UInt8]](repeating: [], count: rows)).prefix(rows).map { Array($0.prefix(columns)) }
    }
}
