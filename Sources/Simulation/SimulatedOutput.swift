import HAL

/// A simulated output line that records every edge with its time, so a test can say
/// "the buzzer sounded at 05:05:12 for 3 s".
public final class SimulatedOutput: DigitalOutput {
    public struct Edge: Sendable, Equatable {
        public let time: Double
        public let active: Bool
    }

    public let name: String
    public private(set) var edges: [Edge] = []
    public private(set) var state = false
    /// Makes `set` fail (a line taken away, a driver error).
    public var failing = false
    private let now: () -> Double

    /// `now` gives the time stamped on each edge (usually the virtual wall clock).
    public init(name: String, now: @escaping () -> Double) {
        self.name = name
        self.now = now
    }

    public func set(_ active: Bool) throws(GPIOError) {
        if failing { throw GPIOError(line: name, reason: "simulated failure") }
        guard active != state else { return }
        state = active
        edges.append(Edge(time: now(), active: active))
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
