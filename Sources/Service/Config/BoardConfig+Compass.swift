import Compass
import HAL
import TOMLKit

extension BoardConfig {
    /// `[compass]`: the chips (a list of [[compass.chips]], or "auto") and the pointing axis.
    static func compassSection(_ root: TableReader, file path: String) throws(ConfigError)
        -> (chips: [Chip], autoDetect: Bool, axisName: String) {
        var chips: [Chip] = []
        var autoDetect = false
        var axisName = "x"
        guard let compass = try root.subtable("compass") else { return (chips, autoDetect, axisName) }
        if compass.table["chips"]?.string == "auto" {
            _ = try compass.string("chips")
            autoDetect = true
        } else if let list = try compass.array("chips") {
            for (i, v) in list.enumerated() {
                guard let t = v.table else { throw compass.error("chips", "must be \"auto\" or [[compass.chips]] tables") }
                chips.append(try chip(TableReader(t, path: "compass.chips[\(i)]", file: path, lines: root.lines)))
            }
        }
        if let a = try compass.string("pointing_axis") {
            guard DeviceFrame.axis(named: a) != nil else {
                throw compass.error("pointing_axis", "must be one of \(DeviceFrame.axisNames.joined(separator: ", "))")
            }
            axisName = a
        }
        try compass.finish()
        return (chips, autoDetect, axisName)
    }

    /// One [[compass.chips]] table: the chip by name (one of the descriptors' names; a display's
    /// name is pointed to [[displays]]), its address (one of the chip's), its mounting.
    private static func chip(_ c: TableReader) throws(ConfigError) -> Chip {
        guard let name = try c.string("chip") else { throw c.error("chip", "is missing") }
        guard let model = ChipModel(rawValue: name) else {
            let display = DisplayModel(rawValue: name) != nil ? " (\(quoted(name)) is a display: give it as a [[displays]] chip)" : ""
            throw c.error("chip", "\(quoted(name)) is not one of the compass chips: \(ChipModel.names)\(display)")
        }
        let address = try c.int("address", in: 0x03...0x77).map { UInt8($0) } ?? model.addresses[0]
        guard model.addresses.contains(address) else {
            throw c.error("address", "\(model.rawValue) answers at \(model.addresses.map { "0x" + String($0, radix: 16) }.joined(separator: " or ")), not 0x\(String(address, radix: 16))")
        }
        var mounting = Mounting.identity
        if let rows = try c.array("mounting") {
            let numbers = rows.compactMap { $0.array }.flatMap { $0.map { $0.double ?? $0.int.map(Double.init) } }
            guard rows.count == 3, numbers.count == 9, let m = Matrix3(rows: numbers.compactMap { $0 }),
                  numbers.allSatisfy({ $0 != nil }) else {
                throw c.error("mounting", "must be three rows of three numbers")
            }
            guard let r = Mounting(m) else {
                throw c.error("mounting", "is not a rotation (rows orthonormal, determinant +1)")
            }
            mounting = r
        }
        _ = try c.string("role")  // informative; the chip says what it is
        try c.finish()
        return Chip(model: model, address: address, mounting: mounting)
    }
}
