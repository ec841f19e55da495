import Drivers
import HAL
import LinuxHAL
import Service

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
    /// Displays: those the board file names (answering or not) and any other that answers at a display's address.
    let displays: [Display]

    struct Display: Encodable {
        let address: String
        /// The board's chip name, or null for one found but not in the board file.
        let chip: String?
        let family: String
        /// "128x64", "20x4"; null when not in the board file.
        let size: String?
        let answers: Bool

        private enum CodingKeys: String, CodingKey { case address, chip, family, size, answers }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(address, forKey: .address)
            try c.encode(chip, forKey: .chip)
            try c.encode(family, forKey: .family)
            try c.encode(size, forKey: .size)
            try c.encode(answers, forKey: .answers)
        }
    }

    static func displays(_ found: [DisplayScanner.Found], board: BoardConfig?) -> [Display] {
        var out: [Display] = (board?.displays ?? []).map { d in
            Display(address: hex(d.address), chip: d.model.rawValue, family: d.model.isGraphic ? "oled" : "lcd-backpack",
                    size: d.model.isGraphic ? "\(d.width)x\(d.height)" : "\(d.columns)x\(d.rows)",
                    answers: found.contains { $0.address == d.address })
        }
        for f in found where !out.contains(where: { $0.address == hex(f.address) }) {
            out.append(Display(address: hex(f.address), chip: nil, family: f.family, size: nil, answers: true))
        }
        return out
    }

    static func name(_ path: I2CTransferPath) -> String {
        switch path {
        case .plainI2C: "i2c"
        case .smbusBlock: "smbus-block"
        case .smbusByte: "smbus-byte"
        }
    }
}
