import Drivers
import HAL

/// SSD1306 or SH1106 OLED controller at command level, from the datasheets' command tables
/// (SSD1306 rev 1.1 §9-10, SH1106 v2.3), not from what our driver sends.
///
/// Each write starts with a control byte: Co (bit 7) = 0, a stream of commands (D/C# = 0,
/// 0x00) or of GDDRAM bytes (D/C# = 1, 0x40) to the end of the transaction; Co = 1 (0x80, 0xC0):
/// one byte, then another control byte. A multi-byte command's arguments are the next command
/// bytes, in the same transaction or a later one. Commands a chip does not have are ignored, one
/// byte at a time (the next byte is decoded as a command), and counted.
///
/// RAM: SSD1306 128x64 bits (8 pages of 128 bytes) whatever the panel; addressing modes
/// horizontal, vertical and page (the reset mode), windows 0x21/0x22. SH1106: 132x64 (8 pages
/// of 132 bytes), page addressing only, the column pointer set 4+4 bits; it stops at the last column.
///
/// The panel: SSD1306 SEG0-127 (x = 127 - SEG), SH1106 SEG2-129 (x = 129 - SEG); rows y = H-1-COM.
/// So 0xA1 (column 127 to SEG0) with 0xC8 (COM scan reversed) shows the RAM upright, as every
/// module's init sequence expects. The SSD1306 without its charge pump (0x8D 0x14) shows nothing,
/// as on a module with no external VCC; the SH1106's DC-DC (0xAD 0x8B) is on from reset.
public final class SSD1306Emulator: BusDevice {
    private typealias C = SSD1306Command
    public let model: DisplayModel
    /// The panel: 128 columns, `height` rows (32 or 64).
    public let width: Int
    public let height: Int
    /// RAM columns: 128, or 132 on the SH1106.
    public let ramColumns: Int
    /// GDDRAM: 8 pages of `ramColumns` bytes, bit 0 the page's top row.
    public private(set) var ram: [UInt8]

    public private(set) var displayOn = false
    public private(set) var inverted = false
    /// 0xA5: every pixel lit whatever the RAM.
    public private(set) var entireDisplayOn = false
    public private(set) var contrast: UInt8 = 0x7F
    /// SSD1306: the charge pump (0x8D bit 2); SH1106: the DC-DC converter (0xAD bit 0).
    public private(set) var chargePump: Bool
    /// 0xA1: column 127 (SH1106: 131) to SEG0.
    public private(set) var segmentRemap = false
    /// 0xC8: COM scan from COM[N-1] to COM0.
    public private(set) var comScanReversed = false
    public private(set) var startLine = 0
    /// Multiplex ratio (MUX + 1 rows driven): 64 after reset.
    public private(set) var multiplex = 64
    public private(set) var displayOffset = 0
    /// 0xDA's argument (kept; the row interleave it selects is not modelled).
    public private(set) var comPins: UInt8 = 0x12
    public enum AddressingMode: Sendable { case horizontal, vertical, page }
    public private(set) var addressingMode = AddressingMode.page
    public private(set) var column = 0
    public private(set) var page = 0
    /// Commands the chip does not have (ignored).
    public private(set) var unknownCommands = 0
    /// Write transactions seen, for tests.
    public private(set) var writes = 0

    // The window (0x21, 0x22): where the column pointer wraps in every mode, where the page
    // pointer wraps in horizontal and vertical modes.
    private var columnStart = 0, columnEnd = 127, pageStart = 0, pageEnd = 7
    /// A command waiting for its arguments: the command byte and the arguments so far.
    private var pending: (command: UInt8, arguments: [UInt8], needed: Int)?

    public init(model: DisplayModel, width: Int = 128, height: Int = 64) {
        self.model = model
        self.width = width
        self.height = height
        ramColumns = model == .sh1106 ? 132 : 128
        ram = [UInt8](repeating: 0, count: ramColumns * 8)
        chargePump = model == .sh1106
        columnEnd = ramColumns - 1
    }

    private var isSH1106: Bool { model == .sh1106 }

    // MARK: - Bus

