import HAL
import Synchronization
import UnitModel

/// `[[outputs.relay]]`: one GPIO output line on while any of the phases it is given holds (an
/// amplifier's power, a hall light): a subscriber of every snapshot, in order, so it switches
/// at each phase's instant; off when the unit stops. Never on the loop's thread: a line that
/// hangs or fails holds only the relay. A failure is logged when it starts and when it ends;
/// each change is a line of `--record` (`"output"`: its name) and its state is on status.json.
public final class RelayOutput: SnapshotSubscriber, OutputPlugin, @unchecked Sendable {
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
        var problem: String?
        var finished = false
    }

    /// The board's name for it (status.json, the record, the logs).
    public let name: String
    public var backlog: Int { 64 }
    public var everySnapshot: Bool { true }
    public let during: Set<UnitSnapshot.Phase>
    private let line: any DigitalOutput
    private let log: @Sendable (String) -> Void
    private let recorder: EventRecorder?
    private let state = Mutex(State())

    public init(name: String = "relay", line: any DigitalOutput, during: [UnitSnapshot.Phase], recorder: EventRecorder? = nil,
                log: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.line = line
        self.during = Set(during)
        self.recorder = recorder
        self.log = log
    }

    public func status(into report: inout StatusReport) {
        let s = state.withLock { $0 }
        report.add(.init(name: name, kind: .relay, state: s.failing ? .failing : (s.on == true ? .on : .off), problem: s.problem))
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
                recorder?.output(name, on: on, at: wall)
                if s.failing { log("relay \(name) (\(line.name)): set again") }
                (s.failing, s.problem) = (false, nil)
            } catch {
                s.on = nil
                if !s.failing { log("relay \(name) (\(line.name)): \(error); tried again at the next snapshot") }
                (s.failing, s.problem) = (true, "\(error)")
            }
        }
    }
}
