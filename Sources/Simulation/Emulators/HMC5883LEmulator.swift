import Drivers
import HAL

/// HMC5883L at register level (Honeywell datasheet): configuration A 0x00 (default 0x10),
/// B 0x01 (default 0x20), mode 0x02 (default 0x01, single), data 0x03-0x08 big-endian X,
/// Z, Y; status 0x09 (RDY); ID 0x0A-0x0C "H43". Out of range reads -4096. The pointer
/// wraps from 0x08 to 0x03 and from 0x0C to 0x00. RDY clears once the data is read.
/// Registers by the driver's names (`HMC5883LRegister`).
public final class HMC5883LEmulator: RegisterEmulator {
    private typealias R = HMC5883LRegister

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.configurationA] = 0x10
        self[R.configurationB] = 0x20
        self[R.mode] = 0x01
        for (i, b) in R.identity.enumerated() { self[R.identificationA + UInt8(i)] = b }
        dataReady = false
    }

    override var outputRate: Double {
        guard self[R.mode] & 0x03 == 0x00 else { return 0 }  // continuous only
        return [0.75, 1.5, 3, 7.5, 15, 30, 75, 75][Int(self[R.configurationA] >> 2 & 0x07)]
    }

    override func latch(_ v: Triple) {
        let perGauss: Double = [1370, 1090, 820, 660, 440, 390, 330, 230][Int(self[R.configurationB] >> 5)]
        func axis(_ uT: Double) -> Int {
            let c = (uT / 100 * perGauss).rounded()
            return c < -2048 || c > 2047 ? Int(R.overflowCount) : Int(c)  // the chip's overflow value
        }
        let x = R.dataOutputXMSB
        storeBE(axis(v.x), at: x); storeBE(axis(v.z), at: x + 2); storeBE(axis(v.y), at: x + 4)
    }

    override func next(_ p: UInt8) -> UInt8 {
        switch p {
        case R.dataOutputYLSB: R.dataOutputXMSB
        case R.identificationC: R.configurationA
        default: p &+ 1
        }
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        r == R.status ? (dataReady ? R.rdy : 0) : self[r]
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        if (R.configurationA...R.mode).contains(r) { self[r] = v }
    }

    override func didRead(_ touched: ClosedRange<UInt8>) {
        if touched.contains(R.dataOutputYLSB) { dataReady = false }  // the last data register read
    }
}
