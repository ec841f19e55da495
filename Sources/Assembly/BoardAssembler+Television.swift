import Drivers
import HAL
import LinuxHAL
import Service
import Simulation
import Synchronization
import UnitModel

/// The hall's TV (`[display] power` with the board's `[tv]`): one driver, whatever the way.
extension BoardAssembler {
    public struct Television {
        public let driver: any DisplayPowerDriver
        /// The simulated board's TV (nil on a real board).
        public let emulated: EmulatedTelevision?
    }

    /// The driver for `power` ("none": nil). A CEC adapter is opened at the first request, and
    /// again after a failure: a missing `/dev/cecN` is that request's one-line error, and the
    /// unit runs on. `now`: the unit's monotonic clock (the emulated TV's transitions).
    public func television(_ power: DisplayConfig.Power, runtimeDirectory: String, now: @escaping @Sendable () -> Double) -> Television? {
        var emulated: EmulatedTelevision?
        func cec() -> any DisplayPowerDriver {
            switch board.tv {
            case .emulated(let behaviour):
                let tv = EmulatedTelevision(behaviour: behaviour, now: now)
                emulated = tv
                return CECTelevision(adapter: tv)
            case .device(let path):
                return CECTelevision(adapter: OnDemandCECAdapter(name: "\(path) (board \(board.path): [tv] cec)") { () throws(CECError) in
                    try LinuxCECAdapter.open(path: path)
                })
            case .connector(let c):
                return CECTelevision(adapter: OnDemandCECAdapter(name: "\(c) (board \(board.path): [tv] connector)") { () throws(CECError) in
                    try LinuxCECAdapter.find(connector: c)
                })
            case .only:
                return CECTelevision(adapter: OnDemandCECAdapter(name: "/dev/cec*") { () throws(CECError) in try LinuxCECAdapter.find(connector: nil) })
            }
        }
        let driver: any DisplayPowerDriver
        switch power {
        case .none: return nil
        case .cec: driver = cec()
        case .compositor: driver = CompositorPower(runtimeDirectory: runtimeDirectory)
        case .both: driver = CombinedPower(cec: cec(), compositor: CompositorPower(runtimeDirectory: runtimeDirectory))
        }
        return Television(driver: driver, emulated: emulated)
    }
}

/// A CEC adapter opened when first used, and opened again after it failed (the device may come
/// back: a module loaded late, a USB adapter plugged in again).
final class OnDemandCECAdapter: CECAdapter, @unchecked Sendable {
    // @unchecked: `adapter` is under its lock.
    let name: String
    private let open: @Sendable () throws(CECError) -> any CECAdapter
    private let adapter = Mutex<(any CECAdapter)?>(nil)

    init(name: String, open: @escaping @Sendable () throws(CECError) -> any CECAdapter) { (self.name, self.open) = (name, open) }

    private func use<T>(_ body: (any CECAdapter) throws(CECError) -> T) throws(CECError) -> T {
        try adapter.withLock { a throws(CECError) -> T in
            let current: any CECAdapter
            if let a { current = a } else { current = try open(); a = current }
            do throws(CECError) { return try body(current) } catch {
                if error.kind != .notAcknowledged { a = nil }
                throw error
            }
        }
    }

    func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16) {
        try use { a throws(CECError) in try a.claimPlayback(osdName: osdName) }
    }

    func transmit(_ message: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage? {
        try use { a throws(CECError) in try a.transmit(message, reply: reply, timeout: timeout) }
    }
}
