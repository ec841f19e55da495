/// What a board file can name, below every module that reads one: the chips' identities
/// (name, kind, addresses, probe order), so the unit's configuration can check a board file
/// without importing the drivers. What builds a driver is Drivers' `ChipModel.descriptor`,
/// what emulates one is Simulation's `ChipEmulators`: both exhaustive switches over this enum.
public enum SensorKind: String, Sendable {
    case magnetometer, accelerometer
}

/// The compass chips Mihrab drives, by their board-file names. Adding a chip: a case and its
/// row in `identity` here, its driver (with its register map) and its row in Drivers'
/// `ChipModel.descriptor`, its emulator and its line in Simulation's `ChipEmulators`; the
/// compiler checks all three tables are complete.
public enum ChipModel: String, Sendable, CaseIterable {
    case qmc5883l, hmc5883l, lis3mdl
    case lsm303agrMag = "lsm303agr-mag"
    case lsm303agrAccel = "lsm303agr-accel"
    case mpu6050, adxl345

    /// The board-file name.
    public var name: String { rawValue }
    public var kind: SensorKind { identity.kind }
    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { identity.addresses }

    /// Every chip, in the order a bus scan probes them (see `ChipIdentity.probeOrder`).
    public static var probeOrder: [ChipModel] {
        allCases.sorted { $0.identity.probeOrder < $1.identity.probeOrder }
    }

    /// The board-file names, quoted, for a message naming the chips there are.
    public static var names: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

/// Who a compass chip is on the bus: one row per chip, in `ChipModel.identity`.
public struct ChipIdentity: Sendable, Equatable {
    public let kind: SensorKind
    /// The addresses the chip can answer at (strap options), the default first.
    public let addresses: [UInt8]
    /// A scan probes chips in ascending `probeOrder`, and an address answered stays taken:
    /// at an address several chips share (0x1E: HMC5883L, LIS3MDL, LSM303AGR) the first
    /// chip whose identity registers match is the one reported. Unique per chip (a test
    /// checks), so the order never depends on the order of the cases.
    public let probeOrder: Int
}

/// The compass chips' identities: one row per chip. The switch is exhaustive, so a new case
/// without its row does not compile.
extension ChipModel {
    public var identity: ChipIdentity {
        switch self {
        // Its own address: many boards sold as "HMC5883L / GY-271" carry this chip.
        case .qmc5883l: ChipIdentity(kind: .magnetometer, addresses: [0x0D], probeOrder: 10)
        // First at 0x1E: three identity bytes ("H43"), the most specific of the three chips there.
        case .hmc5883l: ChipIdentity(kind: .magnetometer, addresses: [0x1E], probeOrder: 20)
        case .lis3mdl: ChipIdentity(kind: .magnetometer, addresses: [0x1C, 0x1E], probeOrder: 30)
        case .lsm303agrMag: ChipIdentity(kind: .magnetometer, addresses: [0x1E], probeOrder: 40)
        case .lsm303agrAccel: ChipIdentity(kind: .accelerometer, addresses: [0x19], probeOrder: 50)
        case .mpu6050: ChipIdentity(kind: .accelerometer, addresses: [0x68, 0x69], probeOrder: 60)
        case .adxl345: ChipIdentity(kind: .accelerometer, addresses: [0x53, 0x1D], probeOrder: 70)
        }
    }
}
