import HAL

/// HMC5883L at register level (Honeywell datasheet): configuration A 0x00 (default 0x10),
/// B 0x01 (default 0x20), mode 0x02 (default 0x01, single), data 0x03-0x08 big-endian X,
/// Z, Y; status 0x09 (RDY); ID 0x0A-0x0C "H43". Out of range reads -4096. The pointer
/// wraps from 0x08 to 0x03 and from 0x0C to 0x00. RDY clears once the data is read.
public final class HMC5883LEmulator: RegisterEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x00] = 0x10
        registers[0x01] = 0x20
        registers[0x02] = 0x01
        registers[0x0A] = 0x48; registers[0x0B] = 0x34; registers[0x0C] = 0x33
        dataReady = false
    }

    override var outputRate: Double {
        guard registers[0x02] & 0x03 == 0x00 else { return 0 }  // continuous only
        return [0.75, 1.5, 3, 7.5, 15, 30, 75, 75][Int(registers[0x00] >> 2 & 0x07)]
    }

    override func latch(_ v: Triple) {
        let perGauss: Double = [1370, 1090, 820, 660, 440, 390, 330, 230][Int(registers[0x01] >> 5)]
        func axis(_ uT: Double) -> Int {
            let c = (uT / 100 * perGauss).rounded()
            return c < -2048 || c > 2047 ? -4096 : Int(c)  // the chip's overflow value
        }
        storeBE(axis(v.x), at: 0x03); storeBE(axis(v.z), at: 0x05); storeBE(axis(v.y), at: 0x07)
    }

    override func next(_ p: Int) -> Int {
        switch p {
        case 0x08: 0x03
        case 0x0C: 0x00
        default: (p + 1) & 0xFF
        }
    }

    override func readRegister(_ r: Int) -> UInt8 {
        r == 0x09 ? (dataReady ? 0x01 : 0) : registers[r]
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        if (0x00...0x02).contains(r) { registers[r] = v }
    }

    override func didRead(_ touched: ClosedRange<Int>) {
        if touched.contains(0x08) { dataReady = false }  // the last data register read
    }
}
