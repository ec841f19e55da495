import Drivers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines, boxes and the qibla arrow, drawn into a 1-bit frame.
extension MonoFrame {
    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, lit: Bool = true) {
        for yy in y..<(y + h) { for xx in x..<(x + w) { self[xx, yy] = lit } }
    }

    /// Bresenham's line, both ends included.
    mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, lit: Bool = true) {
        var x = x0, y = y0
        let dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            self[x, y] = lit
            if x == x1, y == y1 { return }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// An arrow from the centre of a circle of `radius` toward `degrees` clockwise from up
    /// (straight ahead), with a head; a ring marks the dial. Up is the direction the unit points.
    mutating func arrow(centerX cx: Int, centerY cy: Int, radius r: Int, degrees: Double) {
        let a = degrees * .pi / 180
        func at(_ angle: Double, _ length: Double) -> (Int, Int) {
            (cx + Int((sin(angle) * length).rounded()), cy - Int((cos(angle) * length).rounded()))
        }
        let tip = at(a, Double(r)), tail = at(a + .pi, Double(r) * 0.6)
        line(tail.0, tail.1, tip.0, tip.1)
        let left = at(a - 2.6, Double(r) * 0.55), right = at(a + 2.6, Double(r) * 0.55)
        let leftEnd = (tip.0 + left.0 - cx, tip.1 + left.1 - cy), rightEnd = (tip.0 + right.0 - cx, tip.1 + right.1 - cy)
        line(tip.0, tip.1, leftEnd.0, leftEnd.1)
        line(tip.0, tip.1, rightEnd.0, rightEnd.1)
        // Thicken the shaft by one pixel so it reads at a distance.
        line(tail.0 + 1, tail.1, tip.0 + 1, tip.1)
        // Ticks on the dial: ahead (up) is marked, so "turn left/right" reads at a glance.
        self[cx, cy - r - 2] = true
        self[cx, cy - r - 3] = true
    }
}
