/// The OLED controllers' I2C control bytes and command bytes, as the SSD1306 datasheet's
/// command table (rev 1.1 §9) and the SH1106's (v2.3) name them. Shared by the driver and
/// the emulator; a command taking its value in its low bits is the first of its range.
public enum SSD1306Command {
    /// Control byte: Co (one byte follows, then another control byte) and D/C# (GDDRAM data).
    public static let continuation: UInt8 = 0x80, dataNotCommand: UInt8 = 0x40
    /// Control bytes before a stream of commands, of GDDRAM bytes.
    public static let commandStream: UInt8 = 0x00, dataStream: UInt8 = 0x40

    /// Page addressing: the column start's lower nibble (0x00-0x0F), higher nibble (0x10-0x1F).
    public static let lowerColumn: UInt8 = 0x00, higherColumn: UInt8 = 0x10
    public static let memoryMode: UInt8 = 0x20, columnAddress: UInt8 = 0x21, pageAddress: UInt8 = 0x22
    /// Scrolling (SSD1306; not modelled): horizontal set-up 0x26/0x27, vertical and horizontal
    /// 0x29/0x2A, deactivate, activate, vertical scroll area.
    public static let rightScroll: UInt8 = 0x26, leftScroll: UInt8 = 0x27
    public static let verticalRightScroll: UInt8 = 0x29, verticalLeftScroll: UInt8 = 0x2A
    public static let deactivateScroll: UInt8 = 0x2E, activateScroll: UInt8 = 0x2F, verticalScrollArea: UInt8 = 0xA3
    /// SH1106: pump voltage 0x30-0x33.
    public static let pumpVoltage: UInt8 = 0x30
    /// Display start line 0x40-0x7F.
    public static let startLine: UInt8 = 0x40
    public static let contrast: UInt8 = 0x81, chargePump: UInt8 = 0x8D
    /// Segment remap: column 0 (0xA0) or the last column (0xA1) to SEG0.
    public static let segmentNormal: UInt8 = 0xA0, segmentRemap: UInt8 = 0xA1
    /// Entire display on: follow the RAM (0xA4), every pixel lit (0xA5).
    public static let resume: UInt8 = 0xA4, entireDisplayOn: UInt8 = 0xA5
    public static let normal: UInt8 = 0xA6, inverse: UInt8 = 0xA7
    public static let multiplex: UInt8 = 0xA8
    /// SH1106: DC-DC control mode set.
    public static let dcdcMode: UInt8 = 0xAD
    public static let displayOff: UInt8 = 0xAE, displayOn: UInt8 = 0xAF
    /// Page start (page addressing) 0xB0-0xB7.
    public static let pageStart: UInt8 = 0xB0
    public static let comScanNormal: UInt8 = 0xC0, comScanReversed: UInt8 = 0xC8
    public static let displayOffset: UInt8 = 0xD3, clock: UInt8 = 0xD5, precharge: UInt8 = 0xD9
    public static let comPins: UInt8 = 0xDA, vcomh: UInt8 = 0xDB
    /// SH1106: read-modify-write, end.
    public static let readModifyWrite: UInt8 = 0xE0, end: UInt8 = 0xEE
    public static let nop: UInt8 = 0xE3
}
