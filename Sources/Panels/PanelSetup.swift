import Drivers

/// Setup mode on the small displays: the one-time code, large, and where the setup page is
/// (the unit's name on the network and its address, "/setup" on either).
///
/// OLED 128x64: "SETUP CODE" and the clock; the code (large); the name; the address.
/// OLED 128x32: the code (large) under the name.
/// LCD 20x4: "Setup code K7M2QX", the name, the address, "https :8443/setup"; two rows: the code, then the address, 5 s each.
extension OLEDLayout {
    static func setupFrame(_ c: PanelContent, code: String, host: String, address: String?, width: Int, height: Int) -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        let small = BitmapFont.small, large = BitmapFont.large
        let code = fit(code, large, width)
        if height < 64 {
            let line = fit(address ?? host, small, width)
            _ = small.draw(line, x: (width - small.width(of: line)) / 2, y: 0, into: &f)
            _ = large.draw(code, x: (width - large.width(of: code)) / 2, y: height - large.lineHeight, into: &f)
            return f
        }
        let head = fit("SETUP CODE", small, width - small.width(of: c.clock) - 4)
        _ = small.draw(head, x: 0, y: 0, into: &f)
        _ = small.draw(c.clock, x: width - small.width(of: c.clock), y: 0, into: &f)
        let codeTop = small.lineHeight + 2
        _ = large.draw(code, x: (width - large.width(of: code)) / 2, y: codeTop, into: &f)
        let lines = [host, address].compactMap { $0 }.map { fit($0, small, width) }
        var y = height - lines.count * small.lineHeight
        for line in lines {
            _ = small.draw(line, x: (width - small.width(of: line)) / 2, y: y, into: &f)
            y += small.lineHeight
        }
        return f
    }
}

extension LCDLayout {
    /// Four rows: the code, the name, the address, the port and path. Two rows: the code for
    /// five seconds, then the address and the path for five.
    static func setupLines(_ s: PanelContent.Setup, columns: Int, rows: Int) -> [[UInt8]] {
        let text: [String]
        if rows >= 4 {
            text = ["Setup code " + s.code, s.hostName, s.addressName ?? "", "https " + s.path]
        } else if !s.second {
            text = ["Setup code", s.code]
        } else {
            let whole = (s.address ?? s.host) + "/setup"
            text = whole.count <= columns ? ["Open", whole] : [s.addressName ?? s.hostName, s.path]
        }
        return (text.map(codes) + [[UInt8]](repeating: [], count: rows)).prefix(rows).map { Array($0.prefix(columns)) }
    }
}
