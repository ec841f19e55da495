import HAL
import Synchronization
import UnitModel

/// `[display] power`: the hall's TV, on and off as the snapshots' `display` says (the core
/// decides from the schedule and any override; this output only applies it). On its own queue:
/// a CEC question waits up to a second for the TV, never on the loop's thread.
/// - The first snapshot's state is asserted (a restart re-asserts what should hold); then each
///   change. Nothing is done when the unit stops: the TV stays as it is until the next start.
/// - A request that fails is logged when it starts failing and when it works again, and tried
///   again every `retrySeconds`; the TV is asked its power after each request, every
///   `settleSeconds` until it says the power asked for, then every `askSeconds`. A TV that
///   never answers is logged once and shown in the status; it never
///   stops anything.
public final class DisplayPowerOutput: SnapshotSubscriber, OutputPlugin, @unchecked Sendable {
    // @unchecked: the driver is called only from the subscriber's queue, under `state`'s lock.
    private struct State {
        /// The power last asked for and made (nil: none yet, or the last request failed).
        var applied: Bool?
        var failedAt: Double?
        /// The power whose request failed (another is tried at once).
        var failedFor: Bool?
        var problem: String?
        var reported: StatusReport.Reported?
        var askedAt = -Double.infinity
        var silenceLogged = false
        var changes: [(wall: Double, on: Bool)] = []
    }

    public let name = "display"
    public var backlog: Int { 4 }
    public var everySnapshot: Bool { true }
    public static let retrySeconds = 60.0
    public static let askSeconds = 60.0
    public static let settleSeconds = 5.0
    private let driver: any DisplayPowerDriver
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    public init(driver: any DisplayPowerDriver, log: @escaping @Sendable (String) -> Void) {
        (self.driver, self.log) = (driver, log)
    }

    /// The requests made (at most 64), oldest first, at the snapshots' wall times.
    public var changes: [(wall: Double, on: Bool)] { state.withLock { $0.changes } }

    public func receive(_ snapshot: UnitSnapshot) {
        guard let wanted = snapshot.status.display?.power else { return }
        let on = wanted == .on
        let t = snapshot.wall
        state.withLock { s in
            let due = s.failedAt.map { on != s.failedFor || t >= $0 + Self.retrySeconds || t < $0 } ?? true
            if s.applied != on, due {
                let first = s.changes.isEmpty && s.failedAt == nil
                do throws(DisplayPowerError) {
                    try driver.set(on)
                    if s.failedAt != nil { log("display: \(driver.name) works again") }
                    (s.applied, s.failedAt, s.failedFor, s.problem) = (on, nil, nil, nil)
                    s.changes.append((t, on))
                    if s.changes.count > 64 { s.changes.removeFirst() }
                    log("display: TV \(on ? "on" : "off") by \(driver.name)\(first ? " (the state that holds, at the start)" : "")")
                    s.askedAt = -.infinity
                } catch {
                    if s.failedAt == nil || s.problem != error.description { log("display: \(error); tried again in \(Int(Self.retrySeconds)) s, the unit runs on") }
                    (s.applied, s.failedAt, s.failedFor, s.problem) = (nil, t, on, error.description)
                }
            }
            // Not while its requests fail: the failure already says why.
            // Every `askSeconds`; every `settleSeconds` while the TV has not yet said the power
            // asked for (a TV reports its old power a moment after a request, then its transition).
            let settled = s.reported == nil || s.reported == .noAnswer || s.reported == (on ? .on : .standby)
            let every = settled ? Self.askSeconds : Self.settleSeconds
            if s.failedAt == nil, t >= s.askedAt + every || t < s.askedAt { ask(&s, at: t) }
        }
    }

    private func ask(_ s: inout State, at t: Double) {
        s.askedAt = t
        do throws(DisplayPowerError) {
            guard let r = try driver.ask() else { return }
            let word: StatusReport.Reported = switch r {
            case .on: .on
            case .standby: .standby
            case .turningOn: .turningOn
            case .turningOff: .turningOff
            case .noAnswer: .noAnswer
            }
            if word == .noAnswer, !s.silenceLogged {
                s.silenceLogged = true
                log("display: the TV does not answer <Give Device Power Status> (\(driver.name)); its power is asked for all the same")
            }
            s.reported = word
        } catch {
            if s.problem == nil { log("display: asking the TV its power: \(error)") }
            s.reported = nil
            s.problem = error.description
        }
    }

    public func status(into report: inout StatusReport) {
        let s = state.withLock { ($0.applied, $0.problem, $0.reported) }
        report.display?.reported = s.2
        report.display?.problem = s.1
        let word: OutputState = s.1 != nil ? .failing : (s.0 == true ? .on : s.0 == false ? .off : .waiting)
        report.add(.init(name: name, kind: .tv, state: word, problem: s.1))
    }
}
