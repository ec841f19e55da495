import HAL
import Testing
@testable import Drivers
@testable import Simulation

/// What the OLED driver sends for a frame like the last one, against the emulator: the
/// bytes on the simulated bus counted, the emulator's picture checked after every frame.
@Suite("OLED: only what changed goes over the bus")
struct OLEDChangeTests {
    /// Counts every transaction's written bytes on the way to another bus.
    final class Counting: I2CBus {
        let inner: I2CBus
        var transactions = 0
        var bytes = 0
        var name: String { inner.name }
        init(_ inner: I2CBus) { self.inner = inner }
        func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
            transactions += 1
            bytes += write.count
            try inner.transfer(address: address, write: write, read: &read)
        }
    }

    /// A frame with text-like content: a few lit bytes in every page.
    func busy(height: Int) -> MonoFrame {
        var f = MonoFrame(width: 128, height: height)
        for y in 0..<height { for x in stride(from: y % 5, to: 128, by: 7) { f[x, y] = true } }
        return f
    }

    @Test("an unchanged frame sends nothing; one pixel sends one page's one column; a digit's columns of two pages; the picture stays right",
          arguments: [(DisplayModel.ssd1306, 64), (.ssd1306, 32), (.sh1106, 64)])
    func changedOnly(model: DisplayModel, height: Int) throws {
        let bus = SimulatedI2CBus()
        let emulator = SSD1306Emulator(model: model, height: height)
        bus.attach(emulator, at: 0x3C)
        let counting = Counting(bus)
        let d = SSD1306(model: model, bus: counting, address: 0x3C, height: height)
        try d.initialize()
        var f = busy(height: height)
        try d.show(f)
        #expect(emulator.visibleFrame() == f)
        let full = counting.bytes

        counting.transactions = 0
        counting.bytes = 0
        try d.show(f)
        #expect(counting.transactions == 0, "an unchanged frame: \(counting.transactions) transactions")

        f[40, 13] = !f[40, 13]  // page 1, column 40
        try d.show(f)
        #expect(emulator.visibleFrame() == f)
        // One window (the column and page, or the page and column pointers) and one data byte.
        #expect(counting.transactions == 2, "one pixel: \(counting.transactions) transactions")
        #expect(counting.bytes <= 8 + 2, "one pixel: \(counting.bytes) bytes")

        counting.transactions = 0
        counting.bytes = 0
        for x in 60..<66 { for y in 4..<12 { f[x, y] = !f[x, y] } }  // a 6x8 digit across pages 0 and 1
        try d.show(f)
        #expect(emulator.visibleFrame() == f)
        #expect(counting.transactions == 4, "two pages of 6 columns: \(counting.transactions) transactions")
        #expect(counting.bytes < full / 20, "\(counting.bytes) bytes against \(full) for the whole frame")
    }

    @Test("after a bus error, and after reassert, the next frame is sent whole: a display reset meanwhile shows it all",
          arguments: [DisplayModel.ssd1306, .sh1106])
    func wholeAfterError(model: DisplayModel) throws {
        let bus = SimulatedI2CBus()
        var emulator = SSD1306Emulator(model: model, height: 64)
        bus.attach(emulator, at: 0x3C)
        let counting = Counting(bus)
        let d = SSD1306(model: model, bus: counting, address: 0x3C)
        try d.initialize()
        var f = busy(height: 64)
        try d.show(f)
        f[0, 0] = !f[0, 0]
        bus.silent = [0x3C]
        #expect(throws: DisplayError.self) { try d.show(f) }
        bus.silent = []
        // The chip lost its power meanwhile: a fresh one, its RAM dark, configured again.
        emulator = SSD1306Emulator(model: model, height: 64)
        bus.attach(emulator, at: 0x3C)
        try d.reassert()
        counting.bytes = 0
        try d.show(f)
        #expect(counting.bytes >= 1024, "the whole frame: \(counting.bytes) bytes")
        #expect(emulator.visibleFrame() == f)
    }
}
