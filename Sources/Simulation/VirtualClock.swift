import HAL
import Synchronization

/// A clock whose time moves only when told: a simulated day passes in as long as the
/// computation takes. Monotonic time starts at 0; wall time is monotonic + an offset that
/// can be stepped (an NTP or GPS correction, a user setting the clock).
public final class VirtualClock: DeviceClock {
    private struct Sleeper {
        let id: Int
        let deadline: Double
        let continuation: CheckedContinuation<Void, Error>
    }

    private struct State {
        var monotonic = 0.0
        var wallOffset: Double
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state: Mutex<State>

    public init(wallStart: Double) { state = Mutex(State(wallOffset: wallStart)) }

    public func monotonicNow() -> Double { state.withLock { $0.monotonic } }
    public func wallNow() -> Double { state.withLock { $0.monotonic + $0.wallOffset } }

    /// The earliest deadline anyone sleeps until, if anyone sleeps.
    public var nextDeadline: Double? { state.withLock { $0.sleepers.map(\.deadline).min() } }
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(untilMonotonic deadline: Double) async throws {
        let id = state.withLock { s -> Int in s.nextID += 1; return s.nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
                let resumeNow = state.withLock { s -> Bool in
                    if deadline <= s.monotonic || Task.isCancelled { return true }
                    s.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: c))
                    return false
                }
                if resumeNow { c.resume() }
            }
        } onCancel: {
            let c = state.withLock { s -> CheckedContinuation<Void, Error>? in
                guard let i = s.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return s.sleepers.remove(at: i).continuation
            }
            c?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves monotonic (and wall) time forward to `t` and wakes whoever is due.
    public func advance(to t: Double) {
        let due = state.withLock { s -> [CheckedContinuation<Void, Error>] in
            s.monotonic = max(s.monotonic, t)
            if s.sleepers.isEmpty { return [] }  // the daemon's loop, every pass: no work, no allocation
            let now = s.monotonic
            let ready = s.sleepers.filter { $0.deadline <= now }
            s.sleepers.removeAll { $0.deadline <= now }
            return ready.sorted { $0.deadline < $1.deadline }.map(\.continuation)
        }
        for c in due { c.resume() }
    }

    public func advance(by dt: Double) { advance(to: monotonicNow() + dt) }

    /// Steps the wall clock alone (monotonic time does not move).
    public func stepWall(by seconds: Double) { state.withLock { $0.wallOffset += seconds } }
}
