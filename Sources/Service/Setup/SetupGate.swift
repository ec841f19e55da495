import Logging
import Synchronization
import UnitModel

/// Setup mode's door: whether the unit is in it (its admin page is on and has no admin
/// password), the one-time code its own screens show, and the throttle on guessing it.
///
/// Wrong codes are throttled by address (after the n-th, that address waits 2^(n-1) s, at most
/// a minute) and in all (at most `perMinute` wrong codes a minute from everyone); after
/// `rotateAfter` wrong codes in all the code changes and the screens show the new one. The code
/// stays the same through right answers until setup finishes (a form refused for a bad field
/// is sent again with it). `hasPassword` is asked at most every `recheckSeconds` (and at once
/// by `recheck`): a password set with `mihrab admin passwd`, or removed by `mihrab setup
/// reset`, ends or starts setup mode within a few seconds.
public final class SetupGate: Sendable {
    public struct Limits: Sendable {
        public var rotateAfter = 10
        public var perMinute = 20
        public var longestWait = 60.0
        public var recheckSeconds = 2.0
        public init() {}
    }

    public enum Check: Sendable, Equatable {
        case accepted
        case wrong
        case throttled(seconds: Int)
    }

    struct State {
        var active = false
        var checkedAt = -Double.infinity
        var code = ""
        var generation = 0
        var wrongSinceCode = 0
        var recentWrong: [Double] = []
        var byAddress: [String: (count: Int, until: Double)] = [:]
    }

    let limits: Limits
    let now: @Sendable () -> Double
    let hasPassword: @Sendable () -> Bool
    let makeCode: @Sendable () -> String
    let place: @Sendable () -> (url: (String) -> String, addresses: [String])
    let qr: @Sendable (String) -> [String]
    let logger: Logger
    private let state = Mutex(State())
    /// Told of every change of what the screens must show (nil: setup mode ended).
    private let changed: Mutex<(@Sendable (SetupView?) -> Void)?> = Mutex(nil)

    /// `place`: the setup page's address with a code in it, and the unit's addresses (asked
    /// when a code is made: a DHCP lease renewed between two codes shows on the next).
    public init(limits: Limits = .init(), now: @escaping @Sendable () -> Double, hasPassword: @escaping @Sendable () -> Bool,
                makeCode: @escaping @Sendable () -> String = { SetupCode.make() },
                place: @escaping @Sendable () -> (url: (String) -> String, addresses: [String]),
                qr: @escaping @Sendable (String) -> [String] = { _ in [] }, logger: Logger) {
        (self.limits, self.now, self.hasPassword, self.makeCode, self.place, self.logger) = (limits, now, hasPassword, makeCode, place, logger)
        self.qr = qr
    }

    /// Calls `f` with what the screens show now, and at every change from then on.
    public func onChange(_ f: @escaping @Sendable (SetupView?) -> Void) {
        changed.withLock { $0 = f }
        f(view)
    }

    /// In setup mode: no admin password (asked again when the last answer is older than
    /// `recheckSeconds`).
    public var active: Bool {
        recheck(force: false)
        return state.withLock { $0.active }
    }

    /// What the screens show: nil outside setup mode.
    public var view: SetupView? {
        let s = state.withLock { $0 }
        guard s.active else { return nil }
        let p = place()
        let url = p.url(s.code)
        return SetupView(url: url, code: s.code, addresses: p.addresses, generation: s.generation, qr: qr(url))
    }

    /// Asks `hasPassword` again (at once with `force`) and, when setup mode starts or ends,
    /// makes a code or forgets it, logs it and tells the screens.
    public func recheck(force: Bool = true) {
        let t = now()
        let due = state.withLock { s in force || t - s.checkedAt >= limits.recheckSeconds }
        guard due else { return }
        let inSetup = !hasPassword()
        let started: Bool? = state.withLock { s in
            s.checkedAt = t
            guard inSetup != s.active else { return nil }
            s.active = inSetup
            if inSetup { newCode(&s) } else { s.code = "" }
            return inSetup
        }
        guard let started else { return }
        if started {
            logger.notice("setup mode: no admin password; the setup page and its code are on the unit's screens")
        } else {
            logger.notice("setup mode ended: an admin password is set")
        }
        tell()
    }

    /// A code typed on the setup page, from `client` (its address).
    public func check(_ typed: String, client: String) -> Check {
        let t = now()
        let (result, rotated): (Check, Bool) = state.withLock { s in
            guard s.active else { return (.wrong, false) }
            s.recentWrong.removeAll { t - $0 >= 60 }
            if let a = s.byAddress[client], a.until > t { return (.throttled(seconds: Int((a.until - t).rounded(.up))), false) }
            if s.recentWrong.count >= limits.perMinute, let oldest = s.recentWrong.first {
                return (.throttled(seconds: max(1, Int((oldest + 60 - t).rounded(.up)))), false)
            }
            if let c = SetupCode.normalized(typed), SetupCode.matches(c, s.code) { return (.accepted, false) }
            let n = (s.byAddress[client]?.count ?? 0) + 1
            s.byAddress[client] = (n, t + min(limits.longestWait, Double(1 << min(n - 1, 16))))
            s.recentWrong.append(t)
            s.wrongSinceCode += 1
            guard s.wrongSinceCode >= limits.rotateAfter else { return (.wrong, false) }
            newCode(&s)
            return (.wrong, true)
        }
        if result == .wrong { logger.warning("setup: a wrong code from \(client)") }
        if rotated {
            logger.notice("setup: \(limits.rotateAfter) wrong codes: a new code is on the unit's screens")
            tell()
        }
        return result
    }

    private func newCode(_ s: inout State) {
        s.code = makeCode()
        s.generation += 1
        s.wrongSinceCode = 0
    }

    private func tell() {
        let v = view
        changed.withLock { $0 }?(v)
    }
}
