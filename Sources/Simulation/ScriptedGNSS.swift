import HAL

/// GNSS from a script on the virtual clock: fixes, outages, loss of fix, a jump to another
/// city. Each event is delivered when the clock reaches its time.
public final class ScriptedGNSS: PositionSource, @unchecked Sendable {
    // @unchecked: `task` is written once in events() and read in stop(), from the
    // simulation's single driving task.
    public struct Step: Sendable {
        public let at: Double
        public let event: PositionEvent
        public init(at: Double, _ event: PositionEvent) {
            self.at = at
            self.event = event
        }
    }

    private let script: [Step]
    private let clock: VirtualClock
    private var task: Task<Void, Never>?

    public init(script: [Step], clock: VirtualClock) {
        self.script = script.sorted { $0.at < $1.at }
        self.clock = clock
    }

    public func events() -> AsyncStream<PositionEvent> {
        let (stream, continuation) = AsyncStream<PositionEvent>.makeStream()
        let script = self.script, clock = self.clock
        task = Task {
            for step in script {
                do { try await clock.sleep(untilMonotonic: step.at) } catch { break }
                continuation.yield(step.event)
            }
            continuation.finish()
        }
        continuation.onTermination = { [task] _ in task?.cancel() }
        return stream
    }

    public func stop() { task?.cancel() }

    /// A fix at a place (3D, 5 m error) with the clock's wall time.
    public static func fix(_ lat: Double, _ lon: Double, time: Double? = nil) -> PositionEvent {
        .fix(PositionFix(time: time, latitude: lat, longitude: lon, altitude: 0, horizontalError: 5, mode: .threeD))
    }
}
