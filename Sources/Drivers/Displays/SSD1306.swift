import HAL

/// Solomon SSD1306 (128x64 or 128x32) and Sino Wealth SH1106 (132x64 RAM, 128 columns shown
/// from column 2) OLED controllers over I2C (0x3C, or 0x3D with SA0 high).
///
/// I2C framing (SSD1306 datasheet rev 1.1 §8.1.5, SH1106 datasheet v2.3 "I2C interface"): after
/// the address, a control byte: Co (bit 7) = 0 and D/C# (bit 6) = 0, 0x00, then a stream of
/// command bytes; 0x40 then a stream of GDDRAM bytes.
///
/// Every transaction is at most 33 bytes: the control byte and at most 32 bytes after it.
/// SMBus I2C-block writes (Linux i2c-stub, and many adapters that cannot do plain I2C) carry at
/// most 32 data bytes, the control byte going as the SMBus "command"; luma.oled chunks its
/// writes the same way (32 bytes a `write_i2c_block_data`).
///
/// The two chips differ as in the kernel's ssd130x driver's variant table: the SH1106 has no
/// horizontal addressing (so each page is written after setting the page 0xB0+p and the column
/// 0x00|low nibble, 0x10|high nibble, with its column offset 2), and its internal DC-DC is
/// 0xAD 0x8B where the SSD1306's charge pump is 0x8D 0x14.
public final class SSD1306: PixelDisplay {
    public let model: DisplayModel
    public let address: UInt8
    public let width: Int
    public let height: Int
    private let bus: I2CBus
    /// The controller's values, from its descriptor row; nil for a model that is no OLED
    /// (`initialize` refuses it).
    private let variant: OLEDVariant?
    /// The frame the chip holds, as far as we know; nil: unknown (resend everything).
    private var last: MonoFrame?
    private var none: [UInt8] = []
    private var status: [UInt8] = [0]

    /// The most bytes after the control byte in one transaction (SMBus block limit).
    public static let maxPayload = 32

    typealias Cmd = SSD1306Command

    /// `model` .ssd1306 or .sh1106; `height` 32 or 64 (checked by `initialize`).
    public init(model: DisplayModel, bus: I2CBus, address: UInt8, width: Int = 128, height: Int = 64) {
        self.model = model
        self.bus = bus
        self.address = address
        self.width = width
        self.height = height
        variant = model.descriptor.oled
    }

    /// A one-byte read acknowledges at the address: both chips answer a read with their status
    /// byte (bit 6: display off). Neither datasheet gives the other bits a documented value
    /// (SSD1306: "reserved"; SH1106: BUSY in bit 7), so the status byte cannot tell the two
    /// apart reliably: this only says something answers. No acknowledge: false.
    public func probe() throws(DisplayError) -> Bool {
        do throws(I2CError) {
            try bus.transfer(address: address, write: none, read: &status)
            return true
        } catch {
            if error.kind == .addressNotAcknowledged { return false }
            throw .bus(error)
        }
    }

    /// The power-up sequence of the SSD1306 application note (and the kernel's ssd130x_init),
    /// then a dark RAM, then display on.
    public func initialize() throws(DisplayError) {
        last = nil
        let variant = try controller()
        guard width == 128, height == 32 || height == 64 else {
            throw .geometry(model: model, address: address, message: "\(width)x\(height): the driver knows 128x64 and 128x32")
        }
        try command([[Cmd.displayOff]] + configuration(variant))
        let dark = MonoFrame(width: width, height: height)
        try writePages(dark, 0..<dark.pages, columns: 0...(width - 1))
        try command([[Cmd.displayOn]])
    }

    /// The power-up configuration (after display off, before the RAM): the application note's order.
    private func configuration(_ variant: OLEDVariant) -> [[UInt8]] {
        var commands: [[UInt8]] = [
            [Cmd.clock, 0x80],  // divide ratio 1, oscillator frequency 8 (the reset value)
            [Cmd.multiplex, UInt8(height - 1)],
            [Cmd.displayOffset, 0x00],
            [Cmd.startLine | 0],
            variant.power,
        ]
        if variant.horizontalAddressing { commands.append([Cmd.memoryMode, 0x00]) }
        commands += [
            [Cmd.segmentRemap],  // column 127 to SEG0
            [Cmd.comScanReversed],  // COM[N-1] to COM0: with 0xA1, the modules' upright image
            [Cmd.comPins, height == 32 ? 0x02 : 0x12],  // sequential for 128x32, alternative for 128x64
            [Cmd.contrast, 0xCF],
            [Cmd.precharge, variant.precharge],
            [Cmd.vcomh, 0x40],  // as Adafruit's SSD1306 library; the datasheet's table lists 0x00, 0x20, 0x30
            [Cmd.resume],  // output follows the RAM
            [Cmd.normal],  // not inverted
        ]
        return commands
    }

