import HAL
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A push button on a GPIO input line (the stop button). A thread of its own (not the
/// cooperative pool) waits on the line's edges, debounces them on the kernel's timestamps
/// (`Debouncer`: a press is taken at once, the line must then be quiet for `debounce`
/// seconds, and its level is read back once it is), queues the debounced edges and calls
/// `onEdge`, which should wake the control loop; the loop then takes them with `poll`.
/// Times are seconds on CLOCK_MONOTONIC, the clock of `SystemClock.monotonicNow()`.
///
/// The debouncing is done here, not by the kernel (libgpiod v2's debounce period, which v1
/// lacks, reports an edge only once the line has been stable for the period: every press
/// would wait for it).
public final class GPIOButton: ButtonInput, Sendable {
    public let name: String
    /// The debounce window, seconds.
    public let debounce: Double
    private let reader: ButtonReader

    /// Requests the line (an input, edges on both, `activeLow` and `bias` as given) and
    /// starts reading it. A button that closes to ground: `activeLow: true, bias: .pullUp`.
    /// `onEdge` is called on the button's thread after edges were queued (and once when the
    /// thread fails, see `failure`); it must not block.
    public convenience init(chip: GPIOChip, offset: UInt32, consumer: String, activeLow: Bool, bias: GPIOBias,
                            debounce: Double, onEdge: @escaping @Sendable () -> Void) throws(SystemError) {
        try Self.check(debounce: debounce, target: "line \(offset) on \(chip.locator)")
        let line = try chip.requestInput(offset: offset, consumer: consumer, activeLow: activeLow, bias: bias)
        try self.init(line: line, debounce: debounce, clock: { SystemClock().monotonicNow() }, onEdge: onEdge)
    }

    /// Over any `ButtonLine` (tests give a stand-in); takes the line over: it is released
    /// when the button stops, and here already if this throws.
    init(line: any ButtonLine, debounce: Double, clock: @escaping @Sendable () -> Double,
         onEdge: @escaping @Sendable () -> Void) throws(SystemError) {
        let level: Bool
        do {
            try Self.check(debounce: debounce, target: line.name)
            level = try line.get()
            reader = try ButtonReader(line: line, window: debounce, level: level, clock: clock, onEdge: onEdge)
        } catch {
            line.release()
            throw error
        }
        name = line.name
        pressedAtStart = level
        self.debounce = debounce
        reader.start()
    }

    private static func check(debounce: Double, target: String) throws(SystemError) {
        guard debounce.isFinite, debounce >= 0, debounce <= 1 else {
            throw SystemError("debounce a button for \(debounce) s (0 to 1 s) on", target, errno: EINVAL)
        }
    }

    deinit { reader.stop() }

    /// The debounced edges queued since the last call, oldest first (at most the newest 64).
    /// Their times are the kernel's (a settled change: when it was read), all before the
    /// `onEdge` call that announced them; `now` is not needed to choose them.
    public func poll(now: Double) -> [ButtonEdge] {
        reader.state.withLock { s in
            defer { s.queue.removeAll() }
            return s.queue
        }
    }

    /// nil: the button wakes the loop itself, through `onEdge`.
    public var nextTime: Double? { nil }

    /// The debounced level, as of the last queued edge (the level read at start before any).
    public var isPressed: Bool { reader.state.withLock { $0.level } }
    /// Down when the line was opened: held while the unit started (the setup reset's hold).
    public let pressedAtStart: Bool

    /// Why the thread ended on its own, if it did (the chip went away, a read failed). The
    /// line is released then and no edges come any more.
    public var failure: SystemError? { reader.state.withLock { $0.failure } }

    /// Ends the thread and releases the line; waits for both (briefly: the thread is woken
    /// at once), unless called from `onEdge`. Idempotent; deinit does it too.
    public func stop() { reader.stop() }

    public var problem: String? { failure.map { "\($0)" } }
}
