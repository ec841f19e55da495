import HAL

/// The common I2C backpack's wiring of the PCF8574 port (RPLCD's and most modules'):
/// P0 = RS, P1 = R/W, P2 = E, P3 = the backlight transistor, P4-P7 = D4-D7.
public enum PCF8574Backpack {
    public static let rs: UInt8 = 0x01, rw: UInt8 = 0x02, e: UInt8 = 0x04, backlight: UInt8 = 0x08
}

/// The HD44780U's instructions (datasheet table 6): each is known by its highest set bit,
/// the bits below it its flags. Shared by the driver and the emulator.
public enum HD44780Instruction {
    public static let clearDisplay: UInt8 = 0x01, returnHome: UInt8 = 0x02, entryModeSet: UInt8 = 0x04
    public static let displayControl: UInt8 = 0x08, cursorOrDisplayShift: UInt8 = 0x10, functionSet: UInt8 = 0x20
    public static let setCGRAMAddress: UInt8 = 0x40, setDDRAMAddress: UInt8 = 0x80
    /// Entry mode set: I/D (increment), S (shift the display on each write).
    public static let increment: UInt8 = 0x02, shiftOnWrite: UInt8 = 0x01
    /// Display on/off control: D, C (cursor), B (blink).
    public static let displayOn: UInt8 = 0x04, cursorOn: UInt8 = 0x02, blink: UInt8 = 0x01
    /// Cursor or display shift: S/C (the display, not the cursor), R/L (to the right).
    public static let shiftDisplay: UInt8 = 0x08, shiftRight: UInt8 = 0x04
    /// Function set: DL (8-bit interface), N (two lines), F (5x10 dots).
    public static let eightBit: UInt8 = 0x10, twoLines: UInt8 = 0x08, tallFont: UInt8 = 0x04
}

/// A Hitachi HD44780U (or compatible: KS0066, SPLC780) character LCD behind a PCF8574 I2C
/// port expander, the common "I2C backpack". Sources: HD44780U datasheet (ADE-207-272,
/// instruction table 6, Figure 24 "4-bit interface" initialisation by instruction, DDRAM
/// addresses); NXP PCF8574 datasheet (each byte written sets the 8 quasi-bidirectional port
/// pins; a read returns the pins).
///
/// Backpack wiring (RPLCD's and most modules'): P0 = RS, P1 = R/W, P2 = E, P3 = backlight
/// transistor, P4-P7 = D4-D7. The controller runs in 4-bit mode: a byte is two nibbles,
/// high first, each latched by E's falling edge.
///
/// One nibble is one I2C transaction of two bytes: the port with E high, then with E low.
/// A 2-byte write is the SMBus "write byte data" on adapters without plain I2C, so every
/// adapter carries it. At 100 kHz a transaction takes about 0.3 ms, longer than any
/// instruction but clear and home (37 us against 1.52 ms), so only those two pause.
public final class HD44780: CharacterDisplay {
    public let model = DisplayModel.hd44780PCF8574
    public let address: UInt8
    public let columns: Int
    public let rows: Int
    public private(set) var backlight = true

    private let bus: I2CBus
    private let pause: Pause
    private var nibble: [UInt8] = [0, 0]
    private var port: [UInt8] = [0]
    private var none: [UInt8] = []
    /// What the DDRAM holds, row by row (nil: unknown, the next `show` writes every cell).
    private var shadow: [[UInt8]]?
    /// The address counter (a DDRAM address) when known.
    private var cursor: UInt8?
    /// A bus error may have left the controller between the two nibbles of a byte: the next
    /// `show` or `defineGlyph` runs `initialize` first (its 0x3, 0x3, 0x3 resynchronises).
    private var needsInitialize = true

    typealias Pin = PCF8574Backpack

    /// The instructions this driver sends, from table 6's codes and flags.
    enum Instruction {
        private typealias I = HD44780Instruction
        static let clear = I.clearDisplay
        static let entryIncrement = I.entryModeSet | I.increment  // I/D = 1, S = 0
        static let displayOff = I.displayControl  // D = C = B = 0
        static let displayOn = I.displayControl | I.displayOn  // cursor and blink off
        static let functionSet4Bit2Lines = I.functionSet | I.twoLines  // DL = 0, N = 1, F = 0 (5x8)
        static let functionSet4Bit1Line = I.functionSet  // DL = 0, N = 0, F = 0
        static let setCGRAM = I.setCGRAMAddress
        static let setDDRAM = I.setDDRAMAddress
    }

