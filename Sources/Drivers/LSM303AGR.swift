import Geo
import HAL

/// The LSM303AGR magnetometer's registers and the bits both the driver and the emulator
/// use, as the datasheet names them.
public enum LSM303AGRMagRegister {
    public static let whoAmIM: UInt8 = 0x4F
    public static let cfgRegAM: UInt8 = 0x60, cfgRegBM: UInt8 = 0x61, cfgRegCM: UInt8 = 0x62
    public static let statusRegM: UInt8 = 0x67, outXLRegM: UInt8 = 0x68, outZHRegM: UInt8 = 0x6D
    public static let whoAmIValue: UInt8 = 0x40
    /// CFG_REG_A_M: SOFT_RST; MD (mode) 1:0, 00 continuous.
    public static let softReset: UInt8 = 0x20, modeMask: UInt8 = 0x03
    /// STATUS_REG_M: Zyxda (new data), Zyxor (overrun).
    public static let zyxda: UInt8 = 0x08, zyxor: UInt8 = 0x80
}

/// ST LSM303AGR magnetometer (0x1E). Register map from ST's datasheet (DocID027765):
/// WHO_AM_I_M 0x4F = 0x40; CFG_REG_A_M 0x60 (COMP_TEMP_EN bit 7, SOFT_RST bit 5, ODR 3:2,
/// MD 1:0); CFG_REG_B_M 0x61 (OFF_CANC bit 1); CFG_REG_C_M 0x62 (BDU bit 4); STATUS_REG_M
/// 0x67 (Zyxda bit 3, Zyxor bit 7); OUTX_L_REG_M 0x68-0x6D little-endian, 1.5 mgauss/LSB.
/// The magnetometer's address pointer increments by itself in multi-byte reads.
public final class LSM303AGRMagnetometer: Sensor {
    public let model = ChipModel.lsm303agrMag
    public let address: UInt8
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)

    typealias Reg = LSM303AGRMagRegister

    public init(bus: I2CBus, address: UInt8 = 0x1E) {
        self.address = address
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmIM) == Reg.whoAmIValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmIM)
        guard id == Reg.whoAmIValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.cfgRegAM, Reg.softReset)  // soft reset
        try io.setChecked(Reg.cfgRegAM, 0x8C, model: model)  // temperature compensation, 100 Hz, continuous
        try io.setChecked(Reg.cfgRegBM, 0x02, model: model)  // offset cancellation
        try io.setChecked(Reg.cfgRegCM, 0x10, model: model)  // block data update
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.statusRegM) & Reg.zyxda != 0 else { return nil }
        try io.get(Reg.outXLRegM, into: &data)
        let x = Bytes.le16(data, 0), y = Bytes.le16(data, 2), z = Bytes.le16(data, 4)
        if Bytes.any(x, y, z, atOrBeyond: Int16.max, Int16.min) { throw .saturated(chip: model, address: address) }
        let k = 0.15  // 1.5 mgauss = 0.15 uT per count
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}

/// The LSM303AGR accelerometer's registers and the bits both the driver and the emulator
/// use, as the datasheet names them.
public enum LSM303AGRAccelRegister {
    public static let whoAmIA: UInt8 = 0x0F, tempCfgRegA: UInt8 = 0x1F
    public static let ctrlReg1A: UInt8 = 0x20, ctrlReg4A: UInt8 = 0x23, ctrlReg5A: UInt8 = 0x24
    public static let referenceA: UInt8 = 0x26, statusRegA: UInt8 = 0x27
    public static let outXLA: UInt8 = 0x28, outZHA: UInt8 = 0x2D
    public static let fifoCtrlRegA: UInt8 = 0x2E, actDurA: UInt8 = 0x3F
    public static let whoAmIValue: UInt8 = 0x33
    /// Sub-address MSB: auto-increment in a multi-byte access.
    public static let autoIncrement: UInt8 = 0x80
    /// CTRL_REG5_A: BOOT (reboot memory content).
    public static let boot: UInt8 = 0x80
    /// STATUS_REG_A: ZYXDA (new data), ZYXOR (overrun).
    public static let zyxda: UInt8 = 0x08, zyxor: UInt8 = 0x80
}

/// ST LSM303AGR accelerometer (0x19). WHO_AM_I_A 0x0F = 0x33; CTRL_REG1_A 0x20 (ODR 7:4,
/// LPen bit 3, Z/Y/X enable 2:0); CTRL_REG4_A 0x23 (BDU bit 7, FS 5:4, HR bit 3);
/// CTRL_REG5_A 0x24 (BOOT bit 7); STATUS_REG_A 0x27 (ZYXDA bit 3, ZYXOR bit 7); OUT_X_L_A
/// 0x28-0x2D little-endian, left-justified (12 bits in high-resolution mode). Multi-byte
/// reads need the sub-address MSB set (0x80).
public final class LSM303AGRAccelerometer: Sensor {
    public let model = ChipModel.lsm303agrAccel
    public let address: UInt8
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)

    typealias Reg = LSM303AGRAccelRegister

    public init(bus: I2CBus, address: UInt8 = 0x19) {
        self.address = address
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmIA) == Reg.whoAmIValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmIA)
        guard id == Reg.whoAmIValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.ctrlReg5A, Reg.boot)  // reboot memory content
        try io.setChecked(Reg.ctrlReg1A, 0x57, model: model)  // 100 Hz, normal power, X/Y/Z on
        try io.setChecked(Reg.ctrlReg4A, 0x98, model: model)  // BDU, +-4 g, high resolution
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.statusRegA) & Reg.zyxda != 0 else { return nil }
        try io.get(Reg.outXLA | Reg.autoIncrement, into: &data)
        // 12-bit left-justified; 1.95 mg per count at +-4 g in high-resolution mode.
        let k = 0.00195 * standardGravity
        let x = Bytes.le16(data, 0) >> 4, y = Bytes.le16(data, 2) >> 4, z = Bytes.le16(data, 4) >> 4
        if Bytes.any(x, y, z, atOrBeyond: 2047, -2048) { throw .saturated(chip: model, address: address) }
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
