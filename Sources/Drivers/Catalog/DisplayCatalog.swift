import HAL

/// The display chips' drivers: one row per chip, keyed by HAL's `DisplayModel` (whose
/// `identity` holds the family, addresses and probe order). The switch is exhaustive, so a
/// new case without its row (and its controller variant) does not compile.
extension DisplayModel {
    public var descriptor: DisplayDescriptor {
        switch self {
        case .ssd1306:
            DisplayDescriptor(model: self, oled: .ssd1306,
                              driver: { bus, address, size, _ in
                                  .pixels(SSD1306(model: .ssd1306, bus: bus, address: address, width: size.width, height: size.height))
                              })
        case .sh1106:
            DisplayDescriptor(model: self, oled: .sh1106,
                              driver: { bus, address, size, _ in
                                  .pixels(SSD1306(model: .sh1106, bus: bus, address: address, width: size.width, height: size.height))
                              })
        case .hd44780PCF8574:
            DisplayDescriptor(model: self, oled: nil,
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
