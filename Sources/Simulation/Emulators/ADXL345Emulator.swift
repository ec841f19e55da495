import Drivers
import Geo
import HAL

/// ADXL345 at register level (datasheet rev. E): DEVID 0x00 = 0xE5; BW_RATE 0x2C (default
/// 0x0A, rate = 3200 / 2^(15 - code) Hz); POWER_CTL 0x2D (Measure bit 3; default standby);
/// INT_SOURCE 0x30 (DATA_READY bit 7, Overrun bit 0); DATA_FORMAT 0x31 (FULL_RES, range);
/// DATAX0-DATAZ1 0x32-0x37 little-endian. DATA_READY clears when the data is read.
/// Registers by the driver's names (`ADXL345Register`).
public final class ADXL345Emulator: RegisterEmulator {
    private typealias R = ADXL345Register

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.devID] = R.devIDValue
        self[R.bwRate] = 0x0A
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard self[R.powerCtl] & R.measure != 0 else { return 0 }
        let code = Int(self[R.bwRate] & 0x0F)
        return 3200 / Double(1 << (15 - code))
    }

    override func latch(_ v: Triple) {
        let range = Int(self[R.dataFormat] & R.rangeMask)
        let fullRes = self[R.dataFormat] & R.fullResolution != 0
        // Full resolution: 3.9 mg per count, 10 to 13 bits; otherwise 10 bits scaled to the range.
        let perG = fullRes ? 256.0 : 256.0 / Double(1 << range)
        let limit = fullRes ? 512 << range : 512
        let k = perG / standardGravity
        storeLE(Self.counts(v.x, perUnit: k, limit: limit).0, at: R.dataX0)
        storeLE(Self.counts(v.y, perUnit: k, limit: limit).0, at: R.dataX0 + 2)
        storeLE(Self.counts(v.z, perUnit: k, limit: limit).0, at: R.dataX0 + 4)
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        r == R.intSource ? (dataReady ? R.dataReady : 0) | (overrun ? R.overrun : 0) : self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        guard (R.threshTap...R.tapAxes).contains(r) || (R.bwRate...R.intMap).contains(r) || r == R.dataFormat
            || r == R.fifoCtl else { return }
        self[r] = v
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.overlaps(R.dataX0...R.dataZ1) { dataReady = false; overrun = false }
    }
}
