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

    /// Whether a login for `user` may be tried now (looking only).
    public func check(_ user: String) -> Verdict {
        let t = now()
        return state.withLock { s in
            let until = max(s.lockedUntil[key(user)] ?? 0, s.allLockedUntil)
            return until > t ? .locked(until: until) : .allowed
        }
    }

    /// A login for `user` about to be tried: allowed or not, and if allowed counted at once as
    /// a failure (`succeeded` takes it back), in one step: logins sent all at once cannot
    /// all pass before the first has failed.
    public func attempt(_ user: String) -> Verdict {
        let t = now()
        return state.withLock { s in
            let until = max(s.lockedUntil[key(user)] ?? 0, s.allLockedUntil)
            if until > t { return .locked(until: until) }
            record(user, at: t, &s)
            return .allowed
        }
    }

    /// How long to make a failed login wait (a small delay: the lockout, not the delay, is
    /// what bounds guessing).
    public var failureDelay: Double { 0.3 }

    private func record(_ user: String, at t: Double, _ s: inout State) {
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
    }

    /// A login that succeeded: its name's failures cleared, and its own attempt no longer
    /// counted overall.
    public func succeeded(_ user: String) {
        state.withLock { s in
            s.failures.removeValue(forKey: key(user))
            if !s.all.isEmpty { s.all.removeLast() }
        }
    }

    private func key(_ user: String) -> String { String(user.lowercased().prefix(64)) }
}
