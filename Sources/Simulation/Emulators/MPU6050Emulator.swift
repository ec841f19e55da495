import HAL

/// MPU-6050 accelerometer at register level (RM-MPU-6000A rev. 4.2): WHO_AM_I 0x75 =
/// 0x68; PWR_MGMT_1 0x6B (default 0x40: asleep; DEVICE_RESET restores every default);
/// sample rate = gyro rate (8 kHz with DLPF 0 or 7, else 1 kHz) / (1 + SMPLRT_DIV);
/// ACCEL_CONFIG 0x1C; INT_ENABLE 0x38; INT_STATUS 0x3A (DATA_RDY_INT when enabled, cleared
/// by reading it); ACCEL_XOUT 0x3B-0x40 big-endian.
public final class MPU6050Emulator: RegisterEmulator {
    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        registers[0x75] = 0x68
        registers[0x6B] = 0x40
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard registers[0x6B] & 0x40 == 0 else { return 0 }  // asleep
        let dlpf = registers[0x1A] & 0x07
        return (dlpf == 0 || dlpf == 7 ? 8000 : 1000) / (1 + Double(registers[0x19]))
    }

    override func latch(_ v: Triple) {
        let perG: Double = [16384, 8192, 4096, 2048][Int(registers[0x1C] >> 3 & 0x03)]
        let k = perG / 9.80665
        storeBE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: 0x3B)
        storeBE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: 0x3D)
        storeBE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: 0x3F)
    }

    override func readRegister(_ r: Int) -> UInt8 {
        guard r == 0x3A else { return registers[r] }
        let status: UInt8 = (dataReady && registers[0x38] & 0x01 != 0 ? 0x01 : 0)
        dataReady = false  // INT_STATUS clears when read
        return status
    }

    override func writeRegister(_ r: Int, _ v: UInt8) {
        if r == 0x6B, v & 0x80 != 0 {
            powerOnReset()
            return
        }
        guard r != 0x75, r != 0x3A, !(0x3B...0x60).contains(r) else { return }
        registers[r] = v
    }
}
