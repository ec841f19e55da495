import HAL

/// The compass chips' drivers: one row per chip, keyed by HAL's `ChipModel` (whose
/// `identity` holds the name, kind, addresses and probe order a board file is checked
/// against). The switch is exhaustive, so a new case without its driver does not compile.
extension ChipModel {
    public var descriptor: ChipDescriptor {
        switch self {
        case .qmc5883l:
            ChipDescriptor(model: self, driver: { bus, address, _ in QMC5883L(bus: bus, address: address) })
        case .hmc5883l:
            ChipDescriptor(model: self, driver: { bus, address, _ in HMC5883L(bus: bus, address: address) })
        case .lis3mdl:
            ChipDescriptor(model: self, driver: { bus, address, _ in LIS3MDL(bus: bus, address: address) })
        case .lsm303agrMag:
            ChipDescriptor(model: self, driver: { bus, address, _ in LSM303AGRMagnetometer(bus: bus, address: address) })
        case .lsm303agrAccel:
            ChipDescriptor(model: self, driver: { bus, address, _ in LSM303AGRAccelerometer(bus: bus, address: address) })
        case .mpu6050:
            ChipDescriptor(model: self, driver: { bus, address, pause in MPU6050(bus: bus, address: address, pause: pause) })
        case .adxl345:
            ChipDescriptor(model: self, driver: { bus, address, _ in ADXL345(bus: bus, address: address) })
        }
    }

    /// A driver for the chip at an address on a bus; `pause` is its wait (see `Pause`).
    public func driver(bus: I2CBus, address: UInt8, pause: @escaping Pause) -> Sensor {
        descriptor.driver(bus, address, pause)
    }
}
