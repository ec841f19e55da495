import HAL

/// What answered on a bus, and as which chip.
public struct DetectedChip: Sendable, Equatable {
    public let model: ChipModel
    public let address: UInt8
}

/// Scans a bus for the chips Mihrab knows, by their addresses and identity registers.
/// Many boards sold as "HMC5883L / GY-271" carry a QMC5883L (0x0D): both are probed, and
/// 0x1E, shared by three magnetometers, is told apart by its identity registers; the chips
/// are probed in their descriptors' `probeOrder`, so which one wins there is written down.
public enum SensorScanner {
    public static func scan(_ bus: I2CBus) -> [DetectedChip] {
        var found: [DetectedChip] = []
        for model in ChipModel.probeOrder {
            for address in model.addresses where !found.contains(where: { $0.address == address }) {
                // A probe reads identity registers and never waits.
                let driver = model.driver(bus: bus, address: address, pause: noPause)
                if (try? driver.probe()) == true { found.append(DetectedChip(model: model, address: address)) }
            }
        }
        return found
    }
}
