import HAL
import Testing
@testable import Drivers

/// The exact bytes each driver sends and expects (from the datasheets' register maps).
@Suite("drivers against scripted transactions")
struct ScriptedDriverTests {
    func close(_ a: Triple?, _ b: Triple, _ tol: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) < tol && abs(a.y - b.y) < tol && abs(a.z - b.z) < tol
    }

    @Test("QMC5883L: identity, soft reset, SET/RESET, 8 G at 100 Hz continuous; data little-endian")
    func qmc() throws {
        let bus = ScriptedI2CBus([
            wr(0x0D, [0x0D], [0xFF]),
            w(0x0D, 0x0A, 0x80), w(0x0D, 0x0B, 0x01), w(0x0D, 0x09, 0x19), wr(0x0D, [0x09], [0x19]),
            wr(0x0D, [0x06], [0x00]),  // not ready
            wr(0x0D, [0x06], [0x01]), wr(0x0D, [0x00], [0xB8, 0x0B, 0x48, 0xF4, 0x70, 0x17]),  // 3000, -3000, 6000
            wr(0x0D, [0x06], [0x03]), wr(0x0D, [0x00], [0, 0, 0, 0, 0, 0]),  // overflow flagged
        ])
        let d = QMC5883L(bus: bus)
        try d.initialize()
        #expect(try d.read() == nil)
        #expect(close(try d.read(), Triple(100, -100, 200)))
        #expect(throws: SensorError.saturated(chip: .qmc5883l, address: 0x0D)) { try d.read() }
        bus.done()
    }

    @Test("HMC5883L: identity 'H43', configuration A/B checked, continuous; data X, Z, Y big-endian; -4096 is overflow")
    func hmc() throws {
        let bus = ScriptedI2CBus([
            wr(0x1E, [0x0A], [0x48, 0x34, 0x33]),
            w(0x1E, 0x00, 0x78), wr(0x1E, [0x00], [0x78]), w(0x1E, 0x01, 0x40), wr(0x1E, [0x01], [0x40]),
            w(0x1E, 0x02, 0x00),
            wr(0x1E, [0x09], [0x01]), wr(0x1E, [0x03], [0x01, 0x9A, 0xFE, 0x66, 0x00, 0xCD]),  // X 410, Z -410, Y 205
            wr(0x1E, [0x09], [0x01]), wr(0x1E, [0x03], [0xF0, 0x00, 0, 0, 0, 0]),  // X = -4096
        ])
        let d = HMC5883L(bus: bus)
        try d.initialize()
        #expect(close(try d.read(), Triple(50, 25, -50)))  // 820 counts per gauss
        #expect(throws: SensorError.saturated(chip: .hmc5883l, address: 0x1E)) { try d.read() }
        bus.done()
    }

    @Test("LIS3MDL: WHO_AM_I 0x3D, soft reset, control registers checked; data read with the auto-increment bit")
    func lis3mdl() throws {
        let bus = ScriptedI2CBus([
            wr(0x1C, [0x0F], [0x3D]), w(0x1C, 0x21, 0x04),
            w(0x1C, 0x20, 0x5C), wr(0x1C, [0x20], [0x5C]), w(0x1C, 0x21, 0x00), wr(0x1C, [0x21], [0x00]),
            w(0x1C, 0x23, 0x08), wr(0x1C, [0x23], [0x08]), w(0x1C, 0x24, 0x40), wr(0x1C, [0x24], [0x40]),
            w(0x1C, 0x22, 0x00), wr(0x1C, [0x22], [0x00]),
            wr(0x1C, [0x27], [0x08]), wr(0x1C, [0xA8], [0xBA, 0x1A, 0x00, 0x00, 0x46, 0xE5]),  // 6842, 0, -6842
        ])
        let d = LIS3MDL(bus: bus)
        try d.initialize()
        #expect(close(try d.read(), Triple(100, 0, -100)))
        bus.done()
    }

    @Test("LSM303AGR magnetometer and accelerometer: identities, resets, configuration, data")
    func lsm303agr() throws {
        let mag = ScriptedI2CBus([
            wr(0x1E, [0x4F], [0x40]), w(0x1E, 0x60, 0x20),
            w(0x1E, 0x60, 0x8C), wr(0x1E, [0x60], [0x8C]), w(0x1E, 0x61, 0x02), wr(0x1E, [0x61], [0x02]),
            w(0x1E, 0x62, 0x10), wr(0x1E, [0x62], [0x10]),
            wr(0x1E, [0x67], [0x08]), wr(0x1E, [0x68], [0xE8, 0x03, 0x18, 0xFC, 0x00, 0x00]),  // 1000, -1000, 0
        ])
        let m = LSM303AGRMagnetometer(bus: mag)
        try m.initialize()
        #expect(close(try m.read(), Triple(150, -150, 0)))
        mag.done()

        let acc = ScriptedI2CBus([
            wr(0x19, [0x0F], [0x33]), w(0x19, 0x24, 0x80),
            w(0x19, 0x20, 0x57), wr(0x19, [0x20], [0x57]), w(0x19, 0x23, 0x98), wr(0x19, [0x23], [0x98]),
            wr(0x19, [0x27], [0x08]), wr(0x19, [0xA8], [0x00, 0x00, 0x00, 0x00, 0x00, 0x80]),  // z = -2048 << 4
        ])
        let a = LSM303AGRAccelerometer(bus: acc)
        try a.initialize()
        #expect(throws: SensorError.saturated(chip: .lsm303agrAccel, address: 0x19)) { try a.read() }
        acc.done()
    }

    @Test("MPU-6050: reset, wake, 100 Hz, +-4 g, data-ready interrupt; data big-endian")
    func mpu6050() throws {
        var paused: [Double] = []
        let bus = ScriptedI2CBus([
            wr(0x68, [0x75], [0x68]), w(0x68, 0x6B, 0x80),
            w(0x68, 0x6B, 0x01), wr(0x68, [0x6B], [0x01]), w(0x68, 0x1A, 0x03), wr(0x68, [0x1A], [0x03]),
            w(0x68, 0x19, 0x09), wr(0x68, [0x19], [0x09]), w(0x68, 0x1C, 0x08), wr(0x68, [0x1C], [0x08]),
            w(0x68, 0x38, 0x01), wr(0x68, [0x38], [0x01]),
            wr(0x68, [0x3A], [0x01]), wr(0x68, [0x3B], [0x00, 0x00, 0x00, 0x00, 0xE0, 0x00]),  // z = -8192 = -1 g
        ])
        let d = MPU6050(bus: bus, pause: { paused.append($0) })
        try d.initialize()
        #expect(paused == [0.1])
        #expect(close(try d.read(), Triple(0, 0, -9.80665)))
        bus.done()
    }

    @Test("ADXL345: standby, full resolution +-4 g, 100 Hz, measure; data little-endian at 3.9 mg")
    func adxl345() throws {
        let bus = ScriptedI2CBus([
            wr(0x53, [0x00], [0xE5]), w(0x53, 0x2D, 0x00),
            w(0x53, 0x31, 0x09), wr(0x53, [0x31], [0x09]), w(0x53, 0x2C, 0x0A), wr(0x53, [0x2C], [0x0A]),
            w(0x53, 0x2D, 0x08), wr(0x53, [0x2D], [0x08]),
            wr(0x53, [0x30], [0x80]), wr(0x53, [0x32], [0x00, 0x01, 0x00, 0x00, 0x00, 0xFF]),  // 256, 0, -256
        ])
        let d = ADXL345(bus: bus)
        try d.initialize()
        #expect(close(try d.read(), Triple(256 * 0.0039 * 9.80665, 0, -256 * 0.0039 * 9.80665)))
        bus.done()
    }

    @Test("error paths: no acknowledge, wrong identity, configuration that does not stick, a bus error mid-read")
    func errors() throws {
        let nack = ScriptedI2CBus([fail(0x0D, [0x0D], .addressNotAcknowledged)])
        #expect(throws: SensorError.bus(I2CError(.addressNotAcknowledged, bus: "scripted", address: 0x0D, register: 0x0D))) {
            try QMC5883L(bus: nack).initialize()
        }
        nack.done()

        let wrong = ScriptedI2CBus([wr(0x1E, [0x0A], [0x48, 0x34, 0x34])])
        #expect(throws: SensorError.wrongIdentity(chip: .hmc5883l, address: 0x1E, found: [0x48, 0x34, 0x34])) {
            try HMC5883L(bus: wrong).initialize()
        }
        wrong.done()

        let stuck = ScriptedI2CBus([
            wr(0x53, [0x00], [0xE5]), w(0x53, 0x2D, 0x00), w(0x53, 0x31, 0x09), wr(0x53, [0x31], [0x00]),
        ])
        #expect(throws: SensorError.configurationRejected(chip: .adxl345, address: 0x53, register: 0x31)) {
            try ADXL345(bus: stuck).initialize()
        }
        stuck.done()

        let midRead = ScriptedI2CBus([wr(0x0D, [0x06], [0x01]), fail(0x0D, [0x00], .busError)])
        #expect(throws: SensorError.bus(I2CError(.busError, bus: "scripted", address: 0x0D, register: 0x00))) {
            try QMC5883L(bus: midRead).read()
        }
        midRead.done()
    }

    @Test("probe reads only the identity registers")
    func probe() throws {
        let bus = ScriptedI2CBus([wr(0x68, [0x75], [0x68]), wr(0x69, [0x75], [0x70])])
        #expect(try MPU6050(bus: bus, address: 0x68, pause: noPause).probe())
        #expect(try MPU6050(bus: bus, address: 0x69, pause: noPause).probe() == false)
        bus.done()
    }
}

