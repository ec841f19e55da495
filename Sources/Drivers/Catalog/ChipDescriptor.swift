import HAL

/// What Mihrab knows of one compass chip: its identity (HAL's `ChipModel.identity`) and its
/// driver (the row in `ChipModel.descriptor`).
public struct ChipDescriptor: Sendable {
    public typealias DriverFactory = @Sendable (_ bus: I2CBus, _ address: UInt8, _ pause: @escaping Pause) -> Sensor

    public let model: ChipModel
    /// The driver at an address; `pause` waits seconds (the MPU-6050 after its reset).
    public let driver: DriverFactory

    public var name: String { model.rawValue }
    public var kind: SensorKind { model.identity.kind }
    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { model.identity.addresses }
    /// See `ChipIdentity.probeOrder`.
    public var probeOrder: Int { model.identity.probeOrder }
}
