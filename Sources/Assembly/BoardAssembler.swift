import Compass
import Drivers
import HAL
import LinuxHAL
import Platform
import Service
import Simulation

/// A unit's hardware, assembled from its board file: what `UnitCore` drives, and the bus the
/// board's displays are on (nil without displays; on a real board, the compass's handle shared).
public struct AssembledBoard {
    public var hardware: UnitCore.Hardware
    public let displayBus: I2CBus?
    /// The lines of `[outputs]` (`BoardConfig.Outputs.lines`), by the output's name: each
    /// driven by an output of the run's table, a subscriber of the snapshots, not the loop.
    public var outputLines: [String: any DigitalOutput] = [:]
}

/// The one place a board file becomes hardware, asked by every command: a real board (Linux
/// I2C and GPIO, a rig's gpio-sim included) or the simulated one (emulated chips in a world the
/// caller gives, recording outputs). Both paths take the same compass chips and the same lines,
/// qibla ring included.
public struct BoardAssembler {
    public let board: BoardConfig

    public init(_ board: BoardConfig) { self.board = board }

    /// The compass chips on `bus`: as configured, or (with `chips = "auto"`) whatever answers,
    /// taken with identity mountings.
    public func compassChips(on bus: I2CBus) -> [BoardConfig.Chip] {
        guard board.autoDetect else { return board.chips }
        return SensorScanner.scan(bus).map { BoardConfig.Chip(model: $0.model, address: $0.address, mounting: .identity) }
    }

    /// The magnetometer and accelerometer channels: the first chip of each kind, in the board's
    /// order (or the scan's). `pause` is the drivers' wait: a real sleep on a real bus, none on
    /// the simulated one, whose chips live in virtual time.
    public func compass(on bus: I2CBus, pause: @escaping Pause) -> CompassChannels {
        var c = CompassChannels()
        for (chip, sensor) in chipDrivers(on: bus, pause: pause) {
            switch chip.model.kind {
            case .magnetometer where c.magnetometer == nil: (c.magnetometer, c.magnetometerMounting) = (SensorChannel(sensor: sensor), chip.mounting)
            case .accelerometer where c.accelerometer == nil: (c.accelerometer, c.accelerometerMounting) = (SensorChannel(sensor: sensor), chip.mounting)
            default: break
            }
        }
        return c
    }

    public struct CompassChannels {
        public var magnetometer: SensorChannel?
        public var accelerometer: SensorChannel?
        public var magnetometerMounting = Mounting.identity
        public var accelerometerMounting = Mounting.identity
        public var isComplete: Bool { magnetometer != nil && accelerometer != nil }
    }

    /// The hardware of a real board: its compass on /dev/i2c-N (a missing bus or chip is logged,
    /// the unit runs without its qibla indicator) and the same handle for its displays (see
    /// `realBus`), its GPIO lines and stop button (a missing chip or line is an error: the unit
    /// would be silent). No speaker: see `speaker`.
    public func real(waker: LoopWaker, logger: (String) -> Void) throws(BoardError) -> AssembledBoard {
        guard case .linux(let n) = board.bus else { throw BoardError(.config, "board \(board.name) is not a real board") }
        let (compass, displayBus) = realBus(n, logger: logger)
        var outputs: [BoardConfig.Output: DigitalOutput] = [:]
        var ring: [DigitalOutput] = []
        var button: ButtonInput?
        var outputLines: [String: any DigitalOutput] = [:]
        if board.needsGPIOChip {
            let found: GPIOChip?
            do { found = try openGPIOChip(board) } catch { throw BoardError(.unavailable, "\(error)") }
            guard let chip = found else { throw BoardError(.config, "board \(board.path): gpio.chip is missing") }
            func request(_ line: BoardConfig.Line, _ name: String) throws(BoardError) -> DigitalOutput {
                do { return try requestLine(chip, line, consumer: "mihrab-\(name)") } catch {
                    throw BoardError(.unavailable, "board \(board.path): gpio.lines.\(name): \(error)")
                }
            }
            for (output, line) in board.lines { outputs[output] = try request(line, output.rawValue) }
            for (i, line) in board.qiblaRing.enumerated() { ring.append(try request(line, "qibla_ring_\(i)")) }
            for (name, line) in board.outputs.lines {
                do { outputLines[name] = try requestLine(chip, line, consumer: "mihrab-\(name)") } catch {
                    throw BoardError(.unavailable, "board \(board.path): outputs \(quoted(name)): \(error)")
                }
            }
            if let stop = board.inputs[.stop] {
                do { button = try requestButton(chip, stop, consumer: "mihrab-stop", onEdge: { waker.wake() }) } catch {
                    throw BoardError(.unavailable, "board \(board.path): gpio.inputs.stop: \(error)")
                }
            }
        }
        return AssembledBoard(hardware: hardware(outputs: outputs, ring: ring, compass: compass, button: button), displayBus: displayBus,
                              outputLines: outputLines)
    }

    /// The hardware of the simulated board: its chips as emulators in `world`, recording
    /// outputs and ring lines (no edges kept: --record writes them; the live view reads the
    /// lines' states), a simulated speaker, a scripted button, and the displays as emulators on
    /// a bus of their own (the panels' thread drives them; a simulated bus is not shared between
    /// threads).
    public func simulated(world: SimulatedWorld, now: @escaping () -> Double, wallNow: @escaping () -> Double,
                          presses: [(at: Double, held: Double)] = []) -> AssembledBoard {
        let bus = simulatedBus(world: world, now: now)
        var outputs: [BoardConfig.Output: DigitalOutput] = [:]
        for o in board.lines.keys { outputs[o] = SimulatedOutput(name: o.rawValue, keep: 0, now: wallNow) }
        let ring: [DigitalOutput] = board.qiblaRing.indices.map { SimulatedOutput(name: "qibla_ring_\($0)", keep: 0, now: wallNow) }
        var hw = hardware(outputs: outputs, ring: ring, compass: compass(on: bus, pause: noPause), button: ScriptedButton(presses: presses))
        hw.sound = SimulatedSound(deviceName: "simulated")
        // A simulated line takes whatever name the board file gives it (an offset: the relay's name).
        var outputLines: [String: any DigitalOutput] = [:]
        for (name, line) in board.outputs.lines { outputLines[name] = SimulatedOutput(name: line.locator.name ?? name, now: wallNow) }
        return AssembledBoard(hardware: hw, displayBus: SimulatedBoard.displayBus(simulatedDisplays), outputLines: outputLines)
    }

    /// The simulated board's compass chips as emulators in `world`, on one bus.
    public func simulatedBus(world: SimulatedWorld, now: @escaping () -> Double) -> SimulatedI2CBus {
        SimulatedBoard.bus(chips: board.chips.map { .init(chip: $0.model, address: $0.address, mounting: $0.mounting.matrix) },
                           world: world, now: now)
    }

    /// The board's displays as emulator descriptions.
    public var simulatedDisplays: [SimulatedBoard.Display] {
        board.displays.map(Self.emulated)
    }

    private func hardware(outputs: [BoardConfig.Output: DigitalOutput], ring: [DigitalOutput], compass: CompassChannels,
                          button: ButtonInput?) -> UnitCore.Hardware {
        UnitCore.Hardware(outputs: outputs, ring: ring, magnetometer: compass.magnetometer, accelerometer: compass.accelerometer,
                          magnetometerMounting: compass.magnetometerMounting, accelerometerMounting: compass.accelerometerMounting,
                          pointing: board.pointingAxis, button: button)
    }
}
