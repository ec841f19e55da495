import Logging
import UnitModel

/// The hall's TV (`[display]`): the power it should have now, from the plan's windows and an
/// override, decided on the loop's thread at each full pass. The display-power output applies
/// it from the snapshot; the core only decides, records and logs each change.
extension UnitCore {
    /// Decides the TV's power at `wall`; returns when it next changes (wall; nil: nothing
    /// planned, or no schedule). A change is a line of `--record` and of the journal; the
    /// first decision after the start is recorded too (what a restart asserts), and nothing
    /// else is replayed.
    func decideDisplay(wall: Double) -> Double? {
        guard config.display.power != .none else {
            display = nil
            return nil
        }
        if let o = store.state.display, wall >= o.until || wall < o.at - 86_400 {
            store.update { $0.display = nil }
            save()
            logger.notice("display: the override (\(o.on ? "on" : "off")) is over; the schedule again")
        }
        let scheduled = DisplaySchedule.state(at: wall, displayWindows, trusted: clockTrusted)
        let override = store.state.display
        let on = override?.on ?? scheduled.on
        let reason: StatusReport.Reason = override != nil ? .override : (clockTrusted && !displayWindows.isEmpty ? .schedule : .unsure)
        // Once a second on the loop's thread: no array for the smaller of two optionals.
        let next = switch (scheduled.next, override?.until) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
        let previous = display
        display = (on, reason, next)
        if previous?.on != on {
            recorder?.display(on: on, reason: previous == nil ? "start" : reason.rawValue, at: wall)
            logger.notice("display: \(on ? "on" : "off") (\(previous == nil ? "at the start" : reason.rawValue))\(next.map { "; next change \(EventRecorder.iso($0, zone: zone, millis: false))" } ?? "")")
        }
        return next
    }

    /// An override from the admin page, a site command or Home Assistant: `on` until the
    /// schedule's next change. Returns the answer.
    func overrideDisplay(_ on: Bool, wall: Double) -> String {
        guard config.display.power != .none else { return "no display power here ([display] power is \"none\")" }
        let next = DisplaySchedule.state(at: wall, displayWindows, trusted: clockTrusted).next ?? wall + 86_400
        store.update { $0.display = DisplayOverride(on: on, at: wall, until: next) }
        save()
        _ = decideDisplay(wall: wall)
        return "display \(on ? "on" : "off") until \(EventRecorder.iso(next, zone: zone, millis: false))"
    }

    /// status.json's `display`: the core's part (the output adds what the TV said).
    var displayStatus: StatusReport.DisplayPower? {
        guard let d = display else { return nil }
        func iso(_ t: Double) -> String { EventRecorder.iso(t, zone: zone, millis: false) }
        return StatusReport.DisplayPower(power: d.on ? .on : .off, reason: d.reason, driver: config.display.power,
                                         next: d.next.map(iso), until: store.state.display.map { iso($0.until) })
    }
}