    /// The configuration again and display on, with no display off and no clearing in
    /// between (nothing flickers); the next `show` sends every page.
    public func reassert() throws(DisplayError) {
        last = nil
        try command(configuration(try controller()) + [[Cmd.displayOn]])
    }

    /// After `initialize`, `reassert` or an error, every page in one window; otherwise only the
    /// pages that differ from the last frame sent, each from its first changed column to its
    /// last (a countdown's digit is a few columns of one or two pages, not whole frames).
    public func show(_ frame: MonoFrame) throws(DisplayError) {
        guard frame.width == width, frame.height == height else {
            throw .geometry(model: model, address: address, message: "a \(frame.width)x\(frame.height) frame on a \(width)x\(height) display")
        }
        let previous = last
        last = nil  // unknown until every page went out
        if let previous {
            for p in 0..<frame.pages {
                if let columns = changedColumns(previous, frame, page: p) { try writePages(frame, p..<(p + 1), columns: columns) }
            }
        } else {
            try writePages(frame, 0..<frame.pages, columns: 0...(width - 1))
        }
        last = frame
    }

    /// The columns from the first to the last byte of page `p` that differ; nil: none.
    private func changedColumns(_ a: MonoFrame, _ b: MonoFrame, page p: Int) -> ClosedRange<Int>? {
        let start = p * width
        var first = -1, lastColumn = -1
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                for c in 0..<width where x[start + c] != y[start + c] {
                    if first < 0 { first = c }
                    lastColumn = c
                }
            }
        }
        return first < 0 ? nil : first...lastColumn
    }

    public func setContrast(_ value: UInt8) throws(DisplayError) { try command([[Cmd.contrast, value]]) }

    public func setDisplayOn(_ on: Bool) throws(DisplayError) { try command([[on ? Cmd.displayOn : Cmd.displayOff]]) }

    // MARK: - Transactions

    /// Commands (each with its arguments, never split) in transactions of at most 32 bytes after 0x00.
    private func command(_ commands: [[UInt8]]) throws(DisplayError) {
        var buffer: [UInt8] = [Cmd.commandStream]
        for c in commands {
            if buffer.count - 1 + c.count > Self.maxPayload {
                try send(buffer)
                buffer = [Cmd.commandStream]
            }
            buffer += c
        }
        if buffer.count > 1 { try send(buffer) }
    }

    /// GDDRAM bytes after 0x40, 32 at a time.
    private func data(_ bytes: ArraySlice<UInt8>) throws(DisplayError) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let n = min(Self.maxPayload, bytes.endIndex - i)
            try send([Cmd.dataStream] + bytes[i..<(i + n)])
            i += n
        }
    }

    private func writePages(_ frame: MonoFrame, _ pages: Range<Int>, columns: ClosedRange<Int>) throws(DisplayError) {
        let variant = try controller()
        if variant.horizontalAddressing {
            // A window over the pages and columns: the column pointer wraps to the next page at its end.
            try command([[Cmd.columnAddress, UInt8(columns.lowerBound), UInt8(columns.upperBound)],
                         [Cmd.pageAddress, UInt8(pages.lowerBound), UInt8(pages.upperBound - 1)]])
            if columns.count == width {
                try data(frame.bytes[(pages.lowerBound * width)..<(pages.upperBound * width)])
            } else {
                for p in pages { try data(frame.bytes[(p * width + columns.lowerBound)...(p * width + columns.upperBound)]) }
            }
        } else {
            for p in pages {
                let column = variant.columnOffset + columns.lowerBound
                try command([[Cmd.pageStart | UInt8(p)],
                             [Cmd.lowerColumn | UInt8(column & 0x0F)],
                             [Cmd.higherColumn | UInt8(column >> 4)]])
                try data(frame.bytes[(p * width + columns.lowerBound)...(p * width + columns.upperBound)])
            }
        }
    }

    /// The controller's values; a model with none (a character LCD) is refused.
    private func controller() throws(DisplayError) -> OLEDVariant {
        guard let variant else {
            throw .geometry(model: model, address: address, message: "\(model.rawValue) is not an OLED controller")
        }
        return variant
    }

    /// One transaction; a failure forgets what the chip holds (the next `show` sends every page).
    private func send(_ bytes: [UInt8]) throws(DisplayError) {
        do {
            try bus.transfer(address: address, write: bytes, read: &none)
        } catch {
            last = nil
            throw .bus(error)
        }
    }
}
