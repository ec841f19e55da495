import HAL

/// QMC5883L at register level (QST datasheet rev. 1.0): data 0x00-0x05 little-endian,
/// status 0x06 (DRDY, OVL, DOR), control 0x09, 0x0A (SOFT_RST, ROL_PNT), 0x0B, ID 0x0D =
/// 0xFF. Reading any data register clears DRDY. Powers up in standby.
public final class QMC5883LEmulator: RegisterEmulator {
    var overflow = false

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x0D] = 0xFF
        dataReady = false
        overrun = false
        overflow = false
    }

    override var outputRate: Double {
        let c = registers[0x09]
        guard c & 0x03 == 0x01 else { return 0 }  // continuous mode
        return [10.0, 50, 100, 200][Int(c >> 2 & 0x03)]
    }

    override func latch(_ v: Triple) {
        // 12000 counts per gauss on the 2 G range, 3000 on 8 G; 1 gauss = 100 uT.
        let perUT = registers[0x09] & 0x30 == 0x10 ? 30.0 : 120.0
        let (x, ox) = Self.counts(v.x, perUnit: perUT, limit: 32768)
        let (y, oy) = Self.counts(v.y, perUnit: perUT, limit: 32768)
        let (z, oz) = Self.counts(v.z, perUnit: perUT, limit: 32768)
        overflow = ox || oy || oz
        storeLE(x, at: 0x00); storeLE(y, at: 0x02); storeLE(z, at: 0x04)
    }

    override func next(_ p: Int) -> Int {
        if registers[0x0A] & 0x40 != 0, p == 0x06 { return 0x00 }  // pointer roll-over
        return (p + 1) & 0xFF
    }

    override func readRegister(_ r: Int) -> UInt8 {
        if r == 0x06 { return (dataReady ? 0x01 : 0) | (overflow ? 0x02 : 0) | (overrun ? 0x04 : 0) }
        return registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        switch r {
        case 0x0A where v & 0x80 != 0: powerOnReset()  // soft reset; the bit clears itself
        case 0x09, 0x0A, 0x0B: registers[r] = v
        default: break  // data, status and ID are read-only
        }
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.overlaps(0x00...0x05) { dataReady = false; overrun = false }
    }
}