    /// Seconds: power-on (> 40 ms after Vcc reaches 2.7 V), after the first 0x3 (> 4.1 ms),
    /// after the second (> 100 us), clear and home (1.52 ms at 270 kHz; the RC oscillator
    /// varies, so with margin).
    enum Delay {
        static let powerOn = 0.05, first = 0.0045, second = 0.00015, clear = 0.002
    }

    /// `columns` x `rows`: 16x2, 20x4, 16x4, 20x2, 40x2, 8x2, 16x1... (checked by `initialize`).
    /// `pause` waits the given seconds (on a real bus the thread sleeps; see `Pause`).
    public init(bus: I2CBus, address: UInt8, columns: Int, rows: Int, pause: @escaping Pause) {
        self.bus = bus
        self.address = address
        self.columns = columns
        self.rows = rows
        self.pause = pause
    }

    /// The DDRAM address of each row's first column: two lines at 0x00 and 0x40; a 4-row
    /// module is two lines folded, rows 2 and 3 continuing rows 0 and 1 (0x14, 0x54 on a 20x4).
    public static func rowAddresses(columns: Int, rows: Int) -> [UInt8] {
        switch rows {
        case 1: [0x00]
        case 2: [0x00, 0x40]
        default: [0x00, 0x40, UInt8(truncatingIfNeeded: columns), 0x40 + UInt8(truncatingIfNeeded: columns)]
        }
    }

    private var geometryProblem: String? {
        switch rows {
        case 1 where (1...80).contains(columns), 2 where (1...40).contains(columns), 4 where (1...20).contains(columns): nil
        case 1, 2, 4: "\(columns) columns do not fit \(rows) row(s) of one controller (80 characters of DDRAM)"
        default: "\(rows) rows: an HD44780 drives 1, 2 or 4 rows"
        }
    }

    /// A PCF8574 answers a one-byte read with its port; nobody at the address: false. The
    /// PCF8574 has no identity to check: any chip that acknowledges a read at the address
    /// (an MCP23008 at 0x20-0x27, say) passes, so the board file's address is what decides.
    public func probe() throws(DisplayError) -> Bool {
        var one: [UInt8] = [0]
        do {
            try bus.transfer(address: address, write: [], read: &one)
            return true
        } catch {
            if error.kind == .addressNotAcknowledged { return false }
            throw .bus(error)
        }
    }

    /// Figure 24: from any state (8-bit after power-on, or either nibble of 4-bit after a bus
    /// error) three 0x3 nibbles leave the controller in 8-bit mode; 0x2 then selects 4-bit.
    public func initialize() throws(DisplayError) {
        if let problem = geometryProblem { throw geometry(problem) }
        needsInitialize = true
        shadow = nil
        cursor = nil
        try writePort()  // E low, the backlight as chosen
        pause(Delay.powerOn)
        try writeNibble(0x3, rs: false)
        pause(Delay.first)
        try writeNibble(0x3, rs: false)
        pause(Delay.second)
        try writeNibble(0x3, rs: false)
        try writeNibble(0x2, rs: false)  // now 4-bit: every byte from here is two nibbles
        try command(rows == 1 ? Instruction.functionSet4Bit1Line : Instruction.functionSet4Bit2Lines)
        try command(Instruction.displayOff)
        try command(Instruction.clear)
        pause(Delay.clear)
        try command(Instruction.entryIncrement)
        try command(Instruction.displayOn)
        shadow = [[UInt8]](repeating: [UInt8](repeating: 0x20, count: columns), count: rows)
        cursor = 0
        needsInitialize = false
    }

