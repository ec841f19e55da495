import Audio
import HAL
import LinuxHAL
import Platform
import Service

extension BoardAssembler {
    /// The speaker of a real board: a player on its own thread (a missing device is retried
    /// there, the buzzer sounding meanwhile); nil with `device = "none"`.
    public func speaker(device: String, keepAwake: Bool, waker: LoopWaker,
                        logger: @escaping @Sendable (String) -> Void) -> SoundOutput? {
        guard device != "none" else { return nil }
        return SoundPlayer(device: ALSADevice(name: device), clock: { SystemClock().monotonicNow() },
                           keepAwake: keepAwake, onReport: { waker.wake() }, log: logger)
    }

    /// The real bus /dev/i2c-N; the error is one line.
    public static func linuxBus(_ n: Int) throws(BoardError) -> LinuxI2CBus {
        do {
            return try LinuxI2CBus(bus: n)
        } catch {
            throw BoardError(.unavailable, "I2C bus /dev/i2c-\(n): \(error.reason) (no such bus here; is i2c-dev loaded?)")
        }
    }

    /// At boot the daemon can start before udev has made the board's device nodes and given them
    /// to the gpio and i2c groups: on Debian 13 under emulation the first starts found /dev/i2c-0
    /// root's alone and no GPIO chip of the board's label yet, and exited (systemd restarted it
    /// until they were there). Waits up to `seconds` for the I2C bus to open and the GPIO chip to be
    /// found, saying once what it waits for; then `real` says what is still missing.
    public func awaitDevices(seconds: Double, logger: (String) -> Void) {
        guard case .linux(let n) = board.bus else { return }
        let clock = SystemClock()
        let deadline = clock.monotonicNow() + seconds
        var said = false
        while true {
            var missing: [String] = []
            do { _ = try LinuxI2CBus(bus: n) } catch { missing.append("\(error)") }
            if board.needsGPIOChip {
                do {
                    if try openGPIOChip(board) == nil { return }  // no chip configured: `real` says so
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
            pauseThread(0.25)
        }
    }
}

extension BoardAssembler {
    /// A real board's /dev/i2c-N, opened once: its compass, and (with displays) the same handle
    /// for them, each transaction whole under a lock (`SharedI2CBus`), since the loop reads the
    /// compass on its thread while the panels write on theirs. One handle serves both: a plain
    /// I2C transfer names the chip's address in each message, and an SMBus adapter's handle is
    /// pointed at the chip (I2C_SLAVE) inside the same locked transfer. A bus that cannot be
    /// opened is logged: the unit runs on without its qibla indicator and its displays.
    func realBus(_ n: Int, logger: (String) -> Void) -> (compass: CompassChannels, displayBus: I2CBus?) {
        let bus: SharedI2CBus
        do { bus = SharedI2CBus(try LinuxI2CBus(bus: n)) } catch {
            logger("no compass: \(error)")
            if !board.displays.isEmpty { logger("displays: I2C bus /dev/i2c-\(n): \(error.reason); the unit runs on without its displays") }
            return (CompassChannels(), nil)
        }
        let compass = self.compass(on: bus, pause: pauseThread)
        if !compass.isComplete { logger("compass incomplete on /dev/i2c-\(n): the qibla indicator stays dark") }
        return (compass, board.displays.isEmpty ? nil : bus)
    }
}
