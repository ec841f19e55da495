import Foundation
import HAL
import Testing
@testable import Drivers
@testable import Simulation

/// The HD44780 behind a PCF8574 backpack. Reference bytes come from the datasheets and the
/// backpack's wiring, written out here, not from the driver: P0 = RS, P1 = R/W, P2 = E,
/// P3 = backlight, P4-P7 = D4-D7. A nibble n with the backlight on is (n << 4) | 0x08 | 0x04
/// (E high) then (n << 4) | 0x08 (E low); with RS (data) | 0x01.
@Suite("HD44780 LCD behind a PCF8574")
struct LCDTests {
    /// Forwards to another bus and records every write and every pause, in order.
    final class Recorder: I2CBus {
        enum Event: Equatable { case write([UInt8]), pause(Double) }
        let inner: I2CBus
        var events: [Event] = []
        var name: String { inner.name }
        init(_ inner: I2CBus) { self.inner = inner }
        func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
            events.append(.write(write))
            try inner.transfer(address: address, write: write, read: &read)
        }
        var writes: [[UInt8]] { events.compactMap { if case .write(let w) = $0 { w } else { nil } } }
    }

    static func codes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func emulated(columns: Int, rows: Int, address: UInt8 = 0x27) -> (HD44780, HD44780Emulator, SimulatedI2CBus, Recorder) {
        let bus = SimulatedI2CBus()
        let lcd = HD44780Emulator(columns: columns, rows: rows)
        bus.attach(lcd, at: address)
        let recorder = Recorder(bus)
        let driver = HD44780(bus: recorder, address: address, columns: columns, rows: rows,
                             pause: { [unowned recorder] s in recorder.events.append(.pause(s)) })
        return (driver, lcd, bus, recorder)
    }

    func padded(_ lines: [String], _ columns: Int) -> [String] {
        lines.map { $0 + String(repeating: " ", count: columns - $0.count) }
    }

    @Test("initialisation: Figure 24's 0x3, 0x3, 0x3, 0x2 nibbles, then 0x28, 0x08, 0x01, 0x06, 0x0C, with the waits")
    func initialisationBytes() throws {
        let a: UInt8 = 0x27
        let script = ScriptedI2CBus([
            w(a, 0x08),  // the port: E low, backlight on
            w(a, 0x3C, 0x38),  // 0x3 (8-bit interface)
            w(a, 0x3C, 0x38),  // 0x3
            w(a, 0x3C, 0x38),  // 0x3
            w(a, 0x2C, 0x28),  // 0x2: 4-bit interface from here on
            w(a, 0x2C, 0x28), w(a, 0x8C, 0x88),  // 0x28 function set: 4-bit, 2 lines, 5x8
            w(a, 0x0C, 0x08), w(a, 0x8C, 0x88),  // 0x08 display off
            w(a, 0x0C, 0x08), w(a, 0x1C, 0x18),  // 0x01 clear
            w(a, 0x0C, 0x08), w(a, 0x6C, 0x68),  // 0x06 entry mode: increment, no shift
            w(a, 0x0C, 0x08), w(a, 0xCC, 0xC8),  // 0x0C display on, cursor and blink off
        ])
        let recorder = Recorder(script)
        let d = HD44780(bus: recorder, address: a, columns: 20, rows: 4,
                        pause: { [unowned recorder] s in recorder.events.append(.pause(s)) })
        try d.initialize()
        script.done()
        // The waits, each after the right write: > 40 ms before the first 0x3, > 4.1 ms after
        // it, > 100 us after the second, 1.52 ms after clear.
        let e = recorder.events
        func pause(after writes: Int) -> Double? {
            var n = 0
            for (i, ev) in e.enumerated() {
                if case .write = ev { n += 1 }
                if n == writes, i + 1 < e.count, case .pause(let s) = e[i + 1] { return s }
            }
            return nil
        }
        #expect((pause(after: 1) ?? 0) >= 0.040)
        #expect((pause(after: 2) ?? 0) >= 0.0041)
        #expect((pause(after: 3) ?? 0) >= 0.0001)
        #expect((pause(after: 11) ?? 0) >= 0.00152)  // after clear's second nibble
        #expect(e.filter { if case .pause = $0 { true } else { false } }.count == 4)
        // Every PCF8574 byte keeps the backlight on; every transaction fits SMBus.
        #expect(recorder.writes.allSatisfy { w in w.allSatisfy { $0 & 0x08 != 0 } && w.count <= 33 })
    }

    @Test("a one-row display: function set 0x20 (one line)")
    func oneRow() throws {
        let a: UInt8 = 0x20
        let script = ScriptedI2CBus([
            w(a, 0x08), w(a, 0x3C, 0x38), w(a, 0x3C, 0x38), w(a, 0x3C, 0x38), w(a, 0x2C, 0x28),
            w(a, 0x2C, 0x28), w(a, 0x0C, 0x08),  // 0x20
            w(a, 0x0C, 0x08), w(a, 0x8C, 0x88), w(a, 0x0C, 0x08), w(a, 0x1C, 0x18),
            w(a, 0x0C, 0x08), w(a, 0x6C, 0x68), w(a, 0x0C, 0x08), w(a, 0xCC, 0xC8),
        ])
        try HD44780(bus: script, address: a, columns: 16, rows: 1, pause: noPause).initialize()
        script.done()
    }

    @Test("20x4: one changed character is one data byte (and a cursor move only if the cursor is elsewhere); two adjacent, one move and two bytes")
    func onlyChanges() throws {
        let (d, lcd, _, rec) = emulated(columns: 20, rows: 4)
        try d.initialize()
        let lines = ["Fajr 05:12", "Dhuhr 12:31", "Asr 15:48", "Maghrib 18:20"]
        try d.show(lines.map(Self.codes))
        // Row 2 ("Asr 15:48") starts at DDRAM 0x14; column 5 ("5") is 0x19.
        rec.events.removeAll()
        try d.show(["Fajr 05:12", "Dhuhr 12:31", "Asr 16:48", "Maghrib 18:20"].map(Self.codes))
        #expect(rec.writes == [
            [0x9C, 0x98], [0x9C, 0x98],  // set DDRAM address 0x80 | 0x19
            [0x3D, 0x39], [0x6D, 0x69],  // data '6' = 0x36, RS = 1
        ])
        // The cursor is now at 0x1A (column 6): changing that character needs no move.
        rec.events.removeAll()
        try d.show(["Fajr 05:12", "Dhuhr 12:31", "Asr 16-48", "Maghrib 18:20"].map(Self.codes))
        #expect(rec.writes == [[0x2D, 0x29], [0xDD, 0xD9]])  // data '-' = 0x2D
        // Two adjacent characters, columns 0 and 1 of row 1 ("Dh" -> "Zu"): one move to 0x40, two bytes.
        rec.events.removeAll()
        try d.show(["Fajr 05:12", "Zuuhr 12:31", "Asr 16-48", "Maghrib 18:20"].map(Self.codes))
        #expect(rec.writes == [
            [0xCC, 0xC8], [0x0C, 0x08],  // set DDRAM address 0x80 | 0x40 = 0xC0
            [0x5D, 0x59], [0xAD, 0xA9],  // 'Z' = 0x5A
            [0x7D, 0x79], [0x5D, 0x59],  // 'u' = 0x75
        ])
        // Nothing changed: nothing sent.
        rec.events.removeAll()
        try d.show(["Fajr 05:12", "Zuuhr 12:31", "Asr 16-48", "Maghrib 18:20"].map(Self.codes))
        #expect(rec.writes.isEmpty)
        #expect(lcd.text() == padded(["Fajr 05:12", "Zuuhr 12:31", "Asr 16-48", "Maghrib 18:20"], 20))
    }

    @Test("emulator: the driver's text reads back, every row", arguments: [(20, 4), (16, 2), (16, 4), (8, 2)])
    func textReadsBack(geometry: (Int, Int)) throws {
        let (columns, rows) = geometry
        let (d, lcd, _, _) = emulated(columns: columns, rows: rows)
        try d.initialize()
        #expect(lcd.fourBitMode && lcd.twoLines && lcd.displayOn && !lcd.cursorOn && !lcd.blink && lcd.backlight)
        #expect(lcd.text() == padded([String](repeating: "", count: rows), columns))
        let lines = ["Fajr 05:12", "Dhuhr 12:31", "Asr 15:48", "Isha 20:05"].prefix(rows).map { String($0.prefix(columns)) }
        try d.show(lines.map(Self.codes))
        #expect(lcd.text() == padded(lines, columns))
        // Fewer lines than rows: the rest blank.
        try d.show([Self.codes("Sunrise")])
        #expect(lcd.text() == padded(["Sunrise"] + [String](repeating: "", count: rows - 1), columns))
    }

    @Test("a custom glyph lands in CGRAM, shows where its code is written, and text keeps going to DDRAM")
    func customGlyph() throws {
        let (d, lcd, _, _) = emulated(columns: 16, rows: 2)
        try d.initialize()
        try d.show([Self.codes("Qibla"), Self.codes("ok")])
        let crescent: [UInt8] = [0x06, 0x0C, 0x18, 0x18, 0x18, 0x0C, 0x06, 0x00]
        try d.defineGlyph(3, rows: crescent)
        #expect(Array(lcd.cgram[24..<32]) == crescent)
        #expect(!lcd.addressingCGRAM)
        try d.show([[0x03] + Self.codes(" Qibla"), Self.codes("ok!")])
        #expect(lcd.text() == padded(["\u{2462} Qibla", "ok!"], 16))
        #expect(lcd.glyph(0x03) == crescent)
        #expect(throws: DisplayError.self) { try d.defineGlyph(8, rows: crescent) }
        #expect(throws: DisplayError.self) { try d.defineGlyph(0, rows: [0x1F]) }
    }

    /// Raw port bytes, backlight on: a nibble with E high then low.
    static func nibble(_ n: UInt8, rs: Bool = false) -> [UInt8] {
        let v = n << 4 | 0x08 | (rs ? 0x01 : 0)
        return [v | 0x04, v]
    }
    static func byte(_ b: UInt8, rs: Bool = false) -> [UInt8] { nibble(b >> 4, rs: rs) + nibble(b & 0x0F, rs: rs) }

    @Test("emulator: nibble pairs sent before the switch to 4-bit are misread, as the datasheet predicts")
    func outOfStepWithoutResync() {
        // A driver that skips 0x3, 0x3, 0x3, 0x2 and sends 0x28 as two nibbles from power-on.
        let lcd = HD44780Emulator(columns: 16, rows: 2)
        #expect(!lcd.fourBitMode)  // power-on: 8-bit interface
        _ = lcd.write(Self.byte(0x28))
        // The 0x2 nibble is a whole 8-bit instruction 0x20 (D3-D0 unconnected: 0): function set
        // DL = 0 (4-bit), N = 0 (one line). The 0x8 then waits as the high nibble of the next.
        #expect(lcd.fourBitMode)
        #expect(!lcd.twoLines)
        #expect(lcd.pendingHighNibble == 0x8)
        #expect(lcd.instructions == 1)
        // The rest of the driver's sequence, one nibble out of step throughout.
        for b: UInt8 in [0x0C, 0x01, 0x06] { _ = lcd.write(Self.byte(b)) }
        for c in Self.codes("Hi") { _ = lcd.write(Self.byte(c, rs: true)) }
        #expect(!lcd.twoLines)  // never got the 2-line function set
        #expect(!lcd.displayOn)  // 0x0C never arrived whole: the display stays off
        #expect(lcd.text() != padded(["Hi", ""], 16))
        // 0x8|0x0 = 0x80 (DDRAM 0x00), 0xC|0x0 = 0xC0 (DDRAM 0x40, none in one-line mode),
        // 0x1|0x0 = 0x10 (cursor left), 0x6|0x4 ... every byte built from two halves of two.
        #expect(lcd.pendingHighNibble != nil)

        // The same bytes after Figure 24's 0x3, 0x3, 0x3, 0x2 are read right.
        let good = HD44780Emulator(columns: 16, rows: 2)
        for n: UInt8 in [0x3, 0x3, 0x3, 0x2] { _ = good.write(Self.nibble(n)) }
        for b: UInt8 in [0x28, 0x0C, 0x01, 0x06] { _ = good.write(Self.byte(b)) }
        for c in Self.codes("Hi") { _ = good.write(Self.byte(c, rs: true)) }
        #expect(good.twoLines && good.displayOn && good.pendingHighNibble == nil)
        #expect(good.text() == padded(["Hi", ""], 16))
    }

    @Test("emulator: 0x3, 0x3, 0x3 resynchronises a controller left half-way through a byte")
    func resync() throws {
        let (d, lcd, _, _) = emulated(columns: 16, rows: 2)
        try d.initialize()
        _ = lcd.write(Self.nibble(0x4, rs: true))  // a lone high nibble: now out of step
        #expect(lcd.pendingHighNibble == 0x4)
        try d.initialize()
        try d.show([Self.codes("Dhuhr 12:31")])
        #expect(lcd.text() == padded(["Dhuhr 12:31", ""], 16))
    }

    @Test("emulator: 8-bit mode takes whole bytes with D3-D0 low; two-line DDRAM wraps 0x27 to 0x40")
    func eightBitAndAddresses() {
        let lcd = HD44780Emulator(columns: 16, rows: 2)
        _ = lcd.write(Self.nibble(0x3))  // 0x30: function set, 8-bit, one line
        #expect(!lcd.fourBitMode && lcd.instructions == 1)
        _ = lcd.write(Self.nibble(0x4, rs: true))  // data 0x40 ('@') at DDRAM 0x00
        #expect(lcd.ddram[0] == 0x40)
        _ = lcd.write(Self.nibble(0x2))  // 0x20: 4-bit
        for b: UInt8 in [0x28, 0x0C, 0x80 | 0x27] { _ = lcd.write(Self.byte(b)) }
        for c in Self.codes("ab") { _ = lcd.write(Self.byte(c, rs: true)) }
        #expect(lcd.ddram[39] == 0x61 && lcd.ddram[40] == 0x62)  // 0x27, then 0x40
        #expect(lcd.addressCounter == 0x41)
    }

    @Test("emulator: display shift moves the window, home undoes it; entry mode I/D = 0 writes leftwards")
    func shiftAndEntryMode() {
        let lcd = HD44780Emulator(columns: 16, rows: 2)
        for n: UInt8 in [0x3, 0x3, 0x3, 0x2] { _ = lcd.write(Self.nibble(n)) }
        for b: UInt8 in [0x28, 0x0C, 0x01, 0x06] { _ = lcd.write(Self.byte(b)) }
        for c in Self.codes("ABC") { _ = lcd.write(Self.byte(c, rs: true)) }
        _ = lcd.write(Self.byte(0x18))  // cursor/display shift: S/C = 1 (display), R/L = 0 (left)
        #expect(lcd.text()[0] == "BC" + String(repeating: " ", count: 14))
        _ = lcd.write(Self.byte(0x02))  // return home: shift undone, address 0
        #expect(lcd.text()[0].hasPrefix("ABC") && lcd.addressCounter == 0)
        for b: UInt8 in [0x04, 0x80 | 0x45] { _ = lcd.write(Self.byte(b)) }  // I/D = 0; DDRAM 0x45
        for c in Self.codes("xy") { _ = lcd.write(Self.byte(c, rs: true)) }
        #expect(lcd.text()[1] == "    yx" + String(repeating: " ", count: 10))
        #expect(lcd.addressCounter == 0x43)
    }

    @Test("render: a PNG of the geometry's size; a dot of 'H' is dark, the gap between cells the background")
    func render() throws {
        let (d, lcd, _, _) = emulated(columns: 16, rows: 2)
        try d.initialize()
        try d.show([Self.codes("H")])
        let image = lcd.render(scale: 4)
        // 2-dot margins, cells 5 dots wide plus a 1-dot gap, 8 high plus 1.
        #expect(image.width == (2 + 16 * 6 - 1 + 2) * 4)
        #expect(image.height == (2 + 2 * 9 - 1 + 2) * 4)
        let png = image.png
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func luma(_ p: (UInt8, UInt8, UInt8)) -> Int { Int(p.0) + Int(p.1) + Int(p.2) }
        let background = image[0, 0]
        // 'H' row 0 is 10001: the top-left dot (dot 0, 0 of cell 0) at pixel (2 * 4, 2 * 4).
        #expect(luma(image[8 + 1, 8 + 1]) < luma(background) / 2)
        // Its second dot (0) is not lit.
        #expect(luma(image[12 + 1, 8 + 1]) > luma(background) * 3 / 4)
        // The 1-dot gap after the cell's 5 columns: dot x = 5, pixel (2 + 5) * 4.
        #expect(image[28 + 1, 8 + 1] == background)
        // The backlight off: a dimmer background.
        try d.setBacklight(false)
        #expect(!lcd.backlight)
        #expect(luma(lcd.render()[0, 0]) < luma(background))
    }

    @Test("render a 20x4, with a custom glyph and the A00 specials")
    func renderFile() throws {
        let (d, lcd, _, _) = emulated(columns: 20, rows: 4)
        try d.initialize()
        try d.defineGlyph(0, rows: [0x06, 0x0C, 0x18, 0x18, 0x18, 0x0C, 0x06, 0x00])
        try d.show([Self.codes("Fajr    05:12 ") + [0x7E] + Self.codes(" Asr"),
                    [0x00] + Self.codes(" Dhuhr  12:31"),
                    Self.codes("Maghrib 18:20 25") + [0xDF] + Self.codes("C"),
                    Self.codes("Isha 20:05 gjpqy{|}") + [0x5C]])
        let image = lcd.render()
        #expect(image.width == (4 + 20 * 6 - 1) * 4)
        #expect(lcd.text()[0] == "Fajr    05:12 \u{2192} Asr ")
        #expect(lcd.text()[3] == "Isha 20:05 gjpqy{|}\u{00A5}")
    }

    @Test("the backlight bit: setBacklight writes the port once; every later byte keeps it")
    func backlight() throws {
        let (d, lcd, _, rec) = emulated(columns: 16, rows: 2)
        try d.initialize()
        rec.events.removeAll()
        try d.setBacklight(false)
        #expect(rec.writes == [[0x00]])
        try d.show([Self.codes("A")])
        #expect(rec.writes.dropFirst().allSatisfy { w in w.allSatisfy { $0 & 0x08 == 0 } })
        #expect(!lcd.backlight && lcd.text()[0].hasPrefix("A"))
        try d.setBacklight(true)
        #expect(lcd.backlight)
    }

    @Test("probe: a one-byte read acknowledges; nobody at the address is false")
    func probe() throws {
        let (d, _, bus, _) = emulated(columns: 16, rows: 2)
        #expect(try d.probe())
        #expect(try HD44780(bus: bus, address: 0x3F, columns: 16, rows: 2, pause: noPause).probe() == false)
        let script = ScriptedI2CBus([wr(0x27, [], [0xFF])])
        #expect(try HD44780(bus: script, address: 0x27, columns: 16, rows: 2, pause: noPause).probe())
        script.done()
    }

    @Test("geometry: a line longer than the columns, too many lines, an impossible size")
    func geometry() throws {
        let (d, _, _, rec) = emulated(columns: 16, rows: 2)
        try d.initialize()
        rec.events.removeAll()
        do throws(DisplayError) {
            try d.show([Self.codes("Maghrib 18:20:00 +")])
            Issue.record("no error")
        } catch {
            guard case .geometry(.hd44780PCF8574, 0x27, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("18 characters") && message.contains("16 columns"), "\(message)")
            #expect(error.description.hasPrefix("hd44780-pcf8574 at 0x27"))
        }
        #expect(throws: DisplayError.self) { try d.show([[], [], []]) }
        #expect(rec.writes.isEmpty)  // nothing sent for a refused frame
        let (bad, _, _, _) = emulated(columns: 24, rows: 4)
        #expect(throws: DisplayError.self) { try bad.initialize() }
    }

    @Test("a bus error: DisplayError.bus naming the address, no crash; the next show re-initialises and rewrites")
    func busError() throws {
        let script = ScriptedI2CBus([fail(0x27, [0x08], .addressNotAcknowledged)])
        let d = HD44780(bus: script, address: 0x27, columns: 20, rows: 4, pause: noPause)
        do throws(DisplayError) {
            try d.initialize()
            Issue.record("no error")
        } catch {
            guard case .bus(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.kind == .addressNotAcknowledged && e.address == 0x27)
            #expect(error.description.contains("0x27"), "\(error.description)")
        }
        script.done()

        // On the emulated bus: the chip stops answering mid-way, then comes back.
        let (lcdDriver, lcd, bus, _) = emulated(columns: 20, rows: 4)
        try lcdDriver.initialize()
        try lcdDriver.show([Self.codes("Fajr 05:12")])
        bus.silent = [0x27]
        #expect(throws: DisplayError.bus(I2CError(.addressNotAcknowledged, bus: "simulated", address: 0x27, register: 0x8C))) {
            try lcdDriver.show([Self.codes("Fajr 05:13")])
        }
        bus.silent = []
        _ = lcd.write(Self.nibble(0x5, rs: true))  // and the controller was left between nibbles
        try lcdDriver.show([Self.codes("Fajr 05:13"), Self.codes("Sunrise 06:40")])
        #expect(lcd.text() == padded(["Fajr 05:13", "Sunrise 06:40", "", ""], 20))

        // Random bus errors: every failure is a DisplayError, and the text comes right in the end.
        bus.errorRate = 0.02
        var errors = 0
        for i in 0..<50 {
            do { try lcdDriver.show([Self.codes("Asr 15:\(10 + i)")]) } catch { errors += 1 }
        }
        bus.errorRate = 0
        try lcdDriver.show([Self.codes("Asr 16:00"), Self.codes("Isha 20:05")])
        #expect(errors > 0)
        #expect(lcd.text() == padded(["Asr 16:00", "Isha 20:05", "", ""], 20))
    }
}
