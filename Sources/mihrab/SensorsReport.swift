import Drivers
import LinuxHAL

/// What `mihrab sensors --format json` prints: the bus, how it is driven, each chip found.
struct SensorsReport: Encodable {
    struct Chip: Encodable {
        let chip: String
        let address: String
        let kind: String
        /// x, y, z in the chip's own axes (3 decimals), or null before the first sample.
        let reading: [Double]?
        let unit: String
        let errors: Int
        let lastError: String?

        private enum CodingKeys: String, CodingKey { case chip, address, kind, reading, unit, errors, lastError }

        // Explicit nulls: a reader sees every key whether or not a reading came.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chip, forKey: .chip)
            try c.encode(address, forKey: .address)
            try c.encode(kind, forKey: .kind)
            try c.encode(reading, forKey: .reading)
            try c.encode(unit, forKey: .unit)
            try c.encode(errors, forKey: .errors)
            try c.encode(lastError, forKey: .lastError)
        }
    }

    let bus: String
    /// How a Linux adapter is driven: "i2c" (plain I2C transfers), "smbus-block" (SMBus I2C
    /// block reads) or "smbus-byte" (read-byte-data, then receive-byte); absent when simulated.
    let transfer: String?
    let chips: [Chip]

    static func name(_ path: I2CTransferPath) -> String {
        switch path {
        case .plainI2C: "i2c"
        case .smbusBlock: "smbus-block"
        case .smbusByte: "smbus-byte"
        }
    }
}
