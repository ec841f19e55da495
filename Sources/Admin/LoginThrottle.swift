import Synchronization

/// Failed logins, counted per account name and overall: `limit` failures within `window`
/// seconds locks that name (or, overall, every name) out for `lockout` seconds. A success
/// clears its name's failures. The clock is injected: tests pass time without sleeping.
public final class LoginThrottle: Sendable {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// Locked out until this time (the clock's seconds).
        case locked(until: Double)
    }

    let limit: Int
    let window: Double
    let lockout: Double
    /// Overall: a guess at many names counts too, at a higher bar.
    let overallLimit: Int
    let now: @Sendable () -> Double

    struct State {
        var failures: [String: [Double]] = [:]
        var all: [Double] = []
        var lockedUntil: [String: Double] = [:]
        var allLockedUntil = 0.0
    }
    private let state = Mutex(State())

    public init(limit: Int = 10, window: Double = 15 * 60, lockout: Double = 15 * 60, overallLimit: Int = 50,
                now: @escaping @Sendable () -> Double) {
        (self.limit, self.window, self.lockout, self.overallLimit, self.now) = (limit, window, lockout, overallLimit, now)
    }

    /// Whether a login for `user` may be tried now.
    public func check(_ user: String) -> Verdict {
        let t = now()
        return state.withLock { s in
            let until = max(s.lockedUntil[key(user)] ?? 0, s.allLockedUntil)
            return until > t ? .locked(until: until) : .allowed
        }
    }

    /// A failed login: returns how long to make the caller wait (a small delay per failure:
    /// the lockout, not the delay, is what bounds guessing).
    @discardableResult
    public func failed(_ user: String) -> Double {
        let t = now()
        return state.withLock { s in
            let k = key(user)
            var list = (s.failures[k] ?? []).filter { $0 > t - window }
            list.append(t)
            s.all = s.all.filter { $0 > t - window } + [t]
            if list.count >= limit {
                s.lockedUntil[k] = t + lockout
                list = []
            }
            if s.all.count >= overallLimit {
                s.allLockedUntil = t + lockout
                s.all = []
            }
            s.failures[k] = list.isEmpty ? nil : list
            if s.failures.count > 1000 { s.failures = s.failures.filter { $0.value.contains { $0 > t - window } } }
            s.lockedUntil = s.lockedUntil.filter { $0.value > t }
            return 0.3
        }
    }

    public func succeeded(_ user: String) {
        _ = state.withLock { $0.failures.removeValue(forKey: key(user)) }
    }

    private func key(_ user: String) -> String { String(user.lowercased().prefix(64)) }
}
