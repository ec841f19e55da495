import Compass
import HAL
import Testing
@testable import Drivers
@testable import Simulation

/// One descriptor per chip: the tables are complete, the scan order at a shared address is
/// written down, and every chip's emulator is the one its own driver recognises.
@Suite("one descriptor per chip")
struct CatalogTests {
    final class Time { var t = 0.0 }

    /// A chip at 0x1E whose register file carries the identities it is given (a plain
    /// register pointer, auto-incrementing; the ST sub-address MSB is ignored).
    final class Chameleon: BusDevice {
        var registers = [UInt8](repeating: 0, count: 256)
        var pointer = 0
        init(hmc: Bool, lis: Bool, lsm: Bool) {
            if hmc { for (i, b) in HMC5883LRegister.identity.enumerated() { registers[Int(HMC5883LRegister.identificationA) + i] = b } }
            if lis { registers[Int(LIS3MDLRegister.whoAmI)] = LIS3MDLRegister.whoAmIValue }
            if lsm { registers[Int(LSM303AGRMagRegister.whoAmIM)] = LSM303AGRMagRegister.whoAmIValue }
        }
        func write(_ bytes: [UInt8]) -> Bool {
            if let first = bytes.first { pointer = Int(first & 0x7F) }
            return true
        }
        func read(into buffer: inout [UInt8]) {
            for i in buffer.indices { buffer[i] = registers[pointer]; pointer = (pointer + 1) & 0xFF }
        }
    }

    @Test("the probe order is explicit: at 0x1E the HMC5883L, then the LIS3MDL, then the LSM303AGR; each chip its own rank")
    func probeOrder() {
        #expect(ChipModel.probeOrder.filter { $0.addresses.contains(0x1E) } == [.hmc5883l, .lis3mdl, .lsm303agrMag])
        #expect(Set(ChipModel.allCases.map(\.descriptor.probeOrder)).count == ChipModel.allCases.count)
        #expect(Set(DisplayModel.allCases.map(\.descriptor.probeOrder)).count == DisplayModel.allCases.count)
        #expect(ChipModel.allCases.allSatisfy { $0.descriptor.model == $0 && $0.descriptor.name == $0.rawValue })
        #expect(DisplayModel.allCases.allSatisfy { $0.descriptor.model == $0 && $0.descriptor.name == $0.rawValue })
    }

    @Test("a chip at 0x1E that answers to several identities is reported as the first in probe order")
    func sharedAddress() {
        func scan(hmc: Bool, lis: Bool, lsm: Bool) -> [DetectedChip] {
            let bus = SimulatedI2CBus()
            bus.attach(Chameleon(hmc: hmc, lis: lis, lsm: lsm), at: 0x1E)
            return SensorScanner.scan(bus)
        }
        #expect(scan(hmc: true, lis: true, lsm: true) == [DetectedChip(model: .hmc5883l, address: 0x1E)])
        #expect(scan(hmc: false, lis: true, lsm: true) == [DetectedChip(model: .lis3mdl, address: 0x1E)])
        #expect(scan(hmc: false, lis: false, lsm: true) == [DetectedChip(model: .lsm303agrMag, address: 0x1E)])
        #expect(scan(hmc: false, lis: false, lsm: false).isEmpty)
    }

    @Test("every compass chip has an emulator: its driver recognises it at each of its addresses, and a scan names it",
          arguments: ChipModel.allCases)
    func emulatorPerChip(model: ChipModel) throws {
        let time = Time()
        let world = SimulatedWorld(latitude: 21.4, longitude: 39.8, decimalYear: 2026)
        for address in model.addresses {
            let bus = SimulatedBoard.bus(chips: [.init(chip: model, address: address, mounting: .identity)], world: world,
                                         now: { time.t })
            let driver = model.driver(bus: bus, address: address, pause: noPause)
            #expect(try driver.probe(), "\(model) at \(hex(address))")
            try driver.initialize()
            #expect(SensorScanner.scan(bus) == [DetectedChip(model: model, address: address)], "\(model) at \(hex(address))")
            // The emulator is fed what the descriptor's kind measures: tens of uT, or 1 g.
            time.t += 1
            let v = try #require(try driver.read())
            let magnitude = (v.x * v.x + v.y * v.y + v.z * v.z).squareRoot()
            switch model.kind {
            case .magnetometer: #expect((20...70).contains(magnitude), "\(model): \(magnitude) uT")
            case .accelerometer: #expect(abs(magnitude - 9.80665) < 0.1, "\(model): \(magnitude) m/s^2")
            }
        }
    }

    @Test("every display has an emulator that the driver its descriptor makes initialises and draws on",
          arguments: DisplayModel.allCases)
    func emulatorPerDisplay(model: DisplayModel) throws {
        let address = model.addresses[0]
        let emulator = SimulatedBoard.emulator(.init(model: model, address: address, columns: 16, rows: 2))
        let bus = SimulatedI2CBus()
        bus.attach(emulator.device, at: address)
        switch (model.descriptor.driver(bus, address, DisplaySize(columns: 16, rows: 2), noPause), emulator) {
        case (.pixels(let d), .pixels(let emulator)):
            #expect(model.isGraphic && model.descriptor.family == .oled)
            try d.initialize()
            var frame = MonoFrame(width: 128, height: 64)
            frame[0, 0] = true
            frame[127, 63] = true
            try d.show(frame)
            #expect(emulator.visibleFrame() == frame)
        case (.characters(let d), .characters(let emulator)):
            #expect(!model.isGraphic && model.descriptor.family == .lcdBackpack)
            try d.initialize()
            try d.show([Array("Fajr".utf8), Array("05:12".utf8)])
            #expect(emulator.text() == ["Fajr            ", "05:12           "])
        case (.pixels, .characters), (.characters, .pixels):
            Issue.record("\(model): the driver and the emulator are not of one kind")
        }
    }

    @Test("the OLED variants come from the descriptors: SSD1306 column 0 with horizontal addressing, SH1106 column 2 without; an LCD has none and the OLED driver refuses it")
    func variants() {
        #expect(DisplayModel.ssd1306.descriptor.oled == .ssd1306)
        #expect(DisplayModel.sh1106.descriptor.oled == .sh1106)
        #expect(OLEDVariant.ssd1306.columnOffset == 0 && OLEDVariant.ssd1306.horizontalAddressing)
        #expect(OLEDVariant.sh1106.columnOffset == 2 && !OLEDVariant.sh1106.horizontalAddressing)
        #expect(DisplayModel.hd44780PCF8574.descriptor.oled == nil)
        let d = SSD1306(model: .hd44780PCF8574, bus: SimulatedI2CBus(), address: 0x27)
        #expect(throws: DisplayError.geometry(model: .hd44780PCF8574, address: 0x27, message: "hd44780-pcf8574 is not an OLED controller")) {
            try d.initialize()
        }
    }
}
