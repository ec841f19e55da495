/// The character LCD's picture of a `PanelContent`, in the HD44780's A00 character codes.
///
/// 20x4 (16x4):                      16x2 (20x2):
///   clock        Hijri date           the headline and prayer, or "Asr 15:42"
///   headline, or "Next Asr 15:42"     clock              countdown
///   "in 1:23:45", or the prayer
///   the state; what comes next in a phase; else the qibla's offset
/// In the khutbah the clock and the next iqamah alone; dark, blank.
public enum LCDLayout {
    /// Custom glyph 0: a crescent, shown before the headline. Rows top to bottom, 5 bits each.
    public static let crescent: [UInt8] = [0b00110, 0b01100, 0b11000, 0b11000, 0b11000, 0b01100, 0b00110, 0b00000]

    public static func lines(_ c: PanelContent, columns: Int, rows: Int) -> [[UInt8]] {
        // Dark (the display's power wanted off): blank, and the backlight off (PanelDriver).
        if c.dark { return [[UInt8]](repeating: [], count: rows) }
        if let m = c.message { return messageLines(m, columns: columns, rows: rows) }
        if let s = c.setup { return setupLines(s, columns: columns, rows: rows) }
        // The khutbah: the clock and the next iqamah alone ("Iqamah 13:30", "in 12:34").
        if c.khutbah {
            let target = c.target ?? "", countdown = c.countdown ?? ""
            var text = [centred(codes(c.clock), columns), [], centred(codes(target), columns), centred(codes(countdown.isEmpty ? "" : "in " + countdown), columns)]
            if rows < 4 {
                // Two rows: the iqamah with as much of its countdown as fits.
                let iqamah = [target + " in " + countdown, target + " " + countdown, target].first { $0.count <= columns || $0 == target } ?? target
                text = [centred(codes(c.clock), columns), centred(codes(countdown.isEmpty ? target : iqamah), columns)]
            }
            return (text + [[UInt8]](repeating: [], count: rows)).prefix(rows).map { Array($0.prefix(columns)) }
        }
        // With a countdown below it, the headline names the prayer ("IQAMAH IN Asr"); at the
        // adhan and the prayer the name has the next row to itself.
        let named = c.headline.map { headlineRow($0, c.countdown != nil ? c.prayer : nil, counting: true, columns: columns) }
        var text: [[UInt8]]
        if rows >= 4 {
            let middle: String
            if let countdown = c.countdown {
                middle = (c.headline == nil ? "in " : "") + countdown
            } else {
                middle = c.prayer ?? ""
            }
            text = [
                spread(c.clock, c.clock.count + 1 + c.hijri.count <= columns ? c.hijri : c.hijriShort, columns),
                named ?? codes(c.target.map { "Next " + $0 } ?? ""),
                centred(codes(middle), columns),
                c.foot.map(codes) ?? c.qiblaOffset.map(qibla) ?? [],
            ]
        } else {
            let all = c.headline.map { headlineRow($0, c.prayer, counting: c.countdown != nil, columns: columns) }
            // A state that puts the times in doubt takes the first row.
            let first = c.critical ? c.state.map(codes) : nil
            text = [first ?? all ?? codes(c.target ?? c.state ?? ""),
                    spread(c.clock, c.countdown ?? "", columns)]
        }
        text = Array(text.prefix(rows)).map { Array($0.prefix(columns)) }
        while text.count < rows { text.append([]) }
        return text
    }

    /// The headline's row: the crescent, the headline and the name, shortened until it fits:
    /// without the crescent, then with the headline's first word ("IQAMAH Maghrib" on 16
    /// columns), then what matters most alone (the name above a countdown, else the headline);
    /// only then cut.
    static func headlineRow(_ headline: String, _ name: String?, counting: Bool, columns: Int) -> [UInt8] {
        func line(_ h: String) -> [UInt8] { codes([h, name].compactMap { $0 }.joined(separator: " ")) }
        let short = headline.split(separator: " ").first.map(String.init) ?? headline
        let candidates = [[0, 0x20] + line(headline), line(headline), [0, 0x20] + line(short), line(short),
                          codes(counting ? name ?? headline : headline)]
        return candidates.first { $0.count <= columns } ?? candidates[candidates.count - 1]
    }

    /// "Qibla 12° left ←", in ROM codes (0xDF the degree sign, 0x7E/0x7F the arrows).
    static func qibla(_ offset: Double) -> [UInt8] {
        let d = Int(offset.magnitude.rounded())
        if d <= 2 { return codes("Qibla ahead ") + [0x5E] }
        return codes("Qibla \(d)") + [0xDF] + codes(offset < 0 ? " left " : " right ") + [offset < 0 ? 0x7F : 0x7E]
    }

    /// Left text and right text on one line; the right one is cut first.
    static func spread(_ left: String, _ right: String, _ columns: Int) -> [UInt8] {
        let l = codes(left), room = columns - l.count - 1
        guard room > 0 else { return Array(l.prefix(columns)) }
        let r = Array(codes(right).prefix(room))
        return l + [UInt8](repeating: 0x20, count: columns - l.count - r.count) + r
    }

    static func centred(_ t: [UInt8], _ columns: Int) -> [UInt8] {
        t.count >= columns ? t : [UInt8](repeating: 0x20, count: (columns - t.count) / 2) + t
    }

    /// Text to A00 codes: ASCII but for 0x5C (a yen sign in that ROM) and 0x7E-0x7F (arrows);
    /// the degree sign is 0xDF; anything else a '?'.
    static func codes(_ s: String) -> [UInt8] {
        s.unicodeScalars.map { u in
            switch u.value {
            case 0x20...0x5B, 0x5D...0x7D: UInt8(u.value)
            case 0xB0: 0xDF
            case 0x2192: 0x7E
            case 0x2190: 0x7F
            default: 0x3F
            }
        }
    }
}
