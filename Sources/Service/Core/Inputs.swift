import HAL

/// Where position events come from, polled without blocking by the loop.
public protocol PositionInput: AnyObject {
    /// Events that arrived since the last poll, up to monotonic time `now`.
    func poll(now: Double) -> [PositionEvent]
    /// When the next event is due, when known in advance (a script); nil for gpsd (its
    /// client wakes the loop itself).
    var nextTime: Double? { get }
}

extension PositionInput {
    public var nextTime: Double? { nil }
}

/// Whether the kernel says the clock is synchronised (adjtimex on Linux).
public protocol ClockSyncInput: AnyObject {
    func kernelSynchronized() -> Bool
}

/// A scripted position input on monotonic time (simulation, tests).
public final class ScriptedPosition: PositionInput {
    private var script: [(at: Double, event: PositionEvent)]
    public init(_ script: [(at: Double, event: PositionEvent)]) { self.script = script.sorted { $0.at < $1.at } }
    public func poll(now: Double) -> [PositionEvent] {
        var out: [PositionEvent] = []
        while let first = script.first, first.at <= now {
            out.append(first.event)
            script.removeFirst()
        }
        return out
    }
    /// When the next scripted event is due.
    public var nextTime: Double? { script.first?.at }
}

/// A fixed answer for the kernel's synchronisation flag (simulation, tests).
public final class FixedClockSync: ClockSyncInput {
    public var synchronized: Bool
    public init(_ synchronized: Bool) { self.synchronized = synchronized }
    public func kernelSynchronized() -> Bool { synchronized }
}
