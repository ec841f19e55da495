import HAL
import TOMLKit

extension BoardConfig {

    /// `[[displays]]`: each a chip at one of its addresses, with its geometry.
    static func displayList(_ root: TableReader, file path: String) throws(ConfigError) -> [Display] {
        guard let list = try root.array("displays") else { return [] }
        var displays: [Display] = []
        for (i, v) in list.enumerated() {
            guard let t = v.table else { throw root.error("displays", "must be [[displays]] tables") }
            let d = TableReader(t, path: "displays[\(i)]", file: path, lines: root.lines)
            guard let name = try d.string("chip") else { throw d.error("chip", "is missing") }
            guard let model = DisplayModel(rawValue: name) else {
                let compass = ChipModel(rawValue: name) != nil ? " (\(quoted(name)) is a compass chip: give it as a [[compass.chips]] chip)" : ""
                throw d.error("chip", "\(quoted(name)) is not one of the display chips: \(DisplayModel.names)\(compass)")
            }
            let address = try d.int("address", in: 0x03...0x77).map { UInt8($0) } ?? model.addresses[0]
            guard model.addresses.contains(address) else {
                throw d.error("address", "\(model.rawValue) answers at \(addressList(model.addresses)), not \(hex(address))")
            }
            if displays.contains(where: { $0.address == address }) {
                throw d.error("address", "\(hex(address)) is given to two displays")
            }
            let display: Display
            if model.isGraphic {
                let rotation = try d.int("rotation", in: 0...180) ?? 0
                guard rotation == 0 || rotation == 180 else { throw d.error("rotation", "must be 0 or 180") }
                let height = try d.int("height", in: 32...64) ?? 64
                guard height == 32 || height == 64 else { throw d.error("height", "must be 32 or 64") }
                let width = try d.int("width", in: 128...128) ?? 128
                let contrast = try d.int("contrast", in: 0...255) ?? 0xCF
                display = Display(model: model, address: address, rotation: rotation, width: width, height: height, contrast: contrast)
            } else {
                let columns = try d.int("columns", in: 8...40) ?? 20
                let rows = try d.int("rows", in: 1...4) ?? 4
                guard [1, 2, 4].contains(rows) else { throw d.error("rows", "must be 1, 2 or 4") }
                guard [8, 16, 20, 24, 40].contains(columns) else { throw d.error("columns", "must be 8, 16, 20, 24 or 40") }
                guard columns * rows <= 80 else { throw d.error("rows", "\(columns)x\(rows) is more than the controller's 80 characters") }
                display = Display(model: model, address: address, columns: columns, rows: rows)
            }
            try d.finish()
            displays.append(display)
        }
        return displays
    }

    /// "0x3c or 0x3d"; a contiguous run as "0x20-0x27".
    private static func addressList(_ a: [UInt8]) -> String {
        var runs: [String] = []
        var i = 0
        while i < a.count {
            var j = i
            while j + 1 < a.count, a[j + 1] == a[j] + 1 { j += 1 }
            runs.append(j - i >= 2 ? "\(hex(a[i]))-\(hex(a[j]))" : (i...j).map { hex(a[$0]) }.joined(separator: " or "))
            i = j + 1
        }
        return runs.joined(separator: ", ")
    }
}
