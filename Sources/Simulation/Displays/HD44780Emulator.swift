import Drivers
import HAL

/// A PCF8574 I2C backpack with an HD44780U character LCD behind it, at pin level.
///
/// PCF8574 (NXP datasheet): each byte written sets the 8 port pins; a read returns them.
/// After power-on the pins are high (weak pull-ups). Wiring: P0 = RS, P1 = R/W, P2 = E,
/// P3 = backlight, P4-P7 = D4-D7; D0-D3 are not connected and read as 0.
///
/// HD44780U (Hitachi datasheet, instruction table 6): the controller acts on E's falling
/// edge with R/W low. After power-on it is in 8-bit mode, so each edge is a whole byte
/// whose low nibble is 0 on a backpack; function set with DL = 0 switches to 4-bit mode,
/// where nibbles pair up, high then low. A driver that sends nibble pairs before the switch
/// is misread exactly as the real chip misreads it (a byte made of two halves of two takes
/// RS from its second nibble here; the datasheet does not say). Reads (R/W high) return the port and
/// change nothing here; in 4-bit mode a read's E edge does take a nibble's turn, as on the chip.
///
/// DDRAM: 80 bytes, `ddram[i]` the i-th character: two-line mode addresses 0x00-0x27 (i
/// 0-39) and 0x40-0x67 (i 40-79); one-line mode 0x00-0x4F. CGRAM: 64 bytes, 8 glyphs of
/// 8 rows. Codes 0-7 (and 8-15, the same glyphs) show the CGRAM.
public final class HD44780Emulator: BusDevice {
    public enum Palette: Sendable { case yellowGreen, blue }

    public let columns: Int
    public let rows: Int
    public let palette: Palette

    /// The port pins as last written (0xFF after power-on).
    public private(set) var port: UInt8 = 0xFF
    public private(set) var ddram = [UInt8](repeating: 0x20, count: 80)
    public private(set) var cgram = [UInt8](repeating: 0, count: 64)
    /// A DDRAM address (0x00-0x7F) or a CGRAM address (0x00-0x3F), as `addressingCGRAM` says.
    public private(set) var addressCounter: UInt8 = 0
    public private(set) var addressingCGRAM = false
    public private(set) var displayOn = false
    public private(set) var cursorOn = false
    public private(set) var blink = false
    public private(set) var fourBitMode = false
    public private(set) var twoLines = false
    /// F: 5x10 dots (only with one line).
    public private(set) var tallFont = false
    /// Entry mode: I/D (increment) and S (shift the display on each write).
    public private(set) var increment = true
    public private(set) var shiftOnWrite = false
    /// Display shift in characters, positive to the left (the text moves left).
    public private(set) var shift = 0
    /// Instructions executed (RS = 0), data bytes written (RS = 1).
    public private(set) var instructions = 0
    public private(set) var dataWrites = 0
    /// In 4-bit mode: the high nibble waiting for its low half.
    public private(set) var pendingHighNibble: UInt8?

    public var backlight: Bool { port & Pin.backlight != 0 }

    typealias Pin = PCF8574Backpack

    public init(columns: Int, rows: Int, palette: Palette = .yellowGreen) {
        self.columns = columns
        self.rows = rows
        self.palette = palette
    }

    // MARK: the bus

    public func write(_ bytes: [UInt8]) -> Bool {
        for b in bytes {
            let old = port
            port = b
            guard old & Pin.e != 0, b & Pin.e == 0 else { continue }
            if b & Pin.rw != 0 {
                if fourBitMode { pendingHighNibble = pendingHighNibble == nil ? 0 : nil }
                continue
            }
            latch(b >> 4, rs: b & Pin.rs != 0)
        }
        return true
    }

    public func read(into buffer: inout [UInt8]) {
        for i in buffer.indices { buffer[i] = port }
    }

    private func latch(_ nibble: UInt8, rs: Bool) {
        guard fourBitMode else { execute(nibble << 4, rs: rs); return }
        if let high = pendingHighNibble {
            pendingHighNibble = nil
            execute(high << 4 | nibble, rs: rs)
        } else {
            pendingHighNibble = nibble
        }
    }

    private func execute(_ v: UInt8, rs: Bool) {
        typealias I = HD44780Instruction
        if rs { writeData(v); return }
        instructions += 1
        if v & I.setDDRAMAddress != 0 {
            addressCounter = v & 0x7F
            addressingCGRAM = false
        } else if v & I.setCGRAMAddress != 0 {
            addressCounter = v & 0x3F
            addressingCGRAM = true
        } else if v & I.functionSet != 0 {
            fourBitMode = v & I.eightBit == 0
            twoLines = v & I.twoLines != 0
            tallFont = v & I.tallFont != 0
            if !fourBitMode { pendingHighNibble = nil }
        } else if v & I.cursorOrDisplayShift != 0 {
            let right = v & I.shiftRight != 0
            if v & I.shiftDisplay != 0 { shift += right ? -1 : 1 } else { step(up: right) }
        } else if v & I.displayControl != 0 {
            displayOn = v & I.displayOn != 0
            cursorOn = v & I.cursorOn != 0
            blink = v & I.blink != 0
        } else if v & I.entryModeSet != 0 {
            increment = v & I.increment != 0
            shiftOnWrite = v & I.shiftOnWrite != 0
        } else if v & I.returnHome != 0 {
            addressCounter = 0
            addressingCGRAM = false
            shift = 0
        } else if v & I.clearDisplay != 0 {
            ddram = [UInt8](repeating: 0x20, count: 80)
            addressCounter = 0
            addressingCGRAM = false
            increment = true
            shift = 0
        }
    }

    private func writeData(_ v: UInt8) {
        dataWrites += 1
        if addressingCGRAM {
            cgram[Int(addressCounter & 0x3F)] = v
            addressCounter = (increment ? addressCounter &+ 1 : addressCounter &- 1) & 0x3F
            return
        }
        if let i = Self.index(of: addressCounter, twoLines: twoLines) { ddram[i] = v }
        step(up: increment)
        if shiftOnWrite { shift += increment ? 1 : -1 }
    }

    /// The address counter one on or one back, wrapping as the chip's does.
    private func step(up: Bool) {
        if addressingCGRAM { addressCounter = (up ? addressCounter &+ 1 : addressCounter &- 1) & 0x3F; return }
        let a = addressCounter
        if twoLines {
            if up { addressCounter = a == 0x27 ? 0x40 : a >= 0x67 ? 0x00 : a + 1 }
            else { addressCounter = a == 0x40 ? 0x27 : a == 0x00 ? 0x67 : a - 1 }
        } else {
            if up { addressCounter = a >= 0x4F ? 0x00 : a + 1 }
            else { addressCounter = a == 0x00 ? 0x4F : a - 1 }
        }
    }

    /// The DDRAM index of an address; nil where the mode has no RAM (0x28-0x3F in two-line mode).
    static func index(of address: UInt8, twoLines: Bool) -> Int? {
        let a = Int(address)
        if twoLines {
            if a < 0x28 { return a }
            if (0x40..<0x68).contains(a) { return a - 0x40 + 40 }
            return nil
        }
        return a < 80 ? a : nil
    }
}