    public func write(_ bytes: [UInt8]) -> Bool {
        writes += 1
        var i = 0
        while i < bytes.count {
            let control = bytes[i]
            i += 1
            let isData = control & C.dataNotCommand != 0
            if control & C.continuation == 0 {
                // Co = 0: everything that follows is of one kind.
                while i < bytes.count {
                    if isData { data(bytes[i]) } else { command(bytes[i]) }
                    i += 1
                }
            } else if i < bytes.count {
                if isData { data(bytes[i]) } else { command(bytes[i]) }
                i += 1
            }
        }
        return true
    }

    /// The status byte (a read with D/C# low): bit 6 set while the display is off. The other
    /// bits: SSD1306 reserved, SH1106 bit 7 BUSY (never busy here); read as 0.
    public func read(into buffer: inout [UInt8]) {
        for i in buffer.indices { buffer[i] = displayOn ? 0x00 : 0x40 }  // bit 6: display off
    }

    // MARK: - RAM

    private func data(_ byte: UInt8) {
        if isSH1106 {
            // The column register holds any 8-bit value; only 0-131 are RAM.
            if column < ramColumns { ram[page * ramColumns + column] = byte }
            if column < ramColumns - 1 { column += 1 }
            return
        }
        ram[page * ramColumns + column] = byte
        switch addressingMode {
        case .page:
            // "reset to column start address and page address pointer is not changed"
            column = column >= columnEnd ? columnStart : column + 1
        case .horizontal:
            if column >= columnEnd {
                column = columnStart
                page = page >= pageEnd ? pageStart : page + 1
            } else {
                column += 1
            }
        case .vertical:
            if page >= pageEnd {
                page = pageStart
                column = column >= columnEnd ? columnStart : column + 1
            } else {
                page += 1
            }
        }
    }

    // MARK: - Commands

    private func command(_ byte: UInt8) {
        if var p = pending {
            p.arguments.append(byte)
            if p.arguments.count < p.needed {
                pending = p
            } else {
                pending = nil
                execute(p.command, p.arguments)
            }
            return
        }
        let needed = argumentCount(byte)
        if needed < 0 {
            unknownCommands += 1
        } else if needed == 0 {
            execute(byte, [])
        } else {
            pending = (byte, [], needed)
        }
    }

    /// Arguments after the command byte; -1 for a command the chip does not have.
    private func argumentCount(_ c: UInt8) -> Int {
        switch c {
        case C.lowerColumn...(C.higherColumn | 0x0F), C.startLine...(C.startLine | 0x3F), C.segmentNormal, C.segmentRemap,
             C.resume...C.inverse, C.displayOff, C.displayOn, C.pageStart...(C.pageStart | 0x07), C.comScanNormal,
             C.comScanReversed, C.nop: return 0
        case C.contrast, C.multiplex, C.displayOffset, C.clock, C.precharge, C.comPins, C.vcomh: return 1
        default: break
        }
        if isSH1106 {
            switch c {
            case C.pumpVoltage...(C.pumpVoltage | 0x03), C.readModifyWrite, C.end: return 0
            case C.dcdcMode: return 1
            default: return -1
            }
        }
        switch c {
        case C.memoryMode, C.chargePump: return 1
        case C.columnAddress, C.pageAddress, C.verticalScrollArea: return 2  // windows; vertical scroll area
        case C.rightScroll, C.leftScroll: return 6  // horizontal scroll set-up
        case C.verticalRightScroll, C.verticalLeftScroll: return 5  // vertical and horizontal scroll set-up
        case C.deactivateScroll, C.activateScroll: return 0  // scrolling itself not modelled
        default: return -1
        }
    }

