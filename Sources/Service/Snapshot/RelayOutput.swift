import HAL
import Synchronization

/// `[outputs] relay`: one GPIO output line on while any of the phases it is given holds (an
/// amplifier's power, a hall light): a subscriber of every snapshot, in order, so it switches
/// at each phase's instant; off when the unit stops. Never on the loop's thread: a line that
/// hangs or fails holds only the relay. A failure is logged when it starts and when it ends.
public final class RelayOutput: SnapshotSubscriber, @unchecked Sendable {
    // @unchecked: the line is touched only under `state`'s lock.
    public struct Change: Sendable, Equatable {
        /// The snapshot's wall time (the unit's clock: the virtual one in a simulation).
        public let wall: Double
        public let on: Bool
        public init(wall: Double, on: Bool) {
            self.wall = wall
            self.on = on
        }
    }

    private struct State {
        /// Requested off; nil after a failure (set again at the next snapshot, whatever it says).
        var on: Bool? = false
        var changes: [Change] = []
        var failing = false
        var finished = false
    }

    public let name = "relay"
    public var backlog: Int { 64 }
    public var everySnapshot: Bool { true }
    public let during: Set<UnitSnapshot.Phase>
    private let line: any DigitalOutput
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    public init(line: any DigitalOutput, during: [UnitSnapshot.Phase], log: @escaping @Sendable (String) -> Void) {
        self.line = line
        self.during = Set(during)
        self.log = log
    }

    /// The last changes made (at most 64), oldest first.
    public var changes: [Change] { state.withLock { $0.changes } }

    public func receive(_ snapshot: UnitSnapshot) {
        set(!during.isDisjoint(with: snapshot.phases), wall: snapshot.wall, finishing: false)
    }

    public func finish(_ snapshot: UnitSnapshot) { set(false, wall: snapshot.wall, finishing: true) }

    private func set(_ on: Bool, wall: Double, finishing: Bool) {
        state.withLock { s in
            guard !s.finished else { return }
            s.finished = finishing
            guard s.on != on else { return }
            do throws(GPIOError) {
                try line.set(on)
                s.on = on
                s.changes.append(Change(wall: wall, on: on))
                if s.changes.count > 64 { s.changes.removeFirst() }
                if s.failing { log("relay \(line.name): set again") }
                s.failing = false
            } catch {
                s.on = nil
                if !s.failing { log("relay \(line.name): \(error); tried again at the next snapshot") }
                s.failing = true
            }
        }
    }
}
