import Drivers

/// The OLED's picture of a `PanelContent`: 128x64 (or 128x32), fonts of three sizes.
///
/// 128x64:
///   the clock, and the Hijri date (small)
///   the phase's headline in a lit bar, or the next prayer and its time (medium)
///   the countdown, or the prayer's name during its adhan and prayer (large)
///   the unit's state, or what the countdown counts to, and the qibla arrow (small)
/// In the khutbah only the clock and the next iqamah (OLEDKhutbah.swift); dark, nothing.
public enum OLEDLayout {
    public static func frame(_ c: PanelContent, width: Int = 128, height: Int = 64) -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        guard c.screenOn else { return f }
        if let m = c.message { return messageFrame(c, m, width: width, height: height) }
        if c.khutbah { return khutbahFrame(c, width: width, height: height) }
        if let s = c.setup { return setupFrame(c, code: s.code, host: s.host, address: s.address, width: width, height: height) }
        let small = BitmapFont.small, medium = BitmapFont.medium, large = BitmapFont.large
        let big = c.countdown ?? c.prayer ?? ""

        if height < 64 {
            // 128x32: one line of small text (what is on, and the clock) over the countdown.
            let phase = c.headline.map { h in [h, c.prayer].compactMap { $0 }.joined(separator: " ") } ?? c.target ?? ""
            let top = c.critical ? c.state ?? phase : phase
            _ = small.draw(c.clock, x: width - small.width(of: c.clock), y: 0, into: &f)
            _ = small.draw(fit(top, small, width - small.width(of: c.clock) - 4), x: 0, y: 0, into: &f)
            _ = large.draw(big, x: (width - large.width(of: big)) / 2, y: height - large.lineHeight, into: &f)
            return f
        }

        _ = small.draw(c.clock, x: 0, y: 0, into: &f)
        let room = width - small.width(of: c.clock) - 6
        let hijri = fit(small.width(of: c.hijri) <= room ? c.hijri : c.hijriShort, small, room)
        _ = small.draw(hijri, x: width - small.width(of: hijri), y: 0, into: &f)

        let bandTop = small.lineHeight + 1
        if let headline = c.headline {
            f.fill(x: 0, y: bandTop, width: width, height: medium.lineHeight + 1)
            let text = fit(headline, medium, width - 4)
            _ = medium.draw(text, x: (width - medium.width(of: text)) / 2, y: bandTop + 1, into: &f, inverse: true)
        } else {
            // "Next Maghrib 19:29"; without "Next" where it does not fit (a 12-hour clock).
            let long = c.target.map { "Next " + $0 } ?? ""
            let text = fit(medium.width(of: long) <= width ? long : c.target ?? "", medium, width)
            _ = medium.draw(text, x: (width - medium.width(of: text)) / 2, y: bandTop + 1, into: &f)
        }

        let bigTop = bandTop + medium.lineHeight + 2
        let bigText = fit(big, large, width)
        _ = large.draw(bigText, x: (width - large.width(of: bigText)) / 2, y: bigTop, into: &f)

        let bottom = height - small.lineHeight
        let arrowRoom = c.qiblaOffset == nil ? 0 : 16
        let foot = c.foot ?? c.qiblaOffset.map(qiblaText) ?? c.footTarget ?? ""
        _ = small.draw(fit(foot, small, width - arrowRoom), x: 0, y: bottom, into: &f)
        if let offset = c.qiblaOffset {
            let r = 6
            f.arrow(centerX: width - r - 2, centerY: height - r - 1, radius: r, degrees: offset)
        }
        return f
    }

    /// "Qibla 12° right", "Qibla ahead".
    static func qiblaText(_ offset: Double) -> String {
        let d = Int(offset.magnitude.rounded())
        if d <= 2 { return "Qibla ahead" }
        return "Qibla \(d)\u{B0} " + (offset < 0 ? "left" : "right")
    }

    /// The text cut (with no ellipsis: there is no room) to `width` pixels.
    static func fit(_ text: String, _ font: BitmapFont, _ width: Int) -> String {
        var t = text
        while !t.isEmpty, font.width(of: t) > width { t.removeLast() }
        return t
    }
}
