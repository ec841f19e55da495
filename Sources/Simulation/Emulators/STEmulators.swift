import Drivers
import Geo
import HAL

/// The ST register convention: the sub-address MSB asks for auto-increment.
public class STEmulator: RegisterEmulator {
    override func setPointer(_ byte: UInt8) {
        pointer = byte & ~LIS3MDLRegister.autoIncrement
        increment = byte & LIS3MDLRegister.autoIncrement != 0
    }
}

/// LIS3MDL at register level (ST DocID024204): WHO_AM_I 0x0F = 0x3D; CTRL_REG1-5
/// 0x20-0x24 (defaults 0x10, 0x00, 0x03 power-down, 0x00, 0x00); STATUS 0x27 (ZYXDA,
/// ZYXOR); OUT 0x28-0x2D little-endian. SOFT_RST (CTRL_REG2 bit 2) restores the defaults.
/// Registers by the driver's names (`LIS3MDLRegister`).
public final class LIS3MDLEmulator: STEmulator {
    private typealias R = LIS3MDLRegister

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.whoAmI] = R.whoAmIValue
        self[R.ctrlReg1] = 0x10; self[R.ctrlReg3] = 0x03
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard self[R.ctrlReg3] & 0x03 == 0x00 else { return 0 }
        return [0.625, 1.25, 2.5, 5, 10, 20, 40, 80][Int(self[R.ctrlReg1] >> 2 & 0x07)]
    }

    override func latch(_ v: Triple) {
        let perGauss: Double = [6842, 3421, 2281, 1711][Int(self[R.ctrlReg2] >> 5 & 0x03)]
        let k = perGauss / 100
        storeLE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: R.outXL)
        storeLE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: R.outXL + 2)
        storeLE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: R.outXL + 4)
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        r == R.statusReg ? (dataReady ? R.zyxda : 0) | (overrun ? R.zyxor : 0) : self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        guard (R.ctrlReg1...R.ctrlReg5).contains(r) || (R.intCfg...R.intThsH).contains(r) else { return }
        if r == R.ctrlReg2, v & R.softReset != 0 {
            powerOnReset()
            self[R.ctrlReg2] = v & ~R.softReset
            return
        }
        self[r] = v
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.overlaps(R.outXL...R.outZH) { dataReady = false; overrun = false }
    }
}

/// LSM303AGR magnetometer at register level (ST DocID027765): WHO_AM_I_M 0x4F = 0x40;
/// CFG_REG_A_M 0x60 (default 0x03, idle), B 0x61, C 0x62; STATUS_REG_M 0x67; OUTX 0x68-
/// 0x6D little-endian, 1.5 mgauss/LSB. Its pointer always auto-increments. Registers by
/// the driver's names (`LSM303AGRMagRegister`).
public final class LSM303AGRMagEmulator: RegisterEmulator {
    private typealias R = LSM303AGRMagRegister

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.whoAmIM] = R.whoAmIValue
        self[R.cfgRegAM] = 0x03
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard self[R.cfgRegAM] & R.modeMask == 0x00 else { return 0 }
        return [10.0, 20, 50, 100][Int(self[R.cfgRegAM] >> 2 & 0x03)]
    }

    override func latch(_ v: Triple) {
        let k = 1 / 0.15
        storeLE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: R.outXLRegM)
        storeLE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: R.outXLRegM + 2)
        storeLE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: R.outXLRegM + 4)
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        r == R.statusRegM ? (dataReady ? R.zyxda : 0) | (overrun ? R.zyxor : 0) : self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        guard (R.cfgRegAM...R.cfgRegCM).contains(r) else { return }
        if r == R.cfgRegAM, v & R.softReset != 0 {
            powerOnReset()
            return
        }
        self[r] = v
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.overlaps(R.outXLRegM...R.outZHRegM) { dataReady = false; overrun = false }
    }
}

/// LSM303AGR accelerometer at register level: WHO_AM_I_A 0x0F = 0x33; CTRL_REG1_A 0x20
/// (default 0x07: power-down, axes on); CTRL_REG4_A 0x23; CTRL_REG5_A 0x24 (BOOT);
/// STATUS_REG_A 0x27; OUT 0x28-0x2D little-endian, left-justified (12 bits in HR mode).
/// Registers by the driver's names (`LSM303AGRAccelRegister`).
public final class LSM303AGRAccelEmulator: STEmulator {
    private typealias R = LSM303AGRAccelRegister

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.whoAmIA] = R.whoAmIValue
        self[R.ctrlReg1A] = 0x07
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        [0.0, 1, 10, 25, 50, 100, 200, 400, 1620, 1344][min(9, Int(self[R.ctrlReg1A] >> 4))]
    }

    override func latch(_ v: Triple) {
        let fs = Int(self[R.ctrlReg4A] >> 4 & 0x03)
        let hr = self[R.ctrlReg4A] & 0x08 != 0, lowPower = self[R.ctrlReg1A] & 0x08 != 0
        // mg per digit at +-2/4/8/16 g: 12-bit HR, 10-bit normal, 8-bit low-power.
        let (mgPerDigit, bits): ([Double], Int) =
            hr ? ([0.98, 1.95, 3.9, 11.72], 12) : (lowPower ? ([15.63, 31.26, 62.52, 187.58], 8) : ([3.9, 7.82, 15.63, 46.9], 10))
        let perMS2 = 1 / (mgPerDigit[fs] / 1000 * standardGravity)
        let limit = 1 << (bits - 1), shift = 16 - bits
        storeLE(Self.counts(v.x, perUnit: perMS2, limit: limit).0 << shift, at: R.outXLA)
        storeLE(Self.counts(v.y, perUnit: perMS2, limit: limit).0 << shift, at: R.outXLA + 2)
        storeLE(Self.counts(v.z, perUnit: perMS2, limit: limit).0 << shift, at: R.outXLA + 4)
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        r == R.statusRegA ? (dataReady ? R.zyxda : 0) | (overrun ? R.zyxor : 0) : self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        guard (R.tempCfgRegA...R.referenceA).contains(r) || (R.fifoCtrlRegA...R.actDurA).contains(r) else { return }
        self[r] = r == R.ctrlReg5A ? v & ~R.boot : v  // BOOT clears itself
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.overlaps(R.outXLA...R.outZHA) { dataReady = false; overrun = false }
    }
}
