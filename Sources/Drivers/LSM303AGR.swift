import Geo
import HAL

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

    enum Reg {
        static let whoAmI: UInt8 = 0x4F, cfgA: UInt8 = 0x60, cfgB: UInt8 = 0x61, cfgC: UInt8 = 0x62
        static let status: UInt8 = 0x67, outX: UInt8 = 0x68
    }

    public init(bus: I2CBus, address: UInt8 = 0x1E) {
        self.address = address
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmI) == 0x40 }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmI)
        guard id == 0x40 else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.cfgA, 0x20)  // soft reset
        try io.setChecked(Reg.cfgA, 0x8C, model: model)  // temperature compensation, 100 Hz, continuous
        try io.setChecked(Reg.cfgB, 0x02, model: model)  // offset cancellation
        try io.setChecked(Reg.cfgC, 0x10, model: model)  // block data update
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.status) & 0x08 != 0 else { return nil }
        try io.get(Reg.outX, into: &data)
        let x = Bytes.le16(data, 0), y = Bytes.le16(data, 2), z = Bytes.le16(data, 4)
        if Bytes.any(x, y, z, atOrBeyond: Int16.max, Int16.min) { throw .saturated(chip: model, address: address) }
        let k = 0.15  // 1.5 mgauss = 0.15 uT per count
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
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

    enum Reg {
        static let whoAmI: UInt8 = 0x0F, ctrl1: UInt8 = 0x20, ctrl4: UInt8 = 0x23, ctrl5: UInt8 = 0x24
        static let status: UInt8 = 0x27, outX: UInt8 = 0x28, autoIncrement: UInt8 = 0x80
    }

    public init(bus: I2CBus, address: UInt8 = 0x19) {
        self.address = address
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmI) == 0x33 }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmI)
        guard id == 0x33 else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.ctrl5, 0x80)  // reboot memory content
        try io.setChecked(Reg.ctrl1, 0x57, model: model)  // 100 Hz, normal power, X/Y/Z on
        try io.setChecked(Reg.ctrl4, 0x98, model: model)  // BDU, +-4 g, high resolution
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.status) & 0x08 != 0 else { return nil }
        try io.get(Reg.outX | Reg.autoIncrement, into: &data)
        // 12-bit left-justified; 1.95 mg per count at +-4 g in high-resolution mode.
        let k = 0.00195 * standardGravity
        let x = Bytes.le16(data, 0) >> 4, y = Bytes.le16(data, 2) >> 4, z = Bytes.le16(data, 4) >> 4
        if Bytes.any(x, y, z, atOrBeyond: 2047, -2048) { throw .saturated(chip: model, address: address) }
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
