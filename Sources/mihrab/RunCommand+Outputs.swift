import Assembly
import Drivers
import FoundationEssentials
import Glibc
import Platform
import HAL
import LinuxHAL
import Logging
import Panels
import Screen
import Service
import Simulation

/// The daemon's outputs beside the loop, each a subscriber of its snapshots: the wall
/// screen's server, the board's small displays, the relay (and, in RunCommand+Network and
/// +Admin, MQTT and the admin page's status).
extension RunCommand {
    /// `[outputs] relay`: its line (from the board's assembly; on a simulated board, a recording
    /// one) following the snapshots.
    static func startRelay(_ line: (any DigitalOutput)?, during: [UnitSnapshot.Phase], hub: SnapshotHub, logger: Logger) {
        guard let line else { return }
        hub.subscribe(RelayOutput(line: line, during: during, log: { logger.error("\($0)") }))
        logger.notice("relay: \(line.name), on during \(during.map(\.rawValue).joined(separator: ", "))")
    }

    /// The wall screen's server, beside the loop (nil: turned off). A server that cannot
    /// listen is logged and tries again; the unit runs on without its screen meanwhile (no
    /// alert depends on it).
    func startScreen(_ listen: String, feed: ScreenFeed, logger: Logger, tty: Bool) -> (server: ScreenServer, task: Task<Void, Never>)? {
        guard !listen.isEmpty, let address = ListenAddress(listen) else {
            logger.notice("screen: off (screen.listen is \"\")")
            return nil
        }
        let server: ScreenServer
        do { server = try ScreenServer(feed: feed, address: address, logger: logger) } catch {
            logger.error("\(error)")
            return nil
        }
        let run = Task { await server.run() }
        Task {
            guard let port = try? await server.waitUntilListening() else { return }
            // The URL once there is something to show (the loop's first pass has published).
            while feed.model() == nil { try? await Task.sleep(nanoseconds: 20_000_000) }
            let host = address.isIPv6 ? "[\(address.host)]" : address.host
            let url = "http://\(host):\(port)/"
            logger.notice("screen: \(url)\(address.isLoopback ? "" : " (listening beyond this machine: read-only pages)")")
            // On the live view's terminal, a line of its own above the redrawn one.
            writeStandardOutput((tty ? "\r\u{1B}[2K" : "") + "Screen: \(url)  (open it in a browser)\n")
        }
        return (server, run)
    }

    /// The board's small displays, each on a thread of its own reading the feed. A real
    /// board's displays get their own handle on the bus (i2c-dev keeps the chip address per
    /// handle; the compass's stays the loop's). A bus that cannot be opened is logged: the unit
    /// runs on without its displays.
    func startPanels(_ board: BoardConfig, bus: I2CBus?, feed: ScreenFeed, logger: Logger) -> PanelOutput? {
        // The bus is the board assembly's (nil: no displays, or a bus that did not open, logged there).
        guard !board.displays.isEmpty, let bus else { return nil }
        // One thread for the bus handle: the displays on it take turns (a bus is not shared between threads).
        let drivers = BoardAssembler(board).displayDrivers(on: bus, pause: pauseThread).map { PanelDriver($0.display, device: $0.device) }
        let output = PanelOutput(drivers: drivers, feed: feed, log: { logger.warning("\($0)") })
        logger.notice("displays: \(output.labels.joined(separator: ", "))")
        output.start()
        return output
    }
}
