import Compass
import Drivers
import Foundation
import HAL
import LinuxHAL
import Service
import Synchronization

/// gpsd events buffered for the loop to poll without blocking.
final class BufferedPosition: PositionInput, @unchecked Sendable {
    // @unchecked: `task` is set once in init; the events are behind a Mutex.
    final class Buffer: Sendable {
        let events = Mutex<[PositionEvent]>([])
    }

    private let buffer = Buffer()
    private var task: Task<Void, Never>?
    private let source: PositionSource

    /// `onEvent`: the loop's sleep ends, so that a new fix or a lost gpsd is taken at once.
    init(source: PositionSource, onEvent: @escaping @Sendable () -> Void) {
        self.source = source
        let stream = source.events()
        let buffer = self.buffer
        task = Task {
            for await e in stream {
                buffer.events.withLock { $0.append(e) }
                onEvent()
            }
        }
    }

    deinit {
        source.stop()
        task?.cancel()
    }

    func poll(now: Double) -> [PositionEvent] {
        buffer.events.withLock { b in
            defer { b.removeAll(keepingCapacity: true) }
            return b
        }
    }
}

/// The kernel's view of the clock (adjtimex): synchronised when it does not report STA_UNSYNC.
final class KernelClockSync: ClockSyncInput {
    func kernelSynchronized() -> Bool { SystemClock.kernelSynchronized() }
}

/// The hardware of a real board: its I2C chips (configured or found), its GPIO lines.
/// Errors are one line naming what is missing.
func realHardware(_ board: BoardConfig, waker: LoopWaker, logger: (String) -> Void) throws -> UnitCore.Hardware {
    guard case .linux(let n) = board.bus else { throw CommandError("board \(board.name) is not a real board") }
    var magnetometer: SensorChannel?, accelerometer: SensorChannel?
    var magMount = Mounting.identity, accMount = Mounting.identity
    do {
        let bus = try LinuxI2CBus(bus: n)
        for c in compassChips(board, on: bus) {
            let ch = SensorChannel(sensor: c.model.driver(bus: bus, address: c.address, pause: { usleep(UInt32($0 * 1e6)) }))
            if c.model.kind == .magnetometer, magnetometer == nil { (magnetometer, magMount) = (ch, c.mounting) }
            if c.model.kind == .accelerometer, accelerometer == nil { (accelerometer, accMount) = (ch, c.mounting) }
        }
        if magnetometer == nil || accelerometer == nil { logger("compass incomplete on /dev/i2c-\(n): the qibla indicator stays dark") }
    } catch {
        logger("no compass: \(error)")
    }
    var outputs: [BoardConfig.Output: DigitalOutput] = [:]
    var ring: [DigitalOutput] = []
    var button: ButtonInput?
    if !board.lines.isEmpty || !board.qiblaRing.isEmpty || !board.inputs.isEmpty {
        let found: GPIOChip?
        do { found = try openGPIOChip(board) } catch { throw CommandError("\(error)", exitCode: .unavailable) }
        guard let chip = found else { throw CommandError("board \(board.path): gpio.chip is missing", exitCode: .config) }
        func request(_ line: BoardConfig.Line, _ name: String) throws -> DigitalOutput {
            do { return try requestLine(chip, line, consumer: "mihrab-\(name)") } catch {
                throw CommandError("board \(board.path): gpio.lines.\(name): \(error)", exitCode: .unavailable)
            }
        }
        for (output, line) in board.lines { outputs[output] = try request(line, output.rawValue) }
        for (i, line) in board.qiblaRing.enumerated() { ring.append(try request(line, "qibla_ring_\(i)")) }
        if let stop = board.inputs[.stop] {
            do { button = try requestButton(chip, stop, consumer: "mihrab-stop", onEdge: { waker.wake() }) } catch {
                throw CommandError("board \(board.path): gpio.inputs.stop: \(error)", exitCode: .unavailable)
            }
        }
    }
    return UnitCore.Hardware(outputs: outputs, ring: ring, magnetometer: magnetometer, accelerometer: accelerometer,
                             magnetometerMounting: magMount, accelerometerMounting: accMount, pointing: board.pointingAxis,
                             button: button)
}

/// At boot the daemon can start before udev has made the board's device nodes and given them
/// to the gpio and i2c groups: on Debian 13 under emulation the first starts found /dev/i2c-0
/// root's alone and no GPIO chip of the board's label yet, and exited (systemd restarted it
/// until they were there). Waits up to `seconds` for the I2C bus to open and the GPIO chip to be
/// found, saying once what it waits for; then `realHardware` says what is still missing.
func awaitBoardDevices(_ board: BoardConfig, seconds: Double, logger: (String) -> Void) {
    guard case .linux(let n) = board.bus else { return }
    let needsChip = !board.lines.isEmpty || !board.qiblaRing.isEmpty || !board.inputs.isEmpty
    let clock = SystemClock()
    let deadline = clock.monotonicNow() + seconds
    var said = false
    while true {
        var missing: [String] = []
        do { _ = try LinuxI2CBus(bus: n) } catch { missing.append("\(error)") }
        if needsChip {
            do {
                if try openGPIOChip(board) == nil { return }  // no chip configured: realHardware says so
            } catch { missing.append("\(error)") }
        }
        if missing.isEmpty {
            if said { logger("devices ready") }
            return
        }
        if clock.monotonicNow() >= deadline { return }
        if !said {
            logger("waiting up to \(Int(seconds)) s for the board's devices (udev may not have finished): \(missing.joined(separator: "; "))")
            said = true
        }
        usleep(250_000)
    }
}
