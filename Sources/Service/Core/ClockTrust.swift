/// What made the wall clock trusted; the raw value is status.json's `clock.source`.
public enum ClockTrustSource: String, Sendable {
    /// GPS time agreed within 2 s; the kernel reported it synchronised (NTP); the configuration says so.
    case gps, kernel, config = "config"
}

/// Whether the wall clock can be trusted (no alert sounds before), and its steps: the wall
/// clock moving against the monotonic one by more than a second between two passes.
struct ClockTrust {
    private(set) var trusted = false
    private(set) var source: ClockTrustSource?
    private(set) var steps = 0
    private var lastOffset: Double?

    /// The step since the last pass (seconds), counted; nil: none.
    mutating func step(mono: Double, wall: Double) -> Double? {
        let offset = wall - mono
        defer { lastOffset = offset }
        guard let last = lastOffset, abs(offset - last) > 1 else { return nil }
        steps += 1
        return offset - last
    }

    /// Trusted from now on by `source`, unless already trusted; returns whether this made it so.
    mutating func trust(_ source: ClockTrustSource) -> Bool {
        guard !trusted else { return false }
        (trusted, self.source) = (true, source)
        return true
    }

    /// A GPS fix's time within 2 s of the wall clock.
    static func agrees(fixTime: Double?, wall: Double) -> Bool {
        guard let t = fixTime else { return false }
        return abs(t - wall) <= 2
    }
}
