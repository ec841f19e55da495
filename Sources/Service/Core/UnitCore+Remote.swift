import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Logging
import HAL
import UnitModel

extension UnitCore {
    /// A command from the network, on the loop's thread (reload is the daemon's). Returns the answer.
    public func perform(_ command: RemoteCommand) -> String {
        let mono = clock.monotonicNow()
        switch command {
        case .stop:
            audio.stop(mono: mono)
            return "stopped"
        case .testSound:
            return audio.playTest(mono: mono) ? "playing the adhan sound for \(Int(SoundController.testSeconds)) s"
                : "the adhan sound for \(Int(SoundController.testSeconds)) s once the sound playing now has ended"
        case .identify:
            indicators.identify(from: mono)
            logger.notice("identify: every LED blinks for \(Int(Indicators.identifySeconds)) s")
            return "blinking every LED for \(Int(Indicators.identifySeconds)) s"
        case .reload:
            return "reloading"
        case .displayOn, .displayOff:
            return overrideDisplay(command == .displayOn, wall: clock.wallNow())
        }
    }

    /// The stop button: each press told to the network (the controller stops the sound).
    func readButton(mono: Double, wall: Double) {
        for at in audio.readButton(mono: mono, wall: wall) {
            onEvent?(UnitEvent(type: .stopPressed, at: EventRecorder.iso(at, zone: zone, millis: false)))
        }
        if audio.takeResetDue() { resetSetup() }
    }

    /// The stop button held 10 s as the unit started: the admin password is removed, and the
    /// admin page's side sees setup mode within seconds (its screens show a new code). The
    /// config, the site settings and the record of what has sounded are kept.
    func resetSetup() {
        let path = config.admin.passwordFile(state: store.directory)
        if unlink(path) == 0 || errno == ENOENT {
            logger.notice("setup reset: the stop button was held \(Int(SoundController.resetHold)) s as the unit started: the admin password (\(path)) is removed; setup mode, the config and the record of what has sounded kept")
        } else {
            logger.error("setup reset: the stop button was held as the unit started, but \(path) could not be removed: \(String(cString: strerror(errno)))")
        }
    }

    /// An event fired or missed, to the network.
    func tell(_ e: PlannedEvent, action: AlertDecision.Action, wall: Double) {
        guard let onEvent else { return }
        onEvent(UnitEvent(type: action == .fire ? UnitEvent.Kind(e.kind) : .missed, prayer: e.prayer.rawValue,
                          scheduled: EventRecorder.iso(e.time, zone: zone, millis: false),
                          at: EventRecorder.iso(wall, zone: zone, millis: false),
                          message: action == .fire ? nil : "\(e.name ?? e.kind.rawValue) missed", name: e.name))
    }
}
