import HAL

/// What Mihrab knows of one compass chip: one row per chip, in `ChipModel.descriptor`.
public struct ChipDescriptor: Sendable {
    public typealias DriverFactory = @Sendable (_ bus: I2CBus, _ address: UInt8, _ pause: @escaping (Double) -> Void) -> Sensor

    public let model: ChipModel
    public let kind: SensorKind
    /// The addresses the chip can answer at (strap options), the default first.
    public let addresses: [UInt8]
    /// A scan probes chips in ascending `probeOrder`, and an address answered stays taken:
    /// at an address several chips share (0x1E: HMC5883L, LIS3MDL, LSM303AGR) the first
    /// chip whose identity registers match is the one reported. Unique per chip (a test
    /// checks), so the order never depends on the order of the cases.
    public let probeOrder: Int
    /// The driver at an address; `pause` waits seconds (the MPU-6050 after its reset).
    public let driver: DriverFactory

    public var name: String { model.rawValue }
}
