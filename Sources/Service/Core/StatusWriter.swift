import Dispatch
import FoundationEssentials
import Glibc
import Dispatch
import Logging
import Synchronization
import UnitModel

/// Writes status.json off the loop's thread: a subscriber of the loop's snapshots (the
/// once-a-second ones); the whole status (with the displays', servers' and site's parts),
/// its encoding, the file and its rename happen on a queue of their own. Only the newest
/// report waits: a slow or stuck disk never piles reports up or holds the loop.
/// A failure is logged when it starts and when it ends, not every second.
final class StatusWriter: SnapshotSubscriber {
    private struct State {
        var pending: StatusReport?
        var scheduled = false
        var failing = false
    }

    let path: String
    let name = "status.json"
    private let hub: SnapshotHub
    private let logger: Logger
    private let queue = DispatchQueue(label: "mihrab.status", qos: .utility)
    private let state = Mutex(State())

    init(path: String, hub: SnapshotHub, logger: Logger) {
        self.path = path
        self.hub = hub
        self.logger = logger
    }

    func receive(_ snapshot: UnitSnapshot) { write(hub.status(of: snapshot)) }

    func finish(_ snapshot: UnitSnapshot) { finish(hub.status(of: snapshot)) }

    /// The newest report, written soon (not durable: it is rewritten every second).
    func write(_ report: StatusReport) {
        let schedule = state.withLock { s -> Bool in
            s.pending = report
            defer { s.scheduled = true }
            return !s.scheduled
        }
        if schedule { queue.async { [self] in drain() } }
    }

    /// At the end: the last report, written durably before returning.
    func finish(_ report: StatusReport) {
        queue.sync {
            state.withLock { $0.pending = nil }
            try? writeAtomically(report.json(), to: path)
        }
    }

    private func drain() {
        guard let report = state.withLock({ s -> StatusReport? in
            defer { s.pending = nil; s.scheduled = false }
            return s.pending
        }) else { return }
        let failure: String?
        do {
            try writeAtomically(report.json(), to: path, durable: false)
            failure = nil
        } catch {
            failure = "\(error)"
        }
        let (wasFailing, isFailing) = state.withLock { s in
            defer { s.failing = failure != nil }
            return (s.failing, failure != nil)
        }
        if let failure, !wasFailing { logger.error("cannot write \(path): \(failure)") }
        if wasFailing, !isFailing { logger.notice("\(path) written again") }
    }
}
