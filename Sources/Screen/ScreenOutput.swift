import Logging
import Platform
import Service
import Synchronization
import UnitModel

/// `[screen] listen`: the wall screen's server as an output of the run's table. It serves
/// from the feed (never the loop's thread); a server that cannot listen is logged and tries
/// again by itself, the unit running on without its screen meanwhile (no alert depends on it).
public final class ScreenOutput: OutputPlugin {
    public let name = "screen"
    public let server: ScreenServer
    private let feed: ScreenFeed
    private let address: ListenAddress
    private let logger: Logger
    private let tty: Bool
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// `tty`: the URL is also said on the live view's terminal, on a line of its own.
    public init(feed: ScreenFeed, address: ListenAddress, logger: Logger, tty: Bool) throws(ScreenServer.StartError) {
        server = try ScreenServer(feed: feed, address: address, logger: logger)
        (self.feed, self.address, self.logger, self.tty) = (feed, address, logger, tty)
    }

    public func start(_ hub: SnapshotHub) {
        let run = Task { [server] in await server.run() }
        task.withLock { $0 = run }
        Task { [server, feed, address, logger, tty] in
            guard let port = try? await server.waitUntilListening() else { return }
            // The URL once there is something to show (the loop's first pass has published).
            while feed.model() == nil { try? await Task.sleep(nanoseconds: 20_000_000) }
            let host = address.isIPv6 ? "[\(address.host)]" : address.host
            let url = "http://\(host):\(port)/"
            logger.notice("screen: \(url)\(address.isLoopback ? "" : " (listening beyond this machine: read-only pages)")")
            writeStandardOutput((tty ? "\r\u{1B}[2K" : "") + "Screen: \(url)  (open it in a browser)\n")
        }
    }

    public func status(into report: inout StatusReport) {
        let c = server.condition
        report.servers = (report.servers ?? []) + [c]
        report.add(.init(name: name, kind: .server, state: OutputState(server: c.state), problem: c.problem))
    }

    public func stop() async { task.withLock { $0 }?.cancel() }
}
