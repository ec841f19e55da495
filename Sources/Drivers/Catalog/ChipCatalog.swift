import HAL

public enum SensorKind: String, Sendable {
    case magnetometer, accelerometer
}

/// The compass chips Mihrab drives, by their board-file names. What each one is lives in
/// its row of `descriptor` below; its emulator is registered in Simulation's `ChipEmulators`,
/// keyed by this case, and the compiler checks both tables are complete. Adding a chip: a
/// case and a row here, its driver (with its register map), its emulator and its line in
/// `ChipEmulators`.
public enum ChipModel: String, Sendable, CaseIterable {
    case qmc5883l, hmc5883l, lis3mdl
    case lsm303agrMag = "lsm303agr-mag"
    case lsm303agrAccel = "lsm303agr-accel"
    case mpu6050, adxl345

    /// The board-file name.
    public var name: String { rawValue }
    public var kind: SensorKind { descriptor.kind }
    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { descriptor.addresses }

    /// A driver for the chip at an address on a bus.
    public func driver(bus: I2CBus, address: UInt8, pause: @escaping (Double) -> Void = { _ in }) -> Sensor {
        descriptor.driver(bus, address, pause)
    }

    /// Every chip, in the order a bus scan probes them (see `ChipDescriptor.probeOrder`).
    public static var probeOrder: [ChipModel] {
        allCases.sorted { $0.descriptor.probeOrder < $1.descriptor.probeOrder }
    }

    /// The board-file names, quoted, for a message naming the chips there are.
    public static var names: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

/// The compass chips' table: one row per chip. The switch is exhaustive, so a new case
/// without its row does not compile.
extension ChipModel {
    public var descriptor: ChipDescriptor {
        switch self {
        case .qmc5883l:
            // Its own address: many boards sold as "HMC5883L / GY-271" carry this chip.
            ChipDescriptor(model: self, kind: .magnetometer, addresses: [0x0D], probeOrder: 10,
                           driver: { bus, address, _ in QMC5883L(bus: bus, address: address) })
        case .hmc5883l:
            // First at 0x1E: three identity bytes ("H43"), the most specific of the three chips there.
            ChipDescriptor(model: self, kind: .magnetometer, addresses: [0x1E], probeOrder: 20,
                           driver: { bus, address, _ in HMC5883L(bus: bus, address: address) })
        case .lis3mdl:
            ChipDescriptor(model: self, kind: .magnetometer, addresses: [0x1C, 0x1E], probeOrder: 30,
                           driver: { bus, address, _ in LIS3MDL(bus: bus, address: address) })
        case .lsm303agrMag:
            ChipDescriptor(model: self, kind: .magnetometer, addresses: [0x1E], probeOrder: 40,
                           driver: { bus, address, _ in LSM303AGRMagnetometer(bus: bus, address: address) })
        case .lsm303agrAccel:
            ChipDescriptor(model: self, kind: .accelerometer, addresses: [0x19], probeOrder: 50,
                           driver: { bus, address, _ in LSM303AGRAccelerometer(bus: bus, address: address) })
        case .mpu6050:
            ChipDescriptor(model: self, kind: .accelerometer, addresses: [0x68, 0x69], probeOrder: 60,
                           driver: { bus, address, pause in MPU6050(bus: bus, address: address, pause: pause) })
        case .adxl345:
            ChipDescriptor(model: self, kind: .accelerometer, addresses: [0x53, 0x1D], probeOrder: 70,
                           driver: { bus, address, _ in ADXL345(bus: bus, address: address) })
        }
    }
}
