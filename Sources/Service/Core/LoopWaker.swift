import Dispatch
import Synchronization

/// Lets an input on another thread (the stop button, the speaker reporting a failure) end
/// the loop's sleep at once, instead of at the next planned pass (up to a second later).
/// A wake while the loop is busy is kept, so the next sleep returns at once.
public final class LoopWaker: Sendable {
    private struct State {
        var pending = false
        var continuation: CheckedContinuation<Void, Never>?
        /// Each sleep's number: a timer left over from an earlier sleep does nothing.
        var generation = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// From any thread: the loop's current (or next) sleep ends now.
    public func wake() {
        let c = state.withLock { s -> CheckedContinuation<Void, Never>? in
            guard let c = s.continuation else {
                s.pending = true
                return nil
            }
            s.continuation = nil
            return c
        }
        c?.resume()
    }

    /// Sleeps `seconds`, or until `wake()`.
    public func sleep(seconds: Double) async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let generation = state.withLock { s -> Int? in
                if s.pending {
                    s.pending = false
                    return nil
                }
                s.generation += 1
                s.continuation = c
                return s.generation
            }
            guard let generation else { return c.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) { [self] in
                let due = state.withLock { s -> CheckedContinuation<Void, Never>? in
                    guard s.generation == generation, let c = s.continuation else { return nil }
                    s.continuation = nil
                    return c
                }
                due?.resume()
            }
        }
    }
}
