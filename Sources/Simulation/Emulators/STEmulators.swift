import HAL

/// The ST register convention: the sub-address MSB asks for auto-increment.
public class STEmulator: RegisterEmulator {
    override func setPointer(_ byte: UInt8) {
        pointer = Int(byte & 0x7F)
        increment = byte & 0x80 != 0
    }
}

/// LIS3MDL at register level (ST DocID024204): WHO_AM_I 0x0F = 0x3D; CTRL_REG1-5
/// 0x20-0x24 (defaults 0x10, 0x00, 0x03 power-down, 0x00, 0x00); STATUS 0x27 (ZYXDA,
/// ZYXOR); OUT 0x28-0x2D little-endian. SOFT_RST (CTRL_REG2 bit 2) restores the defaults.
public final class LIS3MDLEmulator: STEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x0F] = 0x3D
        registers[0x20] = 0x10; registers[0x22] = 0x03
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard registers[0x22] & 0x03 == 0x00 else { return 0 }
        return [0.625, 1.25, 2.5, 5, 10, 20, 40, 80][Int(registers[0x20] >> 2 & 0x07)]
    }

    override func latch(_ v: Triple) {
        let perGauss: Double = [6842, 3421, 2281, 1711][Int(registers[0x21] >> 5 & 0x03)]
        let k = perGauss / 100
        storeLE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: 0x28)
        storeLE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: 0x2A)
        storeLE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: 0x2C)
    }

    override func readRegister(_ r: Int) -> UInt8 {
        r == 0x27 ? (dataReady ? 0x08 : 0) | (overrun ? 0x80 : 0) : registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        guard (0x20...0x24).contains(r) || (0x30...0x33).contains(r) else { return }
        if r == 0x21, v & 0x04 != 0 {
            powerOnReset()
            registers[0x21] = v & ~0x04
            return
        }
        registers[r] = v
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.overlaps(0x28...0x2D) { dataReady = false; overrun = false }
    }
}

/// LSM303AGR magnetometer at register level (ST DocID027765): WHO_AM_I_M 0x4F = 0x40;
/// CFG_REG_A_M 0x60 (default 0x03, idle), B 0x61, C 0x62; STATUS_REG_M 0x67; OUTX 0x68-
/// 0x6D little-endian, 1.5 mgauss/LSB. Its pointer always auto-increments.
public final class LSM303AGRMagEmulator: RegisterEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x4F] = 0x40
        registers[0x60] = 0x03
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard registers[0x60] & 0x03 == 0x00 else { return 0 }
        return [10.0, 20, 50, 100][Int(registers[0x60] >> 2 & 0x03)]
    }

    override func latch(_ v: Triple) {
        let k = 1 / 0.15
        storeLE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: 0x68)
        storeLE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: 0x6A)
        storeLE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: 0x6C)
    }

    override func readRegister(_ r: Int) -> UInt8 {
        r == 0x67 ? (dataReady ? 0x08 : 0) | (overrun ? 0x80 : 0) : registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        guard (0x60...0x62).contains(r) else { return }
        if r == 0x60, v & 0x20 != 0 {
            powerOnReset()
            return
        }
        registers[r] = v
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.overlaps(0x68...0x6D) { dataReady = false; overrun = false }
    }
}

/// LSM303AGR accelerometer at register level: WHO_AM_I_A 0x0F = 0x33; CTRL_REG1_A 0x20
/// (default 0x07: power-down, axes on); CTRL_REG4_A 0x23; CTRL_REG5_A 0x24 (BOOT);
/// STATUS_REG_A 0x27; OUT 0x28-0x2D little-endian, left-justified (12 bits in HR mode).
public final class LSM303AGRAccelEmulator: STEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x0F] = 0x33
        registers[0x20] = 0x07
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        [0.0, 1, 10, 25, 50, 100, 200, 400, 1620, 1344][min(9, Int(registers[0x20] >> 4))]
    }

    override func latch(_ v: Triple) {
        let fs = Int(registers[0x23] >> 4 & 0x03)
        let hr = registers[0x23] & 0x08 != 0, lowPower = registers[0x20] & 0x08 != 0
        // mg per digit at +-2/4/8/16 g: 12-bit HR, 10-bit normal, 8-bit low-power.
        let (mgPerDigit, bits): ([Double], Int) =
            hr ? ([0.98, 1.95, 3.9, 11.72], 12) : (lowPower ? ([15.63, 31.26, 62.52, 187.58], 8) : ([3.9, 7.82, 15.63, 46.9], 10))
        let perMS2 = 1 / (mgPerDigit[fs] / 1000 * 9.80665)
        let limit = 1 << (bits - 1), shift = 16 - bits
        storeLE(Self.counts(v.x, perUnit: perMS2, limit: limit).0 << shift, at: 0x28)
        storeLE(Self.counts(v.y, perUnit: perMS2, limit: limit).0 << shift, at: 0x2A)
        storeLE(Self.counts(v.z, perUnit: perMS2, limit: limit).0 << shift, at: 0x2C)
    }

    override func readRegister(_ r: Int) -> UInt8 {
        r == 0x27 ? (dataReady ? 0x08 : 0) | (overrun ? 0x80 : 0) : registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        guard (0x1F...0x26).contains(r) || (0x2E...0x3F).contains(r) else { return }
        registers[r] = r == 0x24 ? v & 0x7F : v  // BOOT clears itself
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.overlaps(0x28...0x2D) { dataReady = false; overrun = false }
    }
}
