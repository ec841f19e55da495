import Drivers
import HAL

/// The emulator of each compass chip, registered by its descriptor's id (`ChipModel`): the
/// switch is exhaustive, so a chip without an emulator does not compile, and the emulator
/// is fed what the descriptor's kind measures. No names here: the board file's names are
/// parsed once, into `ChipModel`, where a wrong one is an error listing the chips there are.
public enum ChipEmulators {
    /// A new emulator for `model`, reading `source` (its quantity in the chip's axes) at `now`.
    public static func make(_ model: ChipModel, source: @escaping (Double) -> Triple,
                            now: @escaping () -> Double) -> RegisterEmulator {
        switch model {
        case .qmc5883l: QMC5883LEmulator(source: source, now: now)
        case .hmc5883l: HMC5883LEmulator(source: source, now: now)
        case .lis3mdl: LIS3MDLEmulator(source: source, now: now)
        case .lsm303agrMag: LSM303AGRMagEmulator(source: source, now: now)
        case .lsm303agrAccel: LSM303AGRAccelEmulator(source: source, now: now)
        case .mpu6050: MPU6050Emulator(source: source, now: now)
        case .adxl345: ADXL345Emulator(source: source, now: now)
        }
    }
}
