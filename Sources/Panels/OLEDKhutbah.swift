import Drivers

/// The OLED in Friday's khutbah: the clock as large as the panel takes it (the large font
/// doubled where it fits) and the next iqamah with its countdown under it in small text;
/// nothing else (no Hijri date, no qibla, no lit bar).
extension OLEDLayout {
    static func khutbahFrame(_ c: PanelContent, width: Int, height: Int) -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        let small = BitmapFont.small, large = BitmapFont.large
        let iqamah = [c.target, c.countdown.map { "in " + $0 }].compactMap { $0 }.joined(separator: " ")
        let line = fit(iqamah, small, width)
        let scale = height >= 64 && 2 * large.width(of: c.clock) <= width ? 2 : 1
        let clockHeight = scale * large.lineHeight
        if height < 64 {
            // 128x32: the iqamah on the top line, the clock under it.
            _ = small.draw(line, x: (width - small.width(of: line)) / 2, y: 0, into: &f)
            _ = large.draw(c.clock, x: (width - large.width(of: c.clock)) / 2, y: height - clockHeight, into: &f)
            return f
        }
        let gap = 3, block = clockHeight + (line.isEmpty ? 0 : gap + small.lineHeight)
        let top = max(0, (height - block) / 2)
        var glyphs = MonoFrame(width: width, height: (large.lineHeight + 7) / 8 * 8)
        let clockWidth = large.draw(c.clock, x: 0, y: 0, into: &glyphs)
        let left = (width - scale * clockWidth) / 2
        for y in 0..<large.lineHeight {
            for x in 0..<clockWidth where glyphs[x, y] {
                f.fill(x: left + scale * x, y: top + scale * y, width: scale, height: scale)
            }
        }
        _ = small.draw(line, x: (width - small.width(of: line)) / 2, y: top + clockHeight + gap, into: &f)
        return f
    }
}
