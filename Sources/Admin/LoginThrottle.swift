import Synchronization

/// Failed logins, counted per account name and client address together: `perClient`
/// failures of one name from one address within `window` seconds lock that name out *from
/// that address* for `lockout` seconds. A guesser cannot lock the admin out: the right
/// password from an address that has not failed still gets in.
///
/// Overall, `overall` failures (any names, any addresses) within `window` slow every login
/// down instead of locking anyone out: each attempt then waits its turn on one schedule,
/// `spacing` seconds after the one before; one whose turn would be more than `maximumDelay`
/// away is turned away (`busy`), so that no more than one attempt a `spacing` is ever checked.
/// An address with no failure in the window has a schedule of its own beside the failing
/// addresses' one: a flood from them does not keep the admin out.
/// A success clears its pair's failures. The clock is injected: tests pass time without sleeping.
public final class LoginThrottle: Sendable {
    public enum Verdict: Sendable, Equatable {
        /// Try it after waiting this many seconds (0 unless logins are being slowed).
        case allowed(after: Double)
        /// This name is locked out from this address until this time (the clock's seconds).
        case locked(until: Double)
        /// Logins are being slowed and the queue is full: try again after this time. Not counted.
        case busy(until: Double)
    }

    public struct Limits: Sendable, Equatable {
        /// Failures of one name from one address within `window` that lock that pair out.
        public var perClient = 10
        public var window = 15 * 60.0
        public var lockout = 15 * 60.0
        /// Failures from anyone within `window` from which on every attempt is slowed.
        public var overall = 50
        /// While slowed: the time between two attempts (of anyone), and the longest any one waits.
        public var spacing = 1.0
        public var maximumDelay = 3.0
        /// Name and address pairs remembered at most (the oldest forgotten first).
        public var pairs = 10_000
        public init() {}
    }

    public let limits: Limits
    let now: @Sendable () -> Double

    struct Pair: Hashable {
        var name: String
        var address: String
    }

    struct Record {
        var failures: [Double] = []
        var lockedUntil = 0.0
        /// The last failure or lock: what is forgotten first when too many pairs are kept.
        var last: Double { max(failures.last ?? 0, lockedUntil) }
    }

    struct State {
        var pairs: [Pair: Record] = [:]
        /// The latest failures of anyone, `limits.overall` at most (enough to tell whether that
        /// many fell within the window).
        var recent: [Double] = []
        /// When the last slowed attempt is let through: from addresses that failed in the
        /// window, and from the others.
        var lastSlot = -Double.infinity
        var lastCleanSlot = -Double.infinity
    }
    private let state = Mutex(State())

    public init(limits: Limits = Limits(), now: @escaping @Sendable () -> Double) {
        (self.limits, self.now) = (limits, now)
    }

    /// Until when `user` is locked out from `address` (looking only); nil when not.
    public func lockedUntil(_ user: String, from address: String) -> Double? {
        let t = now()
        return state.withLock { s in
            let until = s.pairs[pair(user, address)]?.lockedUntil ?? 0
            return until > t ? until : nil
        }
    }

    /// Whether logins are being slowed now (looking only).
    public var isSlowed: Bool {
        let t = now()
        return state.withLock { slowed($0, at: t) }
    }

    /// A login for `user` from `address` about to be tried: allowed (after how long) or not, and
    /// if allowed counted at once as a failure (`succeeded` takes it back), in one step: logins
    /// sent all at once cannot all pass before the first has failed.
    public func attempt(_ user: String, from address: String) -> Verdict {
        let t = now()
        let key = pair(user, address)
        return state.withLock { s in
            var r = s.pairs[key] ?? Record()
            if r.lockedUntil > t { return .locked(until: r.lockedUntil) }
            // The wait is decided before this attempt counts: the 50th failure slows the 51st.
            var delay = 0.0
            if slowed(s, at: t) {
                let clean = !s.pairs.contains { $0.key.address == key.address && $0.value.last > t - limits.window }
                let last = clean ? s.lastCleanSlot : s.lastSlot
                let slot = max(last + limits.spacing, t + limits.spacing)
                // Beyond the longest wait: turned away rather than let through (at the cap, every
                // attempt of a flood would pass at once).
                if slot > t + limits.maximumDelay { return .busy(until: last) }
                if clean { s.lastCleanSlot = slot } else { s.lastSlot = slot }
                delay = slot - t
            }
            r.failures = r.failures.filter { $0 > t - limits.window } + [t]
            if r.failures.count >= limits.perClient {
                r.lockedUntil = t + limits.lockout
                r.failures = []
            }
            s.pairs[key] = r
            s.recent.append(t)
            if s.recent.count > limits.overall { s.recent.removeFirst(s.recent.count - limits.overall) }
            if s.pairs.count > limits.pairs { forget(&s, at: t) }
            return .allowed(after: delay)
        }
    }

    /// Name and address pairs kept now (for the tests: the memory is bounded).
    var rememberedPairs: Int { state.withLock { $0.pairs.count } }

    /// How long to make a failed login wait (a small delay: the lockout and the slowing, not
    /// this, are what bound guessing).
    public var failureDelay: Double { 0.3 }

    /// A login that succeeded: its pair's failures cleared, and its own attempt no longer
    /// counted overall.
    public func succeeded(_ user: String, from address: String) {
        state.withLock { s in
            s.pairs.removeValue(forKey: pair(user, address))
            if !s.recent.isEmpty { s.recent.removeLast() }
        }
    }

    /// `limits.overall` failures within the window, the oldest of them included.
    private func slowed(_ s: State, at t: Double) -> Bool {
        s.recent.count >= limits.overall && (s.recent.first ?? -Double.infinity) > t - limits.window
    }

    /// Too many pairs: those with nothing in force go, then the oldest until half are left
    /// (a flood of names and addresses costs memory once, not for ever).
    private func forget(_ s: inout State, at t: Double) {
        let window = limits.window
        s.pairs = s.pairs.filter { $0.value.lockedUntil > t || $0.value.failures.contains { $0 > t - window } }
        if s.pairs.count > limits.pairs / 2 {
            let kept = s.pairs.sorted { $0.value.last > $1.value.last }.prefix(limits.pairs / 2)
            s.pairs = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }

    private func pair(_ user: String, _ address: String) -> Pair {
        Pair(name: String(user.lowercased().prefix(64)), address: String(address.lowercased().prefix(64)))
    }
}
