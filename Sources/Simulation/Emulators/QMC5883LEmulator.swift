import Drivers
import HAL

/// QMC5883L at register level (QST datasheet rev. 1.0): data 0x00-0x05 little-endian,
/// status 0x06 (DRDY, OVL, DOR), control 0x09, 0x0A (SOFT_RST, ROL_PNT), 0x0B, ID 0x0D =
/// 0xFF. Reading any data register clears DRDY. Powers up in standby. Registers by the
/// driver's names (`QMC5883LRegister`).
public final class QMC5883LEmulator: RegisterEmulator {
    private typealias R = QMC5883LRegister
    var overflow = false

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.chipID] = R.chipIDValue
        dataReady = false
        overrun = false
        overflow = false
    }

    override var outputRate: Double {
        let c = self[R.control1]
        guard c & 0x03 == 0x01 else { return 0 }  // continuous mode
        return [10.0, 50, 100, 200][Int(c >> 2 & 0x03)]
    }

    override func latch(_ v: Triple) {
        // 12000 counts per gauss on the 2 G range, 3000 on 8 G; 1 gauss = 100 uT.
        let perUT = self[R.control1] & 0x30 == 0x10 ? 30.0 : 120.0
        let (x, ox) = Self.counts(v.x, perUnit: perUT, limit: 32768)
        let (y, oy) = Self.counts(v.y, perUnit: perUT, limit: 32768)
        let (z, oz) = Self.counts(v.z, perUnit: perUT, limit: 32768)
        overflow = ox || oy || oz
        storeLE(x, at: R.dataOutputXLSB); storeLE(y, at: R.dataOutputXLSB + 2); storeLE(z, at: R.dataOutputXLSB + 4)
    }

    override func next(_ p: UInt8) -> UInt8 {
        if self[R.control2] & R.rolPnt != 0, p == R.status { return R.dataOutputXLSB }  // pointer roll-over
        return p &+ 1
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        if r == R.status { return (dataReady ? R.drdy : 0) | (overflow ? R.ovl : 0) | (overrun ? R.dor : 0) }
        return self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        switch r {
        case R.control2 where v & R.softReset != 0: powerOnReset()  // the bit clears itself
        case R.control1, R.control2, R.setResetPeriod: self[r] = v
        default: break  // data, status and ID are read-only
        }
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.overlaps(R.dataOutputXLSB...R.dataOutputZMSB) { dataReady = false; overrun = false }
    }
}
