import Compass
import HAL
import Testing
@testable import Drivers
@testable import Simulation

/// Every driver against its register-level emulator on the simulated bus, with the world
/// supplying the physics.
@Suite("drivers against the emulators")
struct EmulatedDriverTests {
    final class Time { var t = 0.0 }

    /// London, flat, facing 30 degrees; one chip of each kind on an identity mounting.
    func rig(_ model: ChipModel, address: UInt8? = nil) -> (SimulatedWorld, SimulatedI2CBus, Time, Sensor) {
        let time = Time()
        let world = SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.5,
                                   attitude: SimulatedWorld.fixed(yaw: 30, pitch: 5, roll: -3))
        let addr = address ?? model.addresses[0]
        let bus = SimulatedBoard.bus(chips: [.init(chip: model, address: addr, mounting: .identity)],
                                     world: world, now: { time.t })
        return (world, bus, time, model.driver(bus: bus, address: addr, pause: noPause))
    }

    /// One count of each chip, in SI units: the tolerance of a reading.
    func resolution(_ m: ChipModel) -> Double {
        switch m {
        case .qmc5883l: 100.0 / 3000
        case .hmc5883l: 100.0 / 820
        case .lis3mdl: 100.0 / 6842
        case .lsm303agrMag: 0.15
        case .lsm303agrAccel: 0.00195 * 9.80665
        case .mpu6050: 9.80665 / 8192
        case .adxl345: 0.0039 * 9.80665
        }
    }

    @Test("probe, initialise, then samples at the configured rate that match the world", arguments: ChipModel.allCases)
    func reads(model: ChipModel) throws {
        let (world, _, time, driver) = rig(model)
        #expect(try driver.probe())
        // Powered up in standby: no data before initialisation.
        time.t = 0.5
        #expect(try driver.read() == nil)
        try driver.initialize()
        time.t = 1.0
        let sample = try #require(try driver.read(), "\(model): no sample after initialisation")
        let truth = model.kind == .magnetometer ? world.magneticField(at: 1.0) : world.acceleration(at: 1.0)
        let tol = resolution(model) * 0.51 + 1e-9
        #expect(abs(sample.x - truth.x) <= tol && abs(sample.y - truth.y) <= tol && abs(sample.z - truth.z) <= tol,
                "\(model): \(sample) vs \(truth)")
        // Read again at once: nothing new until the next sample period.
        #expect(try driver.read() == nil)
        time.t = 1.2
        #expect(try driver.read() != nil)
    }

    @Test("magnetometers flag a field beyond their range (a magnet held close)",
          arguments: ChipModel.allCases.filter { $0.kind == .magnetometer })
    func saturation(model: ChipModel) throws {
        let (world, _, time, driver) = rig(model)
        try driver.initialize()
        world.fieldScale = 150  // ~7 mT: beyond even the LSM303AGR's +-49 gauss
        time.t = 1
        #expect(throws: SensorError.saturated(chip: model, address: model.addresses[0])) { try driver.read() }
    }

    @Test("a soft or power-on reset restores the defaults: the chip stops measuring")
    func reset() throws {
        let (_, bus, time, driver) = rig(.qmc5883l)
        try driver.initialize()
        var io = RegisterIO(bus: bus, address: 0x0D)
        try io.write(0x0A, 0x80)  // soft reset from outside
        time.t = 2
        #expect(try driver.read() == nil)
        #expect(try io.read(0x09) == 0)
        try driver.initialize()
        time.t = 3
        #expect(try driver.read() != nil)
    }

    @Test("auto-detect finds each chip at its address, and tells 0x1E's three apart")
    func scan() throws {
        let time = Time()
        let world = SimulatedWorld(latitude: 21.4, longitude: 39.8, decimalYear: 2026)
        for (mag, accel) in [(ChipModel.qmc5883l, ChipModel.mpu6050), (.hmc5883l, .adxl345), (.lis3mdl, .lsm303agrAccel),
                             (.lsm303agrMag, .mpu6050)] {
            let magAddress: UInt8 = mag == .qmc5883l ? 0x0D : 0x1E
            let bus = SimulatedBoard.bus(chips: [.init(chip: mag, address: magAddress, mounting: .identity),
                                                 .init(chip: accel, address: accel.addresses[0], mounting: .identity)],
                                         world: world, now: { time.t })
            let found = SensorScanner.scan(bus)
            #expect(found == [DetectedChip(model: mag, address: magAddress), DetectedChip(model: accel, address: accel.addresses[0])]
                .sorted { $0.model.descriptor.probeOrder < $1.model.descriptor.probeOrder },
                "\(mag)+\(accel): \(found)")
        }
        // An empty bus: nothing, no crash.
        #expect(SensorScanner.scan(SimulatedI2CBus()).isEmpty)
    }

    @Test("chip axes: a chip mounted upside down sees gravity on its +z")
    func mountedChipAxes() throws {
        let time = Time()
        let world = SimulatedWorld(latitude: 0, longitude: 0, decimalYear: 2026)
        let flip = Matrix3(rows: Vector3(1, 0, 0), Vector3(0, -1, 0), Vector3(0, 0, -1))
        let bus = SimulatedBoard.bus(chips: [.init(chip: .mpu6050, address: 0x68, mounting: flip)], world: world,
                                     now: { time.t })
        let d = MPU6050(bus: bus, pause: noPause)
        try d.initialize()
        time.t = 1
        let s = try #require(try d.read())
        #expect(abs(s.z - 9.80665) < 0.002 && abs(s.x) < 0.002)  // device z down = -g; chip z up = +g
    }

    @Test("an unread sample overwritten by the next one sets the overrun flag")
    func overrun() throws {
        let time = Time()
        let emu = QMC5883LEmulator(source: { _ in Triple(10, 20, 30) }, now: { time.t })
        let bus = SimulatedI2CBus()
        bus.attach(emu, at: 0x0D)
        try QMC5883L(bus: bus).initialize()
        var io = RegisterIO(bus: bus, address: 0x0D)
        var data = [UInt8](repeating: 0, count: 6)
        time.t = 1.0
        #expect(try io.read(0x06) & 0x05 == 0x05)  // a second of samples nobody read: DOR
        try io.read(0x00, into: &data)  // reading the data clears DRDY and DOR
        #expect(try io.read(0x06) & 0x05 == 0x00)
        time.t = 1.011  // one period
        #expect(try io.read(0x06) & 0x05 == 0x01)  // ready, nothing lost
        time.t = 1.05  // four more periods, nothing read
        #expect(try io.read(0x06) & 0x05 == 0x05)
    }

    @Test("frozen data: data-ready still toggles, the values stop changing")
    func frozen() throws {
        let time = Time()
        let emu = MPU6050Emulator(source: { t in Triple(t, 0, 0) }, now: { time.t })
        let bus = SimulatedI2CBus()
        bus.attach(emu, at: 0x68)
        let d = MPU6050(bus: bus, pause: noPause)
        try d.initialize()
        time.t = 1
        let a = try #require(try d.read())
        emu.frozen = true
        time.t = 2
        let b = try #require(try d.read())
        #expect(a == b)
    }
}
