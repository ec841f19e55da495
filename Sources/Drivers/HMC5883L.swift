import HAL

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

    enum Reg {
        static let configA: UInt8 = 0x00, configB: UInt8 = 0x01, mode: UInt8 = 0x02, data: UInt8 = 0x03
        static let status: UInt8 = 0x09, identA: UInt8 = 0x0A
    }

    public init(bus: I2CBus, address: UInt8 = 0x1E, gain: Gain = .ga1_9) {
        self.address = address
        self.gain = gain
        io = RegisterIO(bus: bus, address: address)
    }

    public func probe() throws(SensorError) -> Bool {
        try io.get(Reg.identA, into: &ident)
        return ident == [0x48, 0x34, 0x33]
    }

    public func initialize() throws(SensorError) {
        guard try probe() else { throw .wrongIdentity(chip: model, address: address, found: ident) }
        // No soft reset on this chip: set every configuration register.
        try io.setChecked(Reg.configA, 0x78, model: model)  // 8-sample average, 75 Hz, normal
        try io.setChecked(Reg.configB, gain.rawValue, model: model, mask: 0xE0)
        try io.set(Reg.mode, 0x00)  // continuous
    }

    public func read() throws(SensorError) -> Triple? {
        guard try io.get(Reg.status) & 0x01 != 0 else { return nil }
        try io.get(Reg.data, into: &data)
        let x = Bytes.be16(data, 0), z = Bytes.be16(data, 2), y = Bytes.be16(data, 4)
        if x == -4096 || y == -4096 || z == -4096 { throw .saturated(chip: model, address: address) }
        let k = 100 / gain.countsPerGauss
        return Triple(Double(x) * k, Double(y) * k, Double(z) * k)
    }
}
