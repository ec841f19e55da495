import HAL

/// A simulated output line that records its edges with their times, so a test can say
/// "the buzzer sounded at 05:05:12 for 3 s". It keeps the last `keep` edges only (a status
/// LED makes 86 400 edges a simulated day): a test asks for what it needs, a long simulation
/// keeps none.
public final class SimulatedOutput: DigitalOutput {
    public struct Edge: Sendable, Equatable {
        public let time: Double
        public let active: Bool
    }

    public let name: String
    /// The most recent edges, oldest first (at most `keep`).
    public var edges: ArraySlice<Edge> { recorded.suffix(keep) }
    public private(set) var state = false
    /// How many edges there were in all.
    public private(set) var edgeCount = 0
    public let keep: Int
    private var recorded: [Edge] = []
    /// Makes `set` fail (a line taken away, a driver error).
    public var failing = false
    private let now: () -> Double

    /// `now` gives the time stamped on each edge (usually the virtual wall clock).
    public init(name: String, keep: Int = 4096, now: @escaping () -> Double) {
        self.name = name
        self.keep = max(0, keep)
        self.now = now
    }

    public func set(_ active: Bool) throws(GPIOError) {
        if failing { throw GPIOError(line: name, reason: "simulated failure") }
        guard active != state else { return }
        state = active
        edgeCount += 1
        guard keep > 0 else { return }
        recorded.append(Edge(time: now(), active: active))
        if recorded.count >= 2 * keep { recorded.removeFirst(recorded.count - keep) }  // amortised O(1)
    }

    public func get() throws(GPIOError) -> Bool { state }

    /// The intervals the line was active: (start, end); an open one ends at `until`.
    public func activeIntervals(until: Double) -> [(start: Double, end: Double)] {
        var out: [(Double, Double)] = []
        var start: Double?
        for e in edges {
            if e.active { start = e.time } else if let s = start { out.append((s, e.time)); start = nil }
        }
        if let s = start { out.append((s, until)) }
        return out
    }
}