/// A bus where every transaction gets the same treatment, for error paths common to all drivers.
final class UniformBus: I2CBus {
    let name = "uniform"
    let nack: Bool
    let fill: UInt8
    init(nack: Bool, fill: UInt8 = 0) {
        self.nack = nack
        self.fill = fill
    }
    func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        if nack { throw I2CError(.addressNotAcknowledged, bus: name, address: address, register: write.first) }
        for i in read.indices { read[i] = fill }
    }
}

@Suite("every driver's error paths")
struct DriverErrorPathTests {
    @Test("nobody at the address: probe and initialise fail with the bus error, naming address and register",
          arguments: ChipModel.allCases)
    func absent(model: ChipModel) {
        let d = model.driver(bus: UniformBus(nack: true), address: model.addresses[0], pause: noPause)
        do {
            _ = try d.initialize()
            Issue.record("\(model): initialised with nobody there")
        } catch {
            guard case .bus(let e) = error else {
                Issue.record("\(model): \(error)")
                return
            }
            #expect(e.kind == .addressNotAcknowledged && e.address == model.addresses[0] && e.register != nil)
        }
        #expect(throws: SensorError.self) { try d.read() }
        #expect(throws: SensorError.self) { try d.probe() }
    }

    @Test("another chip at the address (identity registers read 0x00): probe false, initialise refuses",
          arguments: ChipModel.allCases)
    func impostor(model: ChipModel) throws {
        let d = model.driver(bus: UniformBus(nack: false, fill: 0x00), address: model.addresses[0], pause: noPause)
        #expect(try d.probe() == false)
        #expect {
            try d.initialize()
        } throws: { error in
            if case SensorError.wrongIdentity(let chip, _, let found) = error { return chip == model && found.allSatisfy { $0 == 0 } }
            return false
        }
    }

    @Test("data never ready: read gives nil, not stale data", arguments: ChipModel.allCases)
    func notReady(model: ChipModel) throws {
        // Status registers read 0x00 (no data-ready bit) on every chip.
        let d = model.driver(bus: UniformBus(nack: false, fill: 0x00), address: model.addresses[0], pause: noPause)
        #expect(try d.read() == nil)
    }
}
