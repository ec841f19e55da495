import HAL

/// ADXL345 at register level (datasheet rev. E): DEVID 0x00 = 0xE5; BW_RATE 0x2C (default
/// 0x0A, rate = 3200 / 2^(15 - code) Hz); POWER_CTL 0x2D (Measure bit 3; default standby);
/// INT_SOURCE 0x30 (DATA_READY bit 7, Overrun bit 0); DATA_FORMAT 0x31 (FULL_RES, range);
/// DATAX0-DATAZ1 0x32-0x37 little-endian. DATA_READY clears when the data is read.
public final class ADXL345Emulator: RegisterEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x00] = 0xE5
        registers[0x2C] = 0x0A
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard registers[0x2D] & 0x08 != 0 else { return 0 }
        let code = Int(registers[0x2C] & 0x0F)
        return 3200 / Double(1 << (15 - code))
    }

    override func latch(_ v: Triple) {
        let range = Int(registers[0x31] & 0x03)
        let fullRes = registers[0x31] & 0x08 != 0
        // Full resolution: 3.9 mg per count, 10 to 13 bits; otherwise 10 bits scaled to the range.
        let perG = fullRes ? 256.0 : 256.0 / Double(1 << range)
        let limit = fullRes ? 512 << range : 512
        let k = perG / 9.80665
        storeLE(Self.counts(v.x, perUnit: k, limit: limit).0, at: 0x32)
        storeLE(Self.counts(v.y, perUnit: k, limit: limit).0, at: 0x34)
        storeLE(Self.counts(v.z, perUnit: k, limit: limit).0, at: 0x36)
    }

    override func readRegister(_ r: Int) -> UInt8 {
        r == 0x30 ? (dataReady ? 0x80 : 0) | (overrun ? 0x01 : 0) : registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        guard (0x1D...0x2A).contains(r) || (0x2C...0x2F).contains(r) || r == 0x31 || r == 0x38 else { return }
        registers[r] = v
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.overlaps(0x32...0x37) { dataReady = false; overrun = false }
    }
}
