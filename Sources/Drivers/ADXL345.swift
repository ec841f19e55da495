import Geo
import HAL

/// The ADXL345's registers and the bits both the driver and the emulator use, as the
/// datasheet names them.
public enum ADXL345Register {
    public static let devID: UInt8 = 0x00, threshTap: UInt8 = 0x1D, tapAxes: UInt8 = 0x2A
    public static let bwRate: UInt8 = 0x2C, powerCtl: UInt8 = 0x2D, intEnable: UInt8 = 0x2E, intMap: UInt8 = 0x2F
    public static let intSource: UInt8 = 0x30, dataFormat: UInt8 = 0x31
    public static let dataX0: UInt8 = 0x32, dataZ1: UInt8 = 0x37, fifoCtl: UInt8 = 0x38
    public static let devIDValue: UInt8 = 0xE5
    /// POWER_CTL: Measure.
    public static let measure: UInt8 = 0x08
    /// INT_SOURCE: DATA_READY, Overrun.
    public static let dataReady: UInt8 = 0x80, overrun: UInt8 = 0x01
    /// DATA_FORMAT: FULL_RES; Range 1:0.
    public static let fullResolution: UInt8 = 0x08, rangeMask: UInt8 = 0x03
}

/// Analog Devices ADXL345 accelerometer (0x53, or 0x1D with ALT ADDRESS high). Register
/// map from the datasheet (rev. E): DEVID 0x00 = 0xE5; BW_RATE 0x2C (rate 3:0, 0x0A =
/// 100 Hz); POWER_CTL 0x2D (Measure bit 3); INT_SOURCE 0x30 (DATA_READY bit 7, Overrun
/// bit 0); DATA_FORMAT 0x31 (FULL_RES bit 3, range 1:0); DATAX0 0x32-0x37 little-endian;
/// 3.9 mg per count in full resolution at any range.
public final class ADXL345: Sensor {
    public let model = ChipModel.adxl345
    public let address: UInt8
    public enum Range: UInt8, Sendable { case g2 = 0, g4 = 1, g8 = 2, g16 = 3 }
    public let range: Range
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)

    typealias Reg = ADXL345Register

    public init(bus: I2CBus, address: UInt8 = 0x53, range: Range = .g4) {
        self.address = address
        self.range = range
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.devID) == Reg.devIDValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.devID)
        guard id == Reg.devIDValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.powerCtl, 0x00)  // standby while configuring
        try io.setChecked(Reg.dataFormat, Reg.fullResolution | range.rawValue, model: model)  // full resolution
        try io.setChecked(Reg.bwRate, 0x0A, model: model)  // 100 Hz
        try io.setChecked(Reg.powerCtl, Reg.measure, model: model)  // measure
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.intSource) & Reg.dataReady != 0 else { return nil }
        try io.get(Reg.dataX0, into: &data)
        let x = Bytes.le16(data, 0), y = Bytes.le16(data, 2), z = Bytes.le16(data, 4)
        // Full resolution: 10 bits at +-2 g up to 13 bits at +-16 g, right-justified.
        let limit = Int16(512) << Int16(range.rawValue)
        if Bytes.any(x, y, z, atOrBeyond: limit - 1, -limit) { throw .saturated(chip: model, address: address) }
        let k = 0.0039 * standardGravity
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
