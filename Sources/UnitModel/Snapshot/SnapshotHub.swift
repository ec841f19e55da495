import Dispatch
import Synchronization

/// Where the loop publishes its snapshots and every output takes them. Publishing stores the
/// value and hands it to each subscriber's queue (a lock held for a pointer swap, an async
/// dispatch when the queue was idle): a slow, stuck or failing output never holds the loop.
public final class SnapshotHub: Sendable {
    /// Seconds the loop's end waits for the subscribers to take the last snapshot.
    public static let finishSeconds = 2.0

    private let newest = Mutex<UnitSnapshot?>(nil)
    private let subscriptions = Mutex<[Subscription]>([])
    private let outputs = Mutex<[any OutputPlugin]>([])
    /// The last whole status made, by snapshot number.
    private let whole = Mutex<(sequence: UInt64, report: StatusReport)?>(nil)

    public init() {}

    /// The newest snapshot (nil before the loop's first pass).
    public var latest: UnitSnapshot? { newest.withLock { $0 } }

    /// Adds an output; it gets the newest snapshot at once when there is one.
    public func subscribe(_ subscriber: any SnapshotSubscriber) {
        let s = Subscription(subscriber)
        subscriptions.withLock { $0.append(s) }
        if let l = latest { s.offer(l) }
    }

    /// Adds an output of the run's table: it starts (subscribing what it reads), and its part
    /// of the status is asked of it on the thread of whoever wants the whole status.
    public func add(_ output: any OutputPlugin) {
        outputs.withLock { $0.append(output) }
        output.start(self)
    }

    /// The outputs added, in their order.
    public var plugins: [any OutputPlugin] { outputs.withLock { $0 } }

    /// At the end, after `finish`: every output stops, in the reverse of their order.
    public func stopOutputs() async {
        for o in plugins.reversed() { await o.stop() }
    }

    /// The whole status of a snapshot: the core's and the loop's, with every output's part.
    /// Made once per snapshot, by the first output that asks (status.json, the admin page and
    /// MQTT all want it each second); the others take that one.
    public func status(of snapshot: UnitSnapshot) -> StatusReport {
        if let done = whole.withLock({ $0 }), done.sequence == snapshot.sequence { return done.report }
        var r = snapshot.status
        for o in plugins { o.status(into: &r) }
        whole.withLock { $0 = (snapshot.sequence, r) }
        return r
    }

    /// From the loop: the snapshot, to every subscriber that takes it.
    public func publish(_ snapshot: UnitSnapshot) {
        newest.withLock { $0 = snapshot }
        for s in subscriptions.withLock({ $0 }) { s.offer(snapshot) }
    }

    /// From the loop, at its end: the last snapshot, then each subscriber's `finish`; waits for
    /// them at most `seconds` in all. Returns the names of those that did not finish in time.
    @discardableResult
    public func finish(_ snapshot: UnitSnapshot, seconds: Double = SnapshotHub.finishSeconds) -> [String] {
        newest.withLock { $0 = snapshot }
        let all = subscriptions.withLock { $0 }
        let group = DispatchGroup()
        for s in all { s.finish(snapshot, group: group) }
        guard group.wait(timeout: .now() + seconds) == .timedOut else { return [] }
        return all.filter { !$0.finished }.map(\.subscriber.name)
    }
}

/// One subscriber's queue: the snapshots waiting for it (at most its backlog, the newest kept).
final class Subscription: Sendable {
    let subscriber: any SnapshotSubscriber
    private let queue: DispatchQueue
    private let backlog: Int
    private let every: Bool
    private let state = Mutex<(waiting: [UnitSnapshot], scheduled: Bool, finished: Bool)>(([], false, false))

    init(_ subscriber: any SnapshotSubscriber) {
        self.subscriber = subscriber
        queue = DispatchQueue(label: "mihrab.output.\(subscriber.name)", qos: .utility)
        backlog = max(1, subscriber.backlog)
        every = subscriber.everySnapshot
    }

    var finished: Bool { state.withLock { $0.finished } }

    func offer(_ snapshot: UnitSnapshot) {
        guard every || snapshot.periodic else { return }
        let schedule = state.withLock { s -> Bool in
            s.waiting.append(snapshot)
            if s.waiting.count > backlog { s.waiting.removeFirst(s.waiting.count - backlog) }
            defer { s.scheduled = true }
            return !s.scheduled
        }
        if schedule { queue.async { [self] in drain() } }
    }

    func finish(_ snapshot: UnitSnapshot, group: DispatchGroup) {
        group.enter()
        queue.async { [self] in
            drain()
            subscriber.finish(snapshot)
            state.withLock { $0.finished = true }
            group.leave()
        }
    }

    private func drain() {
        while let next = state.withLock({ s -> UnitSnapshot? in
            guard !s.waiting.isEmpty else {
                s.scheduled = false
                return nil
            }
            return s.waiting.removeFirst()
        }) {
            subscriber.receive(next)
        }
    }
}
