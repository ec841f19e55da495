/// When to try a device that failed to open again: 1 s after the first failure, then
/// twice as long after each further one, at most `cap` seconds; reset by a success.
struct DeviceBackoff: Sendable, Equatable {
    var first: Double = 1
    var cap: Double = 60
    /// The failing device's next try (nil: it has not failed since its last success).
    private(set) var nextAttempt: Double?
    private(set) var delay: Double = 0
    private(set) var reason = ""

    var failing: Bool { nextAttempt != nil }

    /// Whether a try is allowed at `now`.
    func mayTry(now: Double) -> Bool { nextAttempt.map { now >= $0 } ?? true }

    /// Records a failure at `now`; returns true when it is the first of a run (to log once).
    mutating func failed(now: Double, reason: String) -> Bool {
        let first = nextAttempt == nil
        delay = first ? self.first : min(cap, delay * 2)
        nextAttempt = now + delay
        self.reason = reason
        return first
    }

    /// Records a success; returns true when it ends a run of failures (to log the recovery).
    mutating func succeeded() -> Bool {
        defer {
            nextAttempt = nil
            delay = 0
            reason = ""
        }
        return nextAttempt != nil
    }
}