    /// Figure 24's 0x3, 0x3, 0x3, 0x2 bring the controller to 4-bit mode from any state (8-bit
    /// after a reset, or out of step between two nibbles); then the mode again, without the
    /// clear, and every cell is rewritten in place by the next `show`.
    public func reassert() throws(DisplayError) {
        if let problem = geometryProblem { throw geometry(problem) }
        needsInitialize = true
        shadow = nil
        cursor = nil
        try writeNibble(0x3, rs: false)
        pause(Delay.first)
        try writeNibble(0x3, rs: false)
        pause(Delay.second)
        try writeNibble(0x3, rs: false)
        try writeNibble(0x2, rs: false)
        try command(rows == 1 ? Instruction.functionSet4Bit1Line : Instruction.functionSet4Bit2Lines)
        try command(Instruction.entryIncrement)
        try command(Instruction.displayOn)
        needsInitialize = false
    }

    public func show(_ lines: [[UInt8]]) throws(DisplayError) {
        if let problem = geometryProblem { throw geometry(problem) }
        guard lines.count <= rows else {
            throw geometry("\(lines.count) lines for a display of \(rows) rows")
        }
        for (r, line) in lines.enumerated() where line.count > columns {
            throw geometry("line \(r + 1) has \(line.count) characters, the display \(columns) columns")
        }
        if needsInitialize { try initialize() }
        let starts = Self.rowAddresses(columns: columns, rows: rows)
        for r in 0..<rows {
            let line = r < lines.count ? lines[r] : []
            for c in 0..<columns {
                let code = c < line.count ? line[c] : 0x20
                if let shadow, shadow[r][c] == code { continue }
                let target = starts[r] + UInt8(c)
                if cursor != target { try command(Instruction.setDDRAM | target); cursor = target }
                try data(code)
                shadow?[r][c] = code
                cursor = Self.next(target, twoLines: rows > 1)
            }
        }
    }

    /// The address counter after a write at `address` with I/D = 1: two-line mode runs
    /// 0x00-0x27 then 0x40-0x67 and round; one-line mode 0x00-0x4F.
    static func next(_ address: UInt8, twoLines: Bool) -> UInt8 {
        if twoLines { return address == 0x27 ? 0x40 : address == 0x67 ? 0x00 : address + 1 }
        return address >= 0x4F ? 0x00 : address + 1
    }

    public func defineGlyph(_ index: Int, rows glyph: [UInt8]) throws(DisplayError) {
        guard (0...7).contains(index) else { throw geometry("custom glyph \(index): there are 8, 0-7") }
        guard glyph.count == 8 else { throw geometry("custom glyph \(index) has \(glyph.count) rows, not 8") }
        if needsInitialize { try initialize() }
        let restore = cursor ?? 0
        try command(Instruction.setCGRAM | UInt8(index << 3))
        cursor = nil
        for row in glyph { try data(row & 0x1F) }
        // Back to the DDRAM where the cursor was: the next data write must not land in the CGRAM.
        try command(Instruction.setDDRAM | restore)
        cursor = restore
    }

    public func setBacklight(_ on: Bool) throws(DisplayError) {
        backlight = on
        try writePort()
    }

    // MARK: the port

    private func geometry(_ message: String) -> DisplayError {
        .geometry(model: model, address: address, message: message)
    }

    private var backlightBit: UInt8 { backlight ? Pin.backlight : 0 }

    private func writePort() throws(DisplayError) {
        port[0] = backlightBit
        do { try bus.transfer(address: address, write: port, read: &none) } catch { failed(); throw .bus(error) }
    }

    /// The nibble on D7-D4 with E high, then E low: the falling edge latches it.
    private func writeNibble(_ value: UInt8, rs: Bool) throws(DisplayError) {
        let low = (value & 0x0F) << 4 | backlightBit | (rs ? Pin.rs : 0)
        nibble[0] = low | Pin.e
        nibble[1] = low
        do { try bus.transfer(address: address, write: nibble, read: &none) } catch { failed(); throw .bus(error) }
    }

    private func command(_ byte: UInt8) throws(DisplayError) {
        try writeNibble(byte >> 4, rs: false)
        try writeNibble(byte & 0x0F, rs: false)
    }

    private func data(_ byte: UInt8) throws(DisplayError) {
        try writeNibble(byte >> 4, rs: true)
        try writeNibble(byte & 0x0F, rs: true)
    }

    private func failed() {
        needsInitialize = true
        shadow = nil
        cursor = nil
    }
}
