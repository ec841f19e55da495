import Foundation
import HAL
import Testing
@testable import Drivers
@testable import Simulation

/// The OLED driver's bytes against the datasheets' sequences, and the emulator's panel against
/// frames drawn here.
@Suite("OLED: SSD1306 and SH1106")
struct OLEDTests {
    // MARK: - Helpers (framing only: the bytes themselves are written out in each test)

    /// GDDRAM bytes as the driver must send them: control byte 0x40, then at most 32 bytes.
    func data(_ address: UInt8, _ bytes: [UInt8]) -> [ScriptedI2CBus.Expectation] {
        stride(from: 0, to: bytes.count, by: 32).map { i in
            .init(address: address, write: [0x40] + bytes[i..<min(bytes.count, i + 32)], answer: .bytes([]))
        }
    }

    func zeros(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: n) }

    /// A diagonal and a box, set pixel by pixel.
    func picture(width: Int = 128, height: Int) -> MonoFrame {
        var f = MonoFrame(width: width, height: height)
        for i in 0..<height { f[i, i] = true }  // diagonal from the top-left corner
        for x in 70...120 { f[x, 4] = true; f[x, height - 5] = true }
        for y in 4...(height - 5) { f[70, y] = true; f[120, y] = true }
        return f
    }

    /// Records the length of every transaction on the way to another bus.
    final class Recording: I2CBus {
        let inner: I2CBus
        var lengths: [Int] = []
        var name: String { inner.name }
        init(_ inner: I2CBus) { self.inner = inner }
        func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
            lengths.append(write.count)
            try inner.transfer(address: address, write: write, read: &read)
        }
    }

    func emulated(_ model: DisplayModel, height: Int = 64, driverModel: DisplayModel? = nil, address: UInt8 = 0x3C)
        -> (SSD1306, SSD1306Emulator, SimulatedI2CBus, Recording) {
        let bus = SimulatedI2CBus()
        let emulator = SSD1306Emulator(model: model, height: height)
        bus.attach(emulator, at: address)
        let recording = Recording(bus)
        return (SSD1306(model: driverModel ?? model, bus: recording, address: address, height: height), emulator, bus, recording)
    }

    // MARK: - Scripted transactions

    @Test("SSD1306 128x64: the application note's init, a dark RAM, display on; a full frame; then only the changed columns of the changed page")
    func ssd1306Init() throws {
        var frame = MonoFrame(width: 128, height: 64)
        frame[0, 0] = true  // page 0, column 0, bit 0
        frame[127, 63] = true  // page 7, column 127, bit 7
        var first = zeros(1024)
        first[0] = 0x01
        first[1023] = 0x80
        var changed = frame
        changed[5, 20] = true  // page 2, column 5, bit 4

        // The script in typed pieces (Swift 6.2's type checker gives up on it as one expression).
        var script: [ScriptedI2CBus.Expectation] = [
            w(0x3C, 0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
              0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6),
            w(0x3C, 0x00, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x07),
        ]
        script += data(0x3C, zeros(1024))
        script += [w(0x3C, 0x00, 0xAF), w(0x3C, 0x00, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x07)]
        script += data(0x3C, first)
        script += [w(0x3C, 0x00, 0x21, 0x05, 0x05, 0x22, 0x02, 0x02), w(0x3C, 0x40, 0x10)]  // column 5 of page 2 alone
        script += [w(0x3C, 0x00, 0x81, 0x20), w(0x3C, 0x00, 0xAE), w(0x3C, 0x00, 0xAF)]
        let bus = ScriptedI2CBus(script)
        let d = SSD1306(model: .ssd1306, bus: bus, address: 0x3C)
        try d.initialize()
        try d.show(frame)
        try d.show(changed)
        try d.show(changed)  // nothing changed: nothing sent
        try d.setContrast(0x20)
        try d.setDisplayOn(false)
        try d.setDisplayOn(true)
        bus.done()
    }

    @Test("SSD1306 128x32: multiplex 0x1F, sequential COM pins 0x02, four pages")
    func ssd1306Init32() throws {
        var frame = MonoFrame(width: 128, height: 32)
        frame[64, 31] = true  // page 3, column 64, bit 7
        var first = zeros(512)
        first[3 * 128 + 64] = 0x80
        let bus = ScriptedI2CBus(
            [w(0x3D, 0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x1F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x00,
               0xA1, 0xC8, 0xDA, 0x02, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6),
             w(0x3D, 0x00, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x03)]
            + data(0x3D, zeros(512))
            + [w(0x3D, 0x00, 0xAF),
               w(0x3D, 0x00, 0x21, 0x00, 0x7F, 0x22, 0x00, 0x03)]
            + data(0x3D, first))
        let d = SSD1306(model: .ssd1306, bus: bus, address: 0x3D, height: 32)
        try d.initialize()
        try d.show(frame)
        bus.done()
    }

    @Test("SH1106: DC-DC 0xAD 0x8B, no memory mode, pre-charge 0x22; pages by 0xB0+p and column 2 (0x02, 0x10)")
    func sh1106Init() throws {
        var frame = MonoFrame(width: 128, height: 64)
        frame[0, 8] = true  // page 1, column 0, bit 0
        var page1 = zeros(128)
        page1[0] = 0x01
        var changed = frame
        changed[127, 62] = true  // page 7, column 127, bit 6

        var script = [w(0x3C, 0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xAD, 0x8B,
                        0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0x22, 0xDB, 0x40, 0xA4, 0xA6)]
        for p: UInt8 in 0...7 { script += [w(0x3C, 0x00, 0xB0 + p, 0x02, 0x10)] + data(0x3C, zeros(128)) }
        script.append(w(0x3C, 0x00, 0xAF))
        for p: UInt8 in 0...7 { script += [w(0x3C, 0x00, 0xB0 + p, 0x02, 0x10)] + data(0x3C, p == 1 ? page1 : zeros(128)) }
        script += [w(0x3C, 0x00, 0xB7, 0x01, 0x18), w(0x3C, 0x40, 0x40)]  // page 7 from column 2 + 127 = 0x81, one byte
        let bus = ScriptedI2CBus(script)
        let d = SSD1306(model: .sh1106, bus: bus, address: 0x3C)
        try d.initialize()
        try d.show(frame)
        try d.show(changed)
        bus.done()
    }

    @Test("every transaction is at most 33 bytes (control byte + 32: the SMBus block limit)",
          arguments: [(DisplayModel.ssd1306, 64), (.ssd1306, 32), (.sh1106, 64)])
    func transactionSize(model: DisplayModel, height: Int) throws {
        let (d, _, _, recording) = emulated(model, height: height)
        try d.initialize()
        var f = picture(height: height)
        try d.show(f)
        f[3, 3] = true
        f[100, height - 1] = true
        try d.show(f)
        try d.setContrast(0x10)
        #expect(recording.lengths.count > 16)
        #expect(recording.lengths.allSatisfy { $0 >= 2 && $0 <= 33 }, "\(recording.lengths.max() ?? 0) bytes")
    }

    @Test("a bus error is DisplayError.bus naming the address; after a new initialize the next show sends every page")
    func busError() throws {
        let (d, emulator, bus, _) = emulated(.ssd1306, address: 0x3D)
        try d.initialize()
        let a = picture(height: 64)
        try d.show(a)
        var b = a
        b[10, 50] = true
        bus.silent = [0x3D]
        do {
            try d.show(b)
            Issue.record("no error from a silent display")
        } catch {
            guard case .bus(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.kind == .addressNotAcknowledged)
            #expect(error.description.contains("0x3d"), "\(error.description)")
        }
        #expect(throws: DisplayError.self) { try d.initialize() }
        #expect(try d.probe() == false)
        bus.silent = []
        #expect(try d.probe() == true)
        try d.initialize()
        try d.show(b)
        #expect(emulator.visibleFrame() == b)
        let writes = emulator.writes
        try d.show(b)
        #expect(emulator.writes == writes)
    }

    @Test("a refused byte is DisplayError.bus with the bus, the address and the control byte")
    func scriptedFailure() throws {
        let bus = ScriptedI2CBus([fail(0x3C, [0x00, 0x81, 0x7F], .dataNotAcknowledged)])
        let d = SSD1306(model: .sh1106, bus: bus, address: 0x3C)
        #expect(throws: DisplayError.bus(I2CError(.dataNotAcknowledged, bus: "scripted", address: 0x3C, register: 0x00))) {
            try d.setContrast(0x7F)
        }
        bus.done()
    }

    @Test("a frame of the wrong size is a geometry error, not a crash")
    func geometry() throws {
        let (d, _, _, _) = emulated(.ssd1306, height: 32)
        try d.initialize()
        #expect(throws: DisplayError.self) { try d.show(MonoFrame(width: 128, height: 64)) }
        let odd = SSD1306(model: .ssd1306, bus: SimulatedI2CBus(), address: 0x3C, width: 96, height: 16)
        #expect(throws: DisplayError.self) { try odd.initialize() }
    }

    // MARK: - Emulator

    @Test("driver to emulator: the panel shows the frame drawn here (a diagonal and a box), and a later change",
          arguments: [(DisplayModel.ssd1306, 64), (.ssd1306, 32), (.sh1106, 64)])
    func roundTrip(model: DisplayModel, height: Int) throws {
        let (d, emulator, _, _) = emulated(model, height: height)
        try d.initialize()
        #expect(emulator.displayOn && emulator.chargePump)
        #expect(emulator.visibleFrame() == MonoFrame(width: 128, height: height))
        var f = picture(height: height)
        try d.show(f)
        #expect(emulator.visibleFrame() == f)
        #expect(emulator.unknownCommands == 0)
        for x in 0..<128 { f[x, height / 2] = true }
        f[0, 0] = false
        try d.show(f)
        #expect(emulator.visibleFrame() == f)
        // What a person sees of the corner pixels: through the RAM layout, not the frame's bytes.
        #expect(emulator.visibleFrame()[1, 1] && !emulator.visibleFrame()[0, 0])
    }

    @Test("the variant matters: SSD1306 commands to an SH1106 are partly unknown and the picture is wrong")
    func wrongVariant() throws {
        let (d, emulator, _, _) = emulated(.sh1106, driverModel: .ssd1306)
        try d.initialize()
        let f = picture(height: 64)
        try d.show(f)
        #expect(emulator.unknownCommands > 0)  // 0x20, 0x21, 0x22, 0x8D
        #expect(emulator.visibleFrame() != f)
    }

    @Test("SH1106: page-mode bytes at column 0 (an SSD1306 habit) show 2 pixels to the left")
    func sh1106ColumnOffset() {
        let e = SSD1306Emulator(model: .sh1106)
        #expect(e.write([0x00, 0xA1, 0xC8, 0xAF]))
        #expect(e.write([0x00, 0xB0, 0x00, 0x10]))
        #expect(e.write([0x40, 0, 0, 0, 0, 0x01, 0, 0, 0, 0, 0]))  // column 4, top row
        #expect(e.ram[4] == 0x01)
        #expect(e.visibleFrame()[2, 0])
        #expect(!e.visibleFrame()[4, 0])
        // Column 2+4 = 6 through the 4+4-bit pointer: 0x06, 0x10.
        #expect(e.write([0x80, 0xB3, 0x80, 0x06, 0x80, 0x10, 0xC0, 0x80]))  // single bytes with Co=1, then one data byte
        #expect(e.ram[3 * 132 + 6] == 0x80)
        #expect(e.visibleFrame()[4, 31])
    }

    @Test("raw commands: on/off, inversion, entire display on, contrast with its argument in a later byte, status byte")
    func rawCommands() {
        let e = SSD1306Emulator(model: .ssd1306)
        var status: [UInt8] = [0]
        e.read(into: &status)
        #expect(status == [0x40] && !e.displayOn)
        #expect(e.write([0x00, 0xA1, 0xC8, 0xAF]))
        #expect(e.displayOn && !e.chargePump)
        #expect(e.visibleFrame() == MonoFrame(width: 128, height: 64))  // no charge pump: nothing lit
        #expect(e.write([0x00, 0xA5]))  // entire display on
        #expect(e.visibleFrame() == MonoFrame(width: 128, height: 64))
        #expect(e.write([0x00, 0x8D, 0x14]))
        #expect(e.chargePump)
        #expect(e.visibleFrame()[64, 32])
        #expect(e.write([0x80, 0xA4, 0x80, 0xA7]))  // Co=1 pairs: follow the RAM, inverted
        #expect(e.inverted)
        #expect(e.visibleFrame()[64, 32])  // dark RAM, inverted: lit
        #expect(e.write([0x00, 0xA6]))
        #expect(!e.visibleFrame()[64, 32])
        #expect(e.write([0x00, 0x81]))
        #expect(e.write([0x00, 0x20]))  // the contrast's argument, in the next transaction
        #expect(e.contrast == 0x20)
        #expect(e.write([0x80, 0x81, 0x80, 0xCF]))
        #expect(e.contrast == 0xCF)
        #expect(e.write([0x00, 0xAE]))
        e.read(into: &status)
        #expect(status == [0x40] && !e.displayOn)
        #expect(e.write([0x00, 0xAF]))
        e.read(into: &status)
        #expect(status == [0x00])
        #expect(e.write([0x00, 0xFF, 0xE3]))  // 0xFF: not a command; 0xE3: NOP
        #expect(e.unknownCommands == 1)
    }

    @Test("SSD1306 addressing: vertical mode fills a column's pages first; page mode wraps within the page")
    func addressing() {
        let e = SSD1306Emulator(model: .ssd1306)
        #expect(e.write([0x00, 0x20, 0x01, 0x21, 0x0A, 0x0B, 0x22, 0x06, 0x07]))
        #expect(e.write([0x40, 1, 2, 3, 4, 5]))
        #expect(e.ram[7 * 128 + 10] == 2)  // (10, 6) held 1 until the fifth byte wrapped back to it
        #expect(e.ram[6 * 128 + 11] == 3 && e.ram[7 * 128 + 11] == 4)
        #expect(e.ram[6 * 128 + 10] == 5 && e.column == 10 && e.page == 7)  // the window's end: back to its start
        #expect(e.write([0x00, 0x21, 0x00, 0x7F, 0x20, 0x02, 0xB2, 0x0E, 0x17]))  // page mode, page 2, column 0x7E
        #expect(e.write([0x40, 0xAA, 0xBB, 0xCC]))
        #expect(e.ram[2 * 128 + 126] == 0xAA && e.ram[2 * 128 + 127] == 0xBB)
        #expect(e.ram[2 * 128 + 0] == 0xCC && e.page == 2)  // wrapped within the page
    }

    @Test("start line, multiplex and COM scan: a 0x41 start line moves the picture up one row")
    func startLine() throws {
        let (d, emulator, _, _) = emulated(.ssd1306)
        try d.initialize()
        var f = MonoFrame(width: 128, height: 64)
        f[10, 10] = true
        try d.show(f)
        #expect(emulator.write([0x00, 0x41]))
        #expect(emulator.visibleFrame()[10, 9] && !emulator.visibleFrame()[10, 10])
        #expect(emulator.write([0x00, 0x40, 0xC0]))  // normal COM scan: upside down
        #expect(emulator.visibleFrame()[10, 53])
        #expect(emulator.write([0x00, 0xC8, 0xA0]))  // column 0 to SEG0: mirrored
        #expect(emulator.visibleFrame()[117, 10])
    }

    @Test("render: 128*scale wide, lit dots bright, the rest dark; a PNG with the right IHDR; dark when off")
    func render() throws {
        let (d, emulator, _, _) = emulated(.ssd1306)
        try d.initialize()
        try d.show(picture(height: 64))
        let image = emulator.render(scale: 4)
        #expect(image.width == 512 && image.height == 256)
        let lit = image[4 * 20 + 1, 4 * 20 + 1]  // on the diagonal
        let dark = image[4 * 40 + 1, 4 * 10 + 1]
        #expect(lit.0 > 150 && lit.1 > 150 && lit.2 > 180)
        #expect(dark.0 < 30 && dark.1 < 30 && dark.2 < 30)
        let png = image.png
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 0x02, 0x00, 0, 0, 0x01, 0x00])  // 512 x 256
        // Dimmer at low contrast; nothing when off.
        try d.setContrast(0)
        let dim = emulator.render(scale: 4)[4 * 20 + 1, 4 * 20 + 1]
        #expect(dim.2 < lit.2 && dim.2 > 60)
        try d.setDisplayOn(false)
        let off = emulator.render(scale: 2)
        #expect(off.width == 256)
        #expect(off[2 * 20, 2 * 20].0 < 30)
    }
}
