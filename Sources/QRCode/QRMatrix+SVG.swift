extension QRMatrix {
    /// The code as a compact SVG: a light square with `quietZone` light modules around the code
    /// (4, the standard's), and one `<path>` of the dark modules, a rectangle per run in a row.
    /// The `viewBox` counts modules and there is no width or height, so CSS sizes it;
    /// `shape-rendering="crispEdges"` keeps the edges sharp at every size.
    public func svg(quietZone: Int = 4) -> String {
        let margin = max(0, quietZone)
        let side = size + 2 * margin
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else { x += 1; continue }
                var end = x + 1
                while end < size, self[end, y] { end += 1 }
                path += "M\(x + margin) \(y + margin)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}
