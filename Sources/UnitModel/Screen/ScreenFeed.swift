import Synchronization

/// What the screens show: the latest `ScreenInput` and the unit's time, taken from the loop's
/// once-a-second snapshots (a subscriber of the hub, on a queue of its own). Publishing is a
/// pointer swap under a lock held for no more than that; the server and the small displays
/// read on their own threads and never call into the loop.
public final class ScreenFeed: SnapshotSubscriber {
    public struct Published: Sendable {
        public var input: ScreenInput?
        /// The unit's wall time when published (UTC seconds): the simulated clock in a simulation.
        public var wall: Double
        public var sequence: UInt64
    }

    private let latest = Mutex(Published(input: nil, wall: 0, sequence: 0))
    /// Who waits for the next publication (the server's event hub): told, never polled.
    private let listeners = Mutex<(next: UInt64, all: [UInt64: AsyncStream<Void>.Continuation])>((0, [:]))

    public init() {}

    public var name: String { "screen" }

    public func receive(_ snapshot: UnitSnapshot) {
        if let input = snapshot.screen { publish(input, wall: snapshot.wall) }
    }

    /// Threads of their own (the small displays') told at each publication, without a task.
    private let wakers = Mutex<[@Sendable () -> Void]>([])

    public func publish(_ input: ScreenInput, wall: Double) {
        latest.withLock {
            $0.input = input
            $0.wall = wall
            $0.sequence &+= 1
        }
        for c in listeners.withLock({ Array($0.all.values) }) { c.yield() }
        for w in wakers.withLock({ $0 }) { w() }
    }

    /// `wake` is called on the publishing thread (the feed's queue) after each publication: it must only wake
    /// its thread (a futex wake), never work. Not through the task pool, which a busy server
    /// (or a test) may hold.
    public func onPublish(_ wake: @escaping @Sendable () -> Void) {
        wakers.withLock { $0.append(wake) }
    }

    /// A stream that yields after each publication (only the newest is kept for a slow
    /// reader); it ends when the task iterating it is cancelled.
    public func publications() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = listeners.withLock { l -> UInt64 in
            l.next += 1
            l.all[l.next] = continuation
            return l.next
        }
        continuation.onTermination = { [weak self] _ in _ = self?.listeners.withLock { $0.all.removeValue(forKey: id) } }
        return stream
    }

    public func read() -> Published { latest.withLock { $0 } }

    /// The model at the last published instant (nil before the loop's first pass).
    public func model() -> ScreenModel? {
        let p = read()
        return p.input.map { ScreenModel.at(p.wall, $0) }
    }
}
