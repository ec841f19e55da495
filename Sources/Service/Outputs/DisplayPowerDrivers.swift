import FoundationEssentials
import Glibc
import HAL

/// `[display] power = "compositor"`: the wanted power written for the kiosk, which applies it
/// with its compositor's DPMS (board/kiosk/mihrab-kiosk runs `wlopm` inside cage): the file
/// `display-power` in the runtime directory, "on\n" or "off\n", replaced whole. The kiosk reads
/// it at its start, so a restarted kiosk finds the state that holds. It cannot ask the TV.
public final class CompositorPower: DisplayPowerDriver, @unchecked Sendable {
    // @unchecked: immutable.
    public let path: String
    public init(runtimeDirectory: String) { path = runtimeDirectory + "/display-power" }

    public var name: String { "compositor (\(path))" }

    public func set(_ on: Bool) throws(DisplayPowerError) {
        do {
            try writeAtomically(Data((on ? "on\n" : "off\n").utf8), to: path, durable: false)
        } catch {
            throw DisplayPowerError(driver: name, reason: "\(error)")
        }
    }

    public func ask() throws(DisplayPowerError) -> TVPowerReport? { nil }

    /// At a start whose way is not the compositor's: a file left from before (the runtime
    /// directory survives a restart) would hold the kiosk's screen off. Removed; the kiosk
    /// takes no file as on.
    public static func forget(runtimeDirectory: String) {
        unlink(runtimeDirectory + "/display-power")
    }
}

/// `[display] power = "both"`: CEC and the compositor, for TVs that ignore CEC's standby. Each
/// is asked whatever the other did; a failure of either is reported (the other's request was
/// made all the same). The TV's answer is CEC's.
public final class CombinedPower: DisplayPowerDriver, @unchecked Sendable {
    // @unchecked: immutable.
    public let cec: any DisplayPowerDriver
    public let compositor: any DisplayPowerDriver
    public init(cec: any DisplayPowerDriver, compositor: any DisplayPowerDriver) { (self.cec, self.compositor) = (cec, compositor) }

    public var name: String { "\(cec.name) and \(compositor.name)" }

    public func set(_ on: Bool) throws(DisplayPowerError) {
        var failures: [DisplayPowerError] = []
        for d in [cec, compositor] {
            do throws(DisplayPowerError) { try d.set(on) } catch { failures.append(error) }
        }
        guard !failures.isEmpty else { return }
        let made = failures.count == 1 ? " (the other way's request was made)" : ""
        throw DisplayPowerError(driver: name, reason: failures.map(\.description).joined(separator: "; ") + made)
    }

    public func ask() throws(DisplayPowerError) -> TVPowerReport? { try cec.ask() }
}
