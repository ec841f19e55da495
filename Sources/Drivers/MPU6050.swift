import Geo
import HAL

/// The MPU-6050's registers and the bits both the driver and the emulator use, as the
/// register map document names them.
public enum MPU6050Register {
    public static let smplrtDiv: UInt8 = 0x19, config: UInt8 = 0x1A, accelConfig: UInt8 = 0x1C
    public static let intEnable: UInt8 = 0x38, intStatus: UInt8 = 0x3A
    /// ACCEL_XOUT_H; the accelerometer, temperature, gyro and external sensor data follow,
    /// read-only, to EXT_SENS_DATA_23.
    public static let accelXoutH: UInt8 = 0x3B, extSensData23: UInt8 = 0x60
    public static let pwrMgmt1: UInt8 = 0x6B, whoAmI: UInt8 = 0x75
    public static let whoAmIValue: UInt8 = 0x68
    /// PWR_MGMT_1: DEVICE_RESET, SLEEP.
    public static let deviceReset: UInt8 = 0x80, sleep: UInt8 = 0x40
    /// INT_ENABLE / INT_STATUS: DATA_RDY.
    public static let dataReady: UInt8 = 0x01
}

/// InvenSense MPU-6050 accelerometer (0x68, or 0x69 with AD0 high). Register map from the
/// register map document (RM-MPU-6000A rev. 4.2): SMPLRT_DIV 0x19, CONFIG 0x1A (DLPF 2:0),
/// ACCEL_CONFIG 0x1C (AFS_SEL 4:3), INT_ENABLE 0x38 (DATA_RDY_EN bit 0), INT_STATUS 0x3A
/// (DATA_RDY_INT bit 0, FIFO_OFLOW bit 4; cleared by reading), ACCEL_XOUT_H 0x3B-0x40
/// big-endian, PWR_MGMT_1 0x6B (DEVICE_RESET bit 7, SLEEP bit 6, CLKSEL 2:0), WHO_AM_I
/// 0x75 = 0x68 (whatever AD0 is). After a reset the chip needs 100 ms.
public final class MPU6050: Sensor {
    public let model = ChipModel.mpu6050
    public let address: UInt8
    public enum Range: UInt8, Sendable {
        case g2 = 0x00, g4 = 0x08, g8 = 0x10, g16 = 0x18
        var countsPerG: Double {
            switch self {
            case .g2: 16384
            case .g4: 8192
            case .g8: 4096
            case .g16: 2048
            }
        }
    }
    public let range: Range
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)
    private let pause: Pause

    typealias Reg = MPU6050Register

    /// `pause` waits the given seconds (on a real bus the thread sleeps; see `Pause`).
    public init(bus: I2CBus, address: UInt8 = 0x68, range: Range = .g4, pause: @escaping Pause) {
        self.address = address
        self.range = range
        self.pause = pause
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool { try io.get(Reg.whoAmI) == Reg.whoAmIValue }

    public func initialize() throws(SensorError) {
        let id = try io.get(Reg.whoAmI)
        guard id == Reg.whoAmIValue else { throw .wrongIdentity(chip: model, address: address, found: [id]) }
        try io.set(Reg.pwrMgmt1, Reg.deviceReset)  // device reset
        pause(0.1)
        try io.setChecked(Reg.pwrMgmt1, 0x01, model: model)  // awake, PLL with X gyro clock
        try io.setChecked(Reg.config, 0x03, model: model)  // DLPF 44 Hz: 1 kHz internal rate
        try io.setChecked(Reg.smplrtDiv, 9, model: model)  // 1 kHz / (1 + 9) = 100 Hz
        try io.setChecked(Reg.accelConfig, range.rawValue, model: model, mask: 0x18)
        try io.setChecked(Reg.intEnable, Reg.dataReady, model: model)  // data ready
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.intStatus) & Reg.dataReady != 0 else { return nil }
        try io.get(Reg.accelXoutH, into: &data)
        let x = Bytes.be16(data, 0), y = Bytes.be16(data, 2), z = Bytes.be16(data, 4)
        if Bytes.any(x, y, z, atOrBeyond: Int16.max, Int16.min) { throw .saturated(chip: model, address: address) }
        let k = standardGravity / range.countsPerG
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
