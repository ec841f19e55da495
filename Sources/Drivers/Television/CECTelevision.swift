import HAL
import Synchronization

/// The TV over HDMI-CEC, as a playback device: on is <Image View On> to the TV then <Active
/// Source> with our physical address (broadcast), so the TV leaves standby on our input; off
/// is <Standby> to the TV; its power is <Give Device Power Status>, answered by <Report Power
/// Status>. The logical address is claimed at the first request (and again after a failure:
/// the TV may have been off the bus, or the cable out, when the unit started).
public final class CECTelevision: DisplayPowerDriver, @unchecked Sendable {
    // @unchecked: `claimed` is under its lock; the adapter is called only with it held.
    private let adapter: any CECAdapter
    private let osdName: String
    /// How long a question waits for the TV's answer (CEC 1.4 gives a follower 1 s).
    public let timeout: Double
    private let claimed = Mutex<(logical: UInt8, physical: UInt16)?>(nil)

    public init(adapter: any CECAdapter, osdName: String = "Mihrab", timeout: Double = 1) {
        (self.adapter, self.osdName, self.timeout) = (adapter, osdName, timeout)
    }

    public var name: String { "cec \(adapter.name)" }

    public func set(_ on: Bool) throws(DisplayPowerError) {
        try claimed.withLock { c throws(DisplayPowerError) in
            let me = try claim(&c)
            do throws(CECError) {
                if on {
                    _ = try adapter.transmit(CECMessage(initiator: me.logical, destination: CECAddress.tv, opcode: CECOpcode.imageViewOn),
                                             reply: nil, timeout: timeout)
                    // Without a physical address (no hot plug yet) the TV cannot be told which input.
                    if me.physical != 0xFFFF {
                        _ = try adapter.transmit(CECMessage(initiator: me.logical, destination: CECAddress.broadcast, opcode: CECOpcode.activeSource,
                                                            operands: [UInt8(me.physical >> 8), UInt8(me.physical & 0xFF)]), reply: nil, timeout: timeout)
                    }
                } else {
                    _ = try adapter.transmit(CECMessage(initiator: me.logical, destination: CECAddress.tv, opcode: CECOpcode.standby),
                                             reply: nil, timeout: timeout)
                }
            } catch {
                c = nil
                throw DisplayPowerError(driver: name, reason: error.kind == .notAcknowledged
                                        ? "the TV did not acknowledge \(on ? "<Image View On>" : "<Standby>") (is it on the HDMI port the board names, and is its CEC on?)"
                                        : error.reason)
            }
        }
    }

    public func ask() throws(DisplayPowerError) -> TVPowerReport? {
        try claimed.withLock { c throws(DisplayPowerError) -> TVPowerReport? in
            let me = try claim(&c)
            let reply: CECMessage?
            do throws(CECError) {
                reply = try adapter.transmit(CECMessage(initiator: me.logical, destination: CECAddress.tv, opcode: CECOpcode.giveDevicePowerStatus),
                                             reply: CECOpcode.reportPowerStatus, timeout: timeout)
            } catch {
                if error.kind == .notAcknowledged { return .noAnswer }
                c = nil
                throw DisplayPowerError(driver: name, reason: error.reason)
            }
            guard let reply, reply.opcode == CECOpcode.reportPowerStatus, let status = reply.operands.first.flatMap(CECOpcode.PowerStatus.init) else {
                return .noAnswer
            }
            return switch status {
            case .on: .on
            case .standby: .standby
            case .standbyToOn: .turningOn
            case .onToStandby: .turningOff
            }
        }
    }

    private func claim(_ c: inout (logical: UInt8, physical: UInt16)?) throws(DisplayPowerError) -> (logical: UInt8, physical: UInt16) {
        if let c { return c }
        do throws(CECError) {
            let got = try adapter.claimPlayback(osdName: osdName)
            c = got
            return got
        } catch {
            throw DisplayPowerError(driver: name, reason: error.reason)
        }
    }
}
