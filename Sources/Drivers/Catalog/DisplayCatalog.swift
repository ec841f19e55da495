import HAL

/// The display chips Mihrab drives, by their board-file names. What each one is (family,
/// addresses, controller variant, driver) lives in its row of `descriptor` below; its
/// emulator is registered in Simulation's `SimulatedBoard.emulator`, keyed by this case.
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
    public var isGraphic: Bool { descriptor.family == .oled }

    /// The addresses the chip can answer at (strap options), the default first.
    public var addresses: [UInt8] { descriptor.addresses }

    /// Every display chip, in the order a bus scan probes them.
    public static var probeOrder: [DisplayModel] {
        allCases.sorted { $0.descriptor.probeOrder < $1.descriptor.probeOrder }
    }

    /// The board-file names, quoted, for a message naming the display chips there are.
    public static var names: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

/// The display chips' table: one row per chip. The switch is exhaustive, so a new case
/// without its row (and its controller variant) does not compile.
extension DisplayModel {
    public var descriptor: DisplayDescriptor {
        switch self {
        case .ssd1306:
            // 0x3C, or 0x3D with SA0 high.
            DisplayDescriptor(model: self, family: .oled, addresses: [0x3C, 0x3D], probeOrder: 10, oled: .ssd1306,
                              driver: { bus, address, size, _ in
                                  .pixels(SSD1306(model: .ssd1306, bus: bus, address: address, width: size.width, height: size.height))
                              })
        case .sh1106:
            DisplayDescriptor(model: self, family: .oled, addresses: [0x3C, 0x3D], probeOrder: 20, oled: .sh1106,
                              driver: { bus, address, size, _ in
                                  .pixels(SSD1306(model: .sh1106, bus: bus, address: address, width: size.width, height: size.height))
                              })
        case .hd44780PCF8574:
            // 0x20-0x27 for a PCF8574, 0x38-0x3F for a PCF8574A (A2-A0).
            DisplayDescriptor(model: self, family: .lcdBackpack, addresses: Array(0x20...0x27) + Array(0x38...0x3F),
                              probeOrder: 30, oled: nil,
                              driver: { bus, address, size, pause in
                                  .characters(HD44780(bus: bus, address: address, columns: size.columns, rows: size.rows, pause: pause))
                              })
        }
    }
}

/// The OLED controllers' values, for their rows above.
extension OLEDVariant {
    /// SSD1306 application note: charge pump setting 0x8D, 0x14 = enable; pre-charge 0xF1
    /// (phase 2 = 15, phase 1 = 1 DCLK) for the internal charge pump.
    public static let ssd1306 = OLEDVariant(columnOffset: 0, horizontalAddressing: true,
                                            power: [SSD1306Command.chargePump, 0x14], precharge: 0xF1)
    /// SH1106: DC-DC control mode set 0xAD, 0x8B = built-in DC-DC on (also its reset value);
    /// discharge/pre-charge 0xD9 0x22 (its reset value: 2 DCLKs each); 132-column RAM, the
    /// panel from column 2; no horizontal addressing.
    public static let sh1106 = OLEDVariant(columnOffset: 2, horizontalAddressing: false,
                                           power: [SSD1306Command.dcdcMode, 0x8B], precharge: 0x22)
}