    private func execute(_ c: UInt8, _ a: [UInt8]) {
        switch c {
        case C.lowerColumn...(C.lowerColumn | 0x0F):
            setColumn((column & ~0x0F) | Int(c & 0x0F))
        case C.higherColumn...(C.higherColumn | 0x0F):
            // SSD1306: bits 2:0 of the high nibble (0x10-0x17); SH1106: 4 bits.
            setColumn((column & 0x0F) | (Int(c & (isSH1106 ? 0x0F : 0x07)) << 4))
        case C.memoryMode:
            switch a[0] & 0x03 {
            case 0: addressingMode = .horizontal
            case 1: addressingMode = .vertical
            case 2: addressingMode = .page
            default: break  // invalid
            }
        case C.columnAddress:
            columnStart = Int(a[0] & 0x7F); columnEnd = Int(a[1] & 0x7F)
            column = columnStart
        case C.pageAddress:
            pageStart = Int(a[0] & 0x07); pageEnd = Int(a[1] & 0x07)
            page = pageStart
        case C.startLine...(C.startLine | 0x3F): startLine = Int(c & 0x3F)
        case C.contrast: contrast = a[0]
        case C.chargePump: chargePump = a[0] & 0x04 != 0
        case C.dcdcMode: chargePump = a[0] & 0x01 != 0
        case C.segmentNormal, C.segmentRemap: segmentRemap = c == C.segmentRemap
        case C.resume, C.entireDisplayOn: entireDisplayOn = c == C.entireDisplayOn
        case C.normal, C.inverse: inverted = c == C.inverse
        case C.multiplex:
            // SSD1306: 15-63 (16-64 MUX); smaller values are invalid. SH1106: 0-63.
            let m = Int(a[0] & 0x3F)
            if isSH1106 || m >= 15 { multiplex = m + 1 }
        case C.displayOff, C.displayOn: displayOn = c == C.displayOn
        case C.pageStart...(C.pageStart | 0x07):
            if isSH1106 || addressingMode == .page { page = Int(c & 0x07) }
        case C.comScanNormal, C.comScanReversed: comScanReversed = c == C.comScanReversed
        case C.displayOffset: displayOffset = Int(a[0] & 0x3F)
        case C.comPins: comPins = a[0]
        default: break  // timing, voltages, scrolling: accepted, no visible effect here
        }
    }

    /// The column pointer from 0x00-0x1F: SSD1306 in page mode only; the SH1106 always. The
    /// SH1106's two nibbles are set one at a time, so the register is not clamped between
    /// them (a lower nibble after column 131 must not pull the column to 131 before the higher).
    private func setColumn(_ c: Int) {
        if isSH1106 {
            column = c
        } else if addressingMode == .page {
            column = c & 0x7F
        }
    }

    // MARK: - What a person sees

    /// The RAM bit at a column and row (0-63).
    private func ramBit(_ column: Int, _ row: Int) -> Bool {
        ram[(row >> 3) * ramColumns + column] & (1 << UInt8(row & 7)) != 0
    }

    /// The panel as lit: remap, COM scan, start line, offset and multiplex applied, then
    /// entire-display-on and inversion; all dark when off or without the charge pump.
    public func visibleFrame() -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        guard displayOn, chargePump else { return f }
        for y in 0..<height {
            let com = height - 1 - y
            // The scan line driving this COM output; beyond the multiplex ratio, dark.
            let line = comScanReversed ? multiplex - 1 - com : com
            guard line >= 0, line < multiplex else { continue }
            let row = (line + displayOffset + startLine) & 63
            for x in 0..<width {
                let seg = isSH1106 ? 129 - x : 127 - x
                let col = segmentRemap ? ramColumns - 1 - seg : seg
                let on = entireDisplayOn || ramBit(col, row)
                f[x, y] = on != inverted
            }
        }
        return f
    }

    /// The panel at `scale` image pixels a dot (a 1-pixel dark gap between dots from scale 3):
    /// lit dots blue-white, brighter with the contrast; the rest near-black.
    public func render(scale: Int = 4) -> PNGImage {
        let s = max(1, scale)
        let background: (UInt8, UInt8, UInt8) = (8, 10, 14)
        var image = PNGImage(width: width * s, height: height * s, fill: background)
        let frame = visibleFrame()
        // Brightness from 45% at contrast 0 to 100% at 255 (the eye sees little of the range).
        let level = 0.45 + 0.55 * Double(contrast) / 255
        let lit = (UInt8(205 * level), UInt8(228 * level), UInt8(255 * level))
        let dot = s >= 3 ? s - 1 : s
        for y in 0..<height { for x in 0..<width where frame[x, y] { image.fill(x: x * s, y: y * s, width: dot, height: dot, lit) } }
        return image
    }
}
