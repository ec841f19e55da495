import UnitModel

/// Whether the wall clock can be trusted (no alert sounds before), and its steps: the wall
/// clock moving against the monotonic one by more than a second between two passes.
struct ClockTrust {
    private(set) var trusted = false
    private(set) var source: StatusReport.ClockSource?
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
    mutating func trust(_ source: StatusReport.ClockSource) -> Bool {
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
