import HAL

/// Which display addresses answer on a bus. A one-byte read is all a probe does (the
/// OLEDs return a status byte, a PCF8574 its port): nothing is written to a chip that may
/// not be a display. Neither OLED says which controller it is, so an answer at 0x3C/0x3D is
/// "an OLED"; the board file says which.
public enum DisplayScanner {
    public struct Found: Sendable, Equatable {
        public let address: UInt8
        /// "oled" (0x3C/0x3D) or "lcd-backpack" (a PCF8574 at 0x20-0x27, a PCF8574A at 0x38-0x3F).
        public let family: String
    }

    public static func scan(_ bus: I2CBus) -> [Found] {
        var out: [Found] = []
        var byte: [UInt8] = [0]
        var seen = Set<UInt8>()
        for model in DisplayModel.probeOrder {
            for address in model.addresses where seen.insert(address).inserted {
                if (try? bus.transfer(address: address, write: [], read: &byte)) != nil {
                    out.append(Found(address: address, family: model.descriptor.family.rawValue))
                }
            }
        }
        return out.sorted { $0.address < $1.address }
    }
}
