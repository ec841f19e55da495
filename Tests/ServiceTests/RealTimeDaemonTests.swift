import Foundation
import Logging
import PrayerTimes
import Synchronization
import Testing
@testable import Service
@testable import Simulation

extension VirtualClock: VirtualTimeControl {}

/// Collects what the daemon logs, for tests.
final class CollectedLog: Sendable {
    let lines = Mutex<[(Logger.Level, String)]>([])
    func handler(label: String) -> LogHandler { Handler(log: self) }

    struct Handler: LogHandler {
        let log: CollectedLog
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
                 function: String, line: UInt) {
            log.lines.withLock { $0.append((level, message.description)) }
        }
    }
}

/// The daemon shell in real time (a few seconds of it): named RealTime... so that `make test`
/// runs it in the serialized pass, where CPU-heavy tests cannot starve it.
@Suite("daemon shell, in real time")
struct RealTimeDaemonTests {
    @Test("a status file that cannot be written is logged once, not every second")
    func statusFailureLoggedOnce() async throws {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 600)
        let collected = CollectedLog()
        var options = Daemon.Options()
        options.statusPath = "/nonexistent-\(UUID().uuidString)/status.json"
        options.speed = 1
        options.until = unit.clock.wallNow() + 3.5
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options,
                            logger: Logger(label: "test", factory: collected.handler))
        let status = await daemon.run()
        #expect(status == 0)
        let failures = collected.lines.withLock { $0.filter { $0.1.contains("cannot write /nonexistent") } }
        #expect(failures.count == 1, "\(failures.map(\.1))")
    }
}
