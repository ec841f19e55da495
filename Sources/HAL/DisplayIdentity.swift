/// The display chips Mihrab drives, by their board-file names, and who each is on the bus
/// (family, addresses, probe order): what a board file can name, for the configuration to
/// check without importing the drivers. The controller variant and the driver are Drivers'
/// `DisplayModel.descriptor`, the emulator Simulation's `SimulatedBoard.emulator`: exhaustive
/// switches over this enum.
public enum DisplayModel: String, Sendable, CaseIterable {
    /// 128x64 or 128x32 OLED (Solomon SSD1306), horizontal addressing.
    case ssd1306
    /// 132x64 RAM showing 128 columns from column 2 (Sino Wealth SH1106): "1.3 inch" modules.
    case sh1106
    /// HD44780-compatible character LCD (16x2, 20x4) behind a PCF8574 (or PCF8574A) I2C backpack.
    case hd44780PCF8574 = "hd44780-pcf8574"

    /// The board-file name.
    public var name: String { rawValue }

    /// Pixels, or characters.
    public var isGraphic: Bool { identity.family == .oled }

    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { identity.addresses }

    /// Every display chip, in the order a bus scan probes them.
    public static var probeOrder: [DisplayModel] {
        allCases.sorted { $0.identity.probeOrder < $1.identity.probeOrder }
    }

    /// The board-file names, quoted, for a message naming the display chips there are.
    public static var names: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

public enum DisplayFamily: String, Sendable {
    /// A pixel OLED; a scan cannot tell the controllers apart (the board file says which).
    case oled
    /// A character LCD behind a PCF8574 I2C backpack.
    case lcdBackpack = "lcd-backpack"
}

/// Who a display chip is on the bus: one row per chip, in `DisplayModel.identity`.
public struct DisplayIdentity: Sendable, Equatable {
    public let family: DisplayFamily
    /// The addresses the chip can answer at (strap options), the default first.
    public let addresses: [UInt8]
    /// A scan probes chips in ascending `probeOrder`; an address answered stays taken.
    public let probeOrder: Int
}

/// The display chips' identities: one row per chip. The switch is exhaustive, so a new case
/// without its row does not compile.
extension DisplayModel {
    public var identity: DisplayIdentity {
        switch self {
        // 0x3C, or 0x3D with SA0 high.
        case .ssd1306: DisplayIdentity(family: .oled, addresses: [0x3C, 0x3D], probeOrder: 10)
        case .sh1106: DisplayIdentity(family: .oled, addresses: [0x3C, 0x3D], probeOrder: 20)
        // 0x20-0x27 for a PCF8574, 0x38-0x3F for a PCF8574A (A2-A0).
        case .hd44780PCF8574: DisplayIdentity(family: .lcdBackpack, addresses: Array(0x20...0x27) + Array(0x38...0x3F), probeOrder: 30)
        }
    }
}
