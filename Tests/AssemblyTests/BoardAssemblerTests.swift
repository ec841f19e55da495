import Platform
import Assembly
import Compass
import Drivers
import Foundation
import HAL
import Service
import Simulation
import Testing

/// The one board assembly: the simulated board gives what the real path would (the same
/// chips, the qibla ring); a real board missing its GPIO chip is one line.
@Suite("board assembly")
struct BoardAssemblerTests {
    /// A board file written to a scratch folder and loaded as the commands load it.
    static func board(_ text: String) throws -> BoardConfig {
        let dir = NSTemporaryDirectory() + "mihrab-assembly-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/board.toml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try BoardConfig.load(path: path)
    }

    static func world() -> SimulatedWorld {
        SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.5, attitude: SimulatedWorld.fixed(yaw: 30))
    }

    /// Two magnetometers and two accelerometers: the first of each kind, in the board's order, is the one used.
    static let simulated = """
        name = "sim-ring"
        [i2c]
        bus = "simulated"
        [[compass.chips]]
        chip = "mpu6050"
        address = 0x69
        [[compass.chips]]
        chip = "qmc5883l"
        address = 0x0D
        mounting = [[1, 0, 0], [0, -1, 0], [0, 0, -1]]
        [[compass.chips]]
        chip = "mpu6050"
        address = 0x68
        [[compass.chips]]
        chip = "hmc5883l"
        address = 0x1E
        [gpio.lines]
        status = { line = "STATUS_LED" }
        qibla_ring = [{ line = "R0" }, { line = "R1" }, { line = "R2" }, { line = "R3" }]

        """

    @Test("the relays' lines come from the assembly with the board's others: recording lines named as the board file names them when simulated, none when not configured")
    func relayLine() throws {
        let plain = BoardAssembler(try Self.board(Self.simulated)).simulated(world: Self.world(), now: { 0 }, wallNow: { 0 })
        #expect(plain.outputLines.isEmpty)
        let withRelay = try Self.board(Self.simulated + "[outputs]\nrelay = { line = \"RELAY\", during = [\"adhan\"] }\n")
        let assembled = BoardAssembler(withRelay).simulated(world: Self.world(), now: { 0 }, wallNow: { 0 })
        let line = try #require(assembled.outputLines["relay"])
        #expect(line.name == "RELAY" && assembled.outputLines.count == 1)
        try line.set(true)
        #expect((line as? SimulatedOutput)?.state == true)
        let two = try Self.board(Self.simulated + """
            [[outputs.relay]]
            name = "amplifier"
            line = "AMP_POWER"
            during = ["adhan"]
            [[outputs.relay]]
            name = "hall-lights"
            line = 7
            during = ["prayer"]

            """)
        let both = BoardAssembler(two).simulated(world: Self.world(), now: { 0 }, wallNow: { 0 }).outputLines
        let amp = try #require(both["amplifier"]), hall = try #require(both["hall-lights"])
        #expect(both.count == 2 && amp.name == "AMP_POWER" && hall.name == "hall-lights")
        try amp.set(true)
        #expect((amp as? SimulatedOutput)?.state == true && (hall as? SimulatedOutput)?.state == false)
    }

    @Test("the simulated board: its qibla ring, the chips the real path picks, with their mountings")
    func simulatedBoard() throws {
        let board = try Self.board(Self.simulated)
        let assembler = BoardAssembler(board)
        let hw = assembler.simulated(world: Self.world(), now: { 0 }, wallNow: { 0 }).hardware
        #expect(hw.ring.count == 4, "the ring's lines, as on a real board")
        #expect(hw.outputs.keys.sorted { $0.rawValue < $1.rawValue } == [.status])
        let mag = try #require(hw.magnetometer as? SensorChannel), acc = try #require(hw.accelerometer as? SensorChannel)
        #expect(mag.sensor.model == .qmc5883l && mag.sensor.address == 0x0D)
        #expect(acc.sensor.model == .mpu6050 && acc.sensor.address == 0x69, "the first accelerometer in the file")
        #expect(hw.magnetometerMounting == board.chips[1].mounting && hw.magnetometerMounting != .identity)
        #expect(hw.sound != nil && hw.button != nil)
        // The real path's choice on the same bus: the same chips.
        let picked = assembler.compass(on: assembler.simulatedBus(world: Self.world(), now: { 0 }), pause: noPause)
        #expect(picked.magnetometer?.sensor.address == mag.sensor.address && picked.accelerometer?.sensor.address == acc.sensor.address)
        // The ring lines are driven like the others.
        try hw.ring[2].set(true)
        #expect(try hw.ring[2].get() && !(try hw.ring[1].get()))
    }

    /// A real board on a bus that is not there, naming a GPIO chip that is not there either.
    static let noChip = """
        name = "no-chip"
        [i2c]
        bus = 97
        [gpio]
        chip = "/dev/gpiochip-mihrab-missing"
        [gpio.lines]
        status = { line = 4 }

        """

    @Test("a real board naming a GPIO chip that is not there: one line naming it, unavailable")
    func missingGPIOChip() throws {
        let board = try Self.board(Self.noChip)
        var logged: [String] = []
        #expect {
            _ = try BoardAssembler(board).real(waker: LoopWaker()) { logged.append($0) }
        } throws: { e in
            guard let e = e as? BoardError else { return false }
            return e.kind == .unavailable && e.description.contains("/dev/gpiochip-mihrab-missing") && !e.description.contains("\n")
        }
        #expect(logged.count == 1 && logged[0].hasPrefix("no compass: ") && logged[0].contains("/dev/i2c-97"))
    }

    @Test("a real board whose bus does not open: no compass and no displays, each said once, and no display bus")
    func missingBusWithDisplays() throws {
        let board = try Self.board("name = \"no-bus\"\n[i2c]\nbus = 97\n[[displays]]\nchip = \"ssd1306\"\naddress = 0x3C\n")
        var logged: [String] = []
        let assembled = try BoardAssembler(board).real(waker: LoopWaker()) { logged.append($0) }
        #expect(assembled.displayBus == nil)
        #expect(logged.count == 2 && logged[0].hasPrefix("no compass: ") && logged[0].contains("/dev/i2c-97"))
        #expect(logged.last?.hasPrefix("displays: I2C bus /dev/i2c-97: ") == true
                && logged.last?.hasSuffix("; the unit runs on without its displays") == true)
    }

    @Test("the one sleep: the time asked for, none for a negative or not finite one")
    func pause() {
        let t0 = Date()
        pauseThread(-1)
        pauseThread(.nan)
        pauseThread(.infinity)
        let t1 = Date()
        pauseThread(0.02)
        let t2 = Date()
        #expect(t1.timeIntervalSince(t0) < 0.01)
        #expect(t2.timeIntervalSince(t1) >= 0.02 && t2.timeIntervalSince(t1) < 0.5)
    }
}
