import Drivers
import HAL
import Synchronization

/// The simulated board's TV, and the CEC bus between it and the unit: a TV at logical address
/// 0 that follows a TV's side of CEC 1.4 (HDMI 1.4b supplement 1): <Image View On> and <Text
/// View On> bring it out of standby, <Standby> (to it or broadcast) puts it there, each through
/// a transition of `transition` seconds it reports as such; <Give Device Power Status> is
/// answered with <Report Power Status>; <Active Source> switches it to that input. What it
/// does not take it answers with <Feature Abort> (no reply to the asker). Time comes from the
/// unit's clock (`now`: monotonic seconds), so a virtual day drives it too.
public final class EmulatedTelevision: CECAdapter, @unchecked Sendable {
    // @unchecked: every field is under `state`'s lock.
    public typealias Behaviour = EmulatedTVBehaviour

    public struct State: Sendable, Equatable {
        public var power: CECOpcode.PowerStatus
        /// When a transition ends (monotonic seconds).
        public var settles: Double = -.infinity
        /// The physical address of the input it shows (nil: its own tuner).
        public var activeSource: UInt16?
        /// Every message it received, in order, with the time (monotonic seconds).
        public var received: [(at: Double, message: CECMessage)] = []

        public static func == (a: State, b: State) -> Bool {
            a.power == b.power && a.settles == b.settles && a.activeSource == b.activeSource && a.received.map(\.message) == b.received.map(\.message)
        }
    }

    public let name = "simulated-tv"
    public let behaviour: Behaviour
    public let transition: Double
    /// Our physical address: the TV's HDMI input 1 (1.0.0.0).
    public let physicalAddress: UInt16 = 0x1000
    private let now: @Sendable () -> Double
    private let state: Mutex<State>

    public init(behaviour: Behaviour = .answers, on: Bool = false, transition: Double = 2, now: @escaping @Sendable () -> Double) {
        (self.behaviour, self.transition, self.now) = (behaviour, transition, now)
        state = Mutex(State(power: on ? .on : .standby))
    }

    /// The TV's state now (a transition that has ended is settled).
    public var current: State { state.withLock { s in settle(&s, now()); return s } }

    /// Whether it shows a picture now (on, or coming on).
    public var isOn: Bool { let p = current.power; return p == .on || p == .standbyToOn }

    public func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16) {
        (4, physicalAddress)  // Playback Device 1: free on this bus
    }

    public func transmit(_ m: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage? {
        guard m.destination == CECAddress.tv || m.destination == CECAddress.broadcast else {
            throw CECError(adapter: name, kind: .notAcknowledged, reason: "no device at logical address \(m.destination)")
        }
        if behaviour == .absent, m.destination == CECAddress.tv {
            throw CECError(adapter: name, kind: .notAcknowledged, reason: "the TV did not acknowledge \(m)")
        }
        let t = now()
        return state.withLock { s -> CECMessage? in
            settle(&s, t)
            s.received.append((t, m))
            guard behaviour == .answers, let op = m.opcode else { return nil }
            switch op {
            case CECOpcode.imageViewOn, CECOpcode.textViewOn:
                if s.power == .standby || s.power == .onToStandby { (s.power, s.settles) = (.standbyToOn, t + transition) }
            case CECOpcode.standby:
                if s.power == .on || s.power == .standbyToOn { (s.power, s.settles) = (.onToStandby, t + transition) }
            case CECOpcode.activeSource where m.operands.count == 2:
                s.activeSource = UInt16(m.operands[0]) << 8 | UInt16(m.operands[1])
            case CECOpcode.giveDevicePowerStatus where m.destination == CECAddress.tv:
                let answer = CECMessage(initiator: CECAddress.tv, destination: m.initiator, opcode: CECOpcode.reportPowerStatus,
                                        operands: [s.power.rawValue])
                return reply == CECOpcode.reportPowerStatus ? answer : nil
            case CECOpcode.givePhysicalAddress where m.destination == CECAddress.tv:
                let answer = CECMessage(initiator: CECAddress.tv, destination: CECAddress.broadcast, opcode: CECOpcode.reportPhysicalAddress,
                                        operands: [0, 0, 0])
                return reply == CECOpcode.reportPhysicalAddress ? answer : nil
            default:
                break  // <Feature Abort> to the asker: no reply
            }
            return nil
        }
    }

    private func settle(_ s: inout State, _ t: Double) {
        guard t >= s.settles else { return }
        switch s.power {
        case .standbyToOn: s.power = .on
        case .onToStandby: s.power = .standby
        default: break
        }
    }
}
