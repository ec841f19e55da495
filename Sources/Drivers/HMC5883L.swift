import HAL

/// The HMC5883L's registers and the bits both the driver and the emulator use, as the
/// datasheet names them.
public enum HMC5883LRegister {
    public static let configurationA: UInt8 = 0x00, configurationB: UInt8 = 0x01, mode: UInt8 = 0x02
    /// Data output X MSB; then X LSB, Z, Y (big-endian) to Y LSB.
    public static let dataOutputXMSB: UInt8 = 0x03, dataOutputYLSB: UInt8 = 0x08
    public static let status: UInt8 = 0x09
    public static let identificationA: UInt8 = 0x0A, identificationC: UInt8 = 0x0C
    /// Identification A-C: "H43".
    public static let identity: [UInt8] = [0x48, 0x34, 0x33]
    /// Status: RDY.
    public static let rdy: UInt8 = 0x01
    /// A measurement out of range reads this on its axis.
    public static let overflowCount: Int16 = -4096
}

/// Honeywell HMC5883L 3-axis magnetometer (address 0x1E). Register map from the Honeywell
/// datasheet: configuration A 0x00 (averaging 6:5, rate 4:2), configuration B 0x01 (gain
/// 7:5), mode 0x02 (00 continuous), data 0x03-0x08 big-endian in the order X, Z, Y, status
/// 0x09 (RDY bit 0), identification 0x0A-0x0C = "H43". A measurement out of range reads
/// -4096 on that axis. The register pointer wraps from 0x08 to 0x03 in data reads.
public final class HMC5883L: Sensor {
    public let model = ChipModel.hmc5883l
    public let address: UInt8
    /// Gain codes and their counts per gauss.
    public enum Gain: UInt8, Sendable {
        case ga1_3 = 0x20, ga1_9 = 0x40, ga2_5 = 0x60, ga4_0 = 0x80
        var countsPerGauss: Double {
            switch self {
            case .ga1_3: 1090
            case .ga1_9: 820
            case .ga2_5: 660
            case .ga4_0: 440
            }
        }
    }
    public let gain: Gain
    private var io: RegisterIO
    private var data = [UInt8](repeating: 0, count: 6)
    private var ident = [UInt8](repeating: 0, count: 3)

    typealias Reg = HMC5883LRegister

    public init(bus: I2CBus, address: UInt8 = 0x1E, gain: Gain = .ga1_9) {
        self.address = address
        self.gain = gain
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool {
        try io.get(Reg.identificationA, into: &ident)
        return ident == Reg.identity
    }

    public func initialize() throws(SensorError) {
        guard try probe() else { throw .wrongIdentity(chip: model, address: address, found: ident) }
        // No soft reset on this chip: set every configuration register.
        try io.setChecked(Reg.configurationA, 0x78, model: model)  // 8-sample average, 75 Hz, normal
        try io.setChecked(Reg.configurationB, gain.rawValue, model: model, mask: 0xE0)
        try io.set(Reg.mode, 0x00)  // continuous
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.status) & Reg.rdy != 0 else { return nil }
        try io.get(Reg.dataOutputXMSB, into: &data)
        let x = Bytes.be16(data, 0), z = Bytes.be16(data, 2), y = Bytes.be16(data, 4)
        if x == Reg.overflowCount || y == Reg.overflowCount || z == Reg.overflowCount { throw .saturated(chip: model, address: address) }
        let k = 100 / gain.countsPerGauss
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
