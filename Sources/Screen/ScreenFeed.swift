import Service
import Synchronization

/// Where the control loop leaves what the screens show: the latest `ScreenInput` and the
/// unit's time. Publishing is a pointer swap under a lock held for no more than that; the
/// server reads on its own threads and never calls into the loop.
public final class ScreenFeed: Sendable {
    struct Published: Sendable {
        var input: ScreenInput?
        /// The unit's wall time when published (UTC seconds): the simulated clock in a simulation.
        var wall: Double
        var sequence: UInt64
    }

    private let latest = Mutex(Published(input: nil, wall: 0, sequence: 0))

    public init() {}

    public func publish(_ input: ScreenInput, wall: Double) {
        latest.withLock {
            $0.input = input
            $0.wall = wall
            $0.sequence &+= 1
        }
    }

    func read() -> Published { latest.withLock { $0 } }

    /// The model at the last published instant (nil before the loop's first pass).
    public func model() -> ScreenModel? {
        let p = read()
        return p.input.map { ScreenModel.at(p.wall, $0) }
    }
}
