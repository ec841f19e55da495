import HAL

/// The LIS3MDL's registers and the bits both the driver and the emulator use, as the
/// datasheet names them.
public enum LIS3MDLRegister {
    public static let whoAmI: UInt8 = 0x0F
    public static let ctrlReg1: UInt8 = 0x20, ctrlReg2: UInt8 = 0x21, ctrlReg3: UInt8 = 0x22
    public static let ctrlReg4: UInt8 = 0x23, ctrlReg5: UInt8 = 0x24, statusReg: UInt8 = 0x27
    public static let outXL: UInt8 = 0x28, outZH: UInt8 = 0x2D
    public static let intCfg: UInt8 = 0x30, intThsH: UInt8 = 0x33
    public static let whoAmIValue: UInt8 = 0x3D
    /// Sub-address MSB: auto-increment in a multi-byte access.
    public static let autoIncrement: UInt8 = 0x80
    /// STATUS_REG: ZYXDA (new data), ZYXOR (overrun).
    public static let zyxda: UInt8 = 0x08, zyxor: UInt8 = 0x80
    /// CTRL_REG2: SOFT_RST.
    public static let softReset: UInt8 = 0x04
}

/// ST LIS3MDL 3-axis magnetometer (0x1C or 0x1E). Register map from ST's datasheet
/// (DocID024204): WHO_AM_I 0x0F = 0x3D; CTRL_REG1 0x20 (OM 6:5, DO 4:2); CTRL_REG2 0x21
/// (FS 6:5, SOFT_RST bit 2); CTRL_REG3 0x22 (MD 1:0, 00 continuous); CTRL_REG4 0x23 (OMZ
/// 3:2); CTRL_REG5 0x24 (BDU bit 6); STATUS 0x27 (ZYXDA bit 3, ZYXOR bit 7); OUT_X_L 0x28
/// to OUT_Z_H 0x2D little-endian. Multi-byte reads need the sub-address MSB set (0x80).
public final class LIS3MDL: Sensor {
    public let model = ChipModel.lis3mdl
    public let address: UInt8
    public enum Range: UInt8, Sendable {
        case gauss4 = 0x00, gauss8 = 0x20, gauss12 = 0x40, gauss16 = 0x60
        var countsPerGauss: Double {
            switch self {
            case .gauss4: 6842
            case .gauss8: 3421
            case .gauss12: 2281
            case .gauss16: 1711
            }
        }
    }
    public let range: Range
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)

    typealias Reg = LIS3MDLRegister

    public init(bus: I2CBus, address: UInt8 = 0x1C, range: Range = .gauss4) {
        self.address = address
        self.range = range
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmI) == Reg.whoAmIValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmI)
        guard id == Reg.whoAmIValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.ctrlReg2, Reg.softReset)  // soft reset
        try io.setChecked(Reg.ctrlReg1, 0x5C, model: model)  // XY high-performance, 80 Hz
        try io.setChecked(Reg.ctrlReg2, range.rawValue, model: model)
        try io.setChecked(Reg.ctrlReg4, 0x08, model: model)  // Z high-performance
        try io.setChecked(Reg.ctrlReg5, 0x40, model: model)  // block data update
        try io.setChecked(Reg.ctrlReg3, 0x00, model: model)  // continuous conversion
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.statusReg) & Reg.zyxda != 0 else { return nil }
        try io.get(Reg.outXL | Reg.autoIncrement, into: &data)
        let x = Bytes.le16(data, 0), y = Bytes.le16(data, 2), z = Bytes.le16(data, 4)
        // No overflow flag: a full-scale count is a saturated axis.
        if Bytes.any(x, y, z, atOrBeyond: Int16.max, Int16.min) { throw .saturated(chip: model, address: address) }
        let k = 100 / range.countsPerGauss
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
