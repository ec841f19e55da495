import Drivers
import Geo
import HAL

/// MPU-6050 accelerometer at register level (RM-MPU-6000A rev. 4.2): WHO_AM_I 0x75 =
/// 0x68; PWR_MGMT_1 0x6B (default 0x40: asleep; DEVICE_RESET restores every default);
/// sample rate = gyro rate (8 kHz with DLPF 0 or 7, else 1 kHz) / (1 + SMPLRT_DIV);
/// ACCEL_CONFIG 0x1C; INT_ENABLE 0x38; INT_STATUS 0x3A (DATA_RDY_INT when enabled, cleared
/// by reading it); ACCEL_XOUT 0x3B-0x40 big-endian. Registers by the driver's names
/// (`MPU6050Register`).
public final class MPU6050Emulator: RegisterEmulator {
    private typealias R = MPU6050Register

    public override init(source: @escaping (Double) -> Triple, now: @escaping () -> Double) {
        super.init(source: source, now: now)
    }

    override func powerOnReset() {
        registers = [UInt8](repeating: 0, count: 256)
        self[R.whoAmI] = R.whoAmIValue
        self[R.pwrMgmt1] = R.sleep
        dataReady = false; overrun = false
    }

    override var outputRate: Double {
        guard self[R.pwrMgmt1] & R.sleep == 0 else { return 0 }  // asleep
        let dlpf = self[R.config] & 0x07
        return (dlpf == 0 || dlpf == 7 ? 8000 : 1000) / (1 + Double(self[R.smplrtDiv]))
    }

    override func latch(_ v: Triple) {
        let perG: Double = [16384, 8192, 4096, 2048][Int(self[R.accelConfig] >> 3 & 0x03)]
        let k = perG / standardGravity
        let x = R.accelXoutH
        storeBE(Self.counts(v.x, perUnit: k, limit: 32768).0, at: x)
        storeBE(Self.counts(v.y, perUnit: k, limit: 32768).0, at: x + 2)
        storeBE(Self.counts(v.z, perUnit: k, limit: 32768).0, at: x + 4)
    }

    override func readRegister(_ r: UInt8) -> UInt8 {
        guard r == R.intStatus else { return self[r] }
        let status: UInt8 = (dataReady && self[R.intEnable] & R.dataReady != 0 ? R.dataReady : 0)
        dataReady = false  // INT_STATUS clears when read
        return status
    }

    override func writeRegister(_ r: UInt8, _ v: UInt8) {
        if r == R.pwrMgmt1, v & R.deviceReset != 0 {
            powerOnReset()
            return
        }
        guard r != R.whoAmI, r != R.intStatus, !(R.accelXoutH...R.extSensData23).contains(r) else { return }
        self[r] = v
    }
}
