import HAL

/// The QMC5883L's registers and the bits both the driver and the emulator use, as the
/// datasheet names them.
public enum QMC5883LRegister {
    /// XOUT LSB; X, Y, Z follow, LSB first.
    public static let dataOutputXLSB: UInt8 = 0x00, dataOutputZMSB: UInt8 = 0x05
    public static let status: UInt8 = 0x06, control1: UInt8 = 0x09, control2: UInt8 = 0x0A
    public static let setResetPeriod: UInt8 = 0x0B, chipID: UInt8 = 0x0D
    public static let chipIDValue: UInt8 = 0xFF
    /// Status: data ready, overflow, data skipped.
    public static let drdy: UInt8 = 0x01, ovl: UInt8 = 0x02, dor: UInt8 = 0x04
    /// Control 2: soft reset, pointer roll-over.
    public static let softReset: UInt8 = 0x80, rolPnt: UInt8 = 0x40
}

/// QST QMC5883L 3-axis magnetometer (address 0x0D). Register map from the QST datasheet
/// (rev. 1.0): data X/Y/Z little-endian at 0x00-0x05, status 0x06 (DRDY bit 0, OVL bit 1,
/// DOR bit 2), control 0x09 (OSR 7:6, RNG 5:4, ODR 3:2, MODE 1:0), control 0x0A (SOFT_RST
/// bit 7, ROL_PNT bit 6), SET/RESET period 0x0B (0x01 recommended), chip ID 0x0D = 0xFF.
/// The chip sold on many "HMC5883L / GY-271" boards.
public final class QMC5883L: Sensor {
    public let model = ChipModel.qmc5883l
    public let address: UInt8
    public enum Range: UInt8, Sendable { case gauss2 = 0x00, gauss8 = 0x10 }
    public enum Rate: UInt8, Sendable { case hz10 = 0x00, hz50 = 0x04, hz100 = 0x08, hz200 = 0x0C }
    public let range: Range
    public let rate: Rate
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)

    typealias Reg = QMC5883LRegister

    public init(bus: I2CBus, address: UInt8 = 0x0D, range: Range = .gauss8, rate: Rate = .hz100) {
        self.address = address
        self.range = range
        self.rate = rate
        io = RegisterIO(bus: bus, address: address)
    }

    /// uT per count: 12000 LSB/G on the 2 G range, 3000 LSB/G on 8 G (1 G = 100 uT).
    var scale: Double { range == .gauss2 ? 100.0 / 12_000 : 100.0 / 3000 }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.chipID) == Reg.chipIDValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.chipID)
        guard id == Reg.chipIDValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.control2, Reg.softReset)  // soft reset: all registers to defaults
        try io.set(Reg.setResetPeriod, 0x01)
        // OSR 512 (00), range, rate, continuous mode (01).
        try io.setChecked(Reg.control1, range.rawValue | rate.rawValue | 0x01, model: model)
    }

    public func read() throws(SensorError) -> Triple? {
        let status = try io.get(Reg.status)
        guard status & Reg.drdy != 0 else { return nil }
        try io.get(Reg.dataOutputXLSB, into: &data)  // reading the data clears DRDY
        if status & Reg.ovl != 0 { throw .saturated(chip: model, address: address) }
        return Triple(Double(Bytes.le16(data, 0)) * scale, Double(Bytes.le16(data, 2)) * scale,
                      Double(Bytes.le16(data, 4)) * scale)
    }
}
