import Assembly
import Drivers
import HAL
import Service
import Simulation
import Testing

/// The drivers and emulators the commands take from the assembly: the compass chips with the
/// wait they are given, the displays behind their drivers, `mihrab display`'s emulator, the bus
/// `sensors` and `selftest` scan, `selftest`'s output lines.
@Suite("board assembly: drivers and emulators")
struct BoardDriversTests {
    /// The assembly tests' simulated board (four chips), with an OLED and an LCD.
    static func board() throws -> BoardAssembler {
        let displays = "[[displays]]\nchip = \"sh1106\"\naddress = 0x3D\n"
            + "[[displays]]\nchip = \"hd44780-pcf8574\"\naddress = 0x27\ncolumns = 16\nrows = 2\n"
        return BoardAssembler(try BoardAssemblerTests.board(BoardAssemblerTests.simulated + displays))
    }

    @Test("the compass chips' drivers, in the board's order, each waiting with the pause it is given")
    func chipDrivers() throws {
        let assembler = try Self.board()
        let bus = assembler.simulatedBus(world: BoardAssemblerTests.world(), now: { 0 })
        var paused: [Double] = []
        let drivers = assembler.chipDrivers(on: bus, pause: { paused.append($0) })
        #expect(drivers.map(\.chip.model) == [.mpu6050, .qmc5883l, .mpu6050, .hmc5883l])
        #expect(drivers.map(\.sensor.model) == drivers.map(\.chip.model) && drivers.map(\.sensor.address) == [0x69, 0x0D, 0x68, 0x1E])
        try drivers[0].sensor.initialize()
        #expect(paused == [0.1], "the MPU-6050's wait after its reset")
    }

    @Test("each display's emulator, alone on its bus, shows what its driver drew")
    func simulatedDisplays() throws {
        let assembler = try Self.board()
        let drivers = assembler.displayDrivers(on: SimulatedI2CBus(), pause: noPause)
        #expect(drivers.map(\.display) == assembler.board.displays && drivers.count == 2)
        for display in assembler.board.displays {
            let (bus, emulator) = assembler.simulatedDisplay(display)
            #expect(bus.devices.keys.sorted() == [display.address])
            switch (BoardAssembler.displayDriver(display, on: bus, pause: noPause), emulator) {
            case (.pixels(let d), .pixels(let e)):
                try d.initialize()
                var frame = MonoFrame(width: 128, height: 64)
                frame[3, 4] = true
                try d.show(frame)
                #expect(e.model == .sh1106 && e.visibleFrame() == frame)
                #expect(emulator.text == nil)
            case (.characters(let d), .characters(let e)):
                try d.initialize()
                try d.show([Array("Asr".utf8), Array("15:40".utf8)])
                #expect(e.text() == ["Asr             ", "15:40           "] && emulator.text == e.text())
            case (.pixels, .characters), (.characters, .pixels):
                Issue.record("\(display.label): the driver and the emulator are not of one kind")
            }
            let image = emulator.render(scale: 1)
            #expect(image.width > 0 && image.height > 0)
        }
    }

    @Test("the simulated board's bus as sensors and selftest scan it: its chips and its displays")
    func simulatedBoardBus() throws {
        let bus = try Self.board().simulatedBoardBus(world: BoardAssemblerTests.world(), now: { 0 })
        let found = BoardAssembler.detectedChipDrivers(on: bus, pause: noPause)
        #expect(Set(found.map(\.address)) == [0x69, 0x0D, 0x68, 0x1E])
        #expect(DisplayScanner.scan(bus).map(\.address) == [0x27, 0x3D])
    }

    @Test("selftest's output lines, each on its own: recording lines on the simulated board")
    func separateOutputs() throws {
        let lines = try Self.board().separateOutputs([.status], consumer: "mihrab-test", wallNow: { 0 })
        #expect(lines.map(\.output) == [.status])
        let out = try lines[0].line.get()
        #expect(out.name == "status")
        try out.set(true)
        #expect(try out.get())
    }

    @Test("selftest's output lines on a real board whose GPIO chip is not there: each fails, naming it")
    func separateOutputsMissingChip() throws {
        let board = try BoardAssemblerTests.board(BoardAssemblerTests.noChip)
        let lines = BoardAssembler(board).separateOutputs([.status], consumer: "mihrab-test", wallNow: { 0 })
        #expect(lines.count == 1)
        guard case .failure(let e) = lines.first?.line else {
            Issue.record("a line of a missing chip was opened")
            return
        }
        #expect(e.kind == .unavailable && e.description.contains("/dev/gpiochip-mihrab-missing"))
    }
}
