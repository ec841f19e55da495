import PrayerTimes
import UnitModel

/// The snapshot of the unit, built from the core's read API (status, screen input, the
/// board's lines): on the loop's thread, once a second and when something happened.
extension UnitCore {
    /// The whole snapshot at `wall`; the daemon gives the number, its loop figures and the
    /// events it collected.
    public func snapshot(sequence: UInt64, wall: Double, periodic: Bool, loop: StatusReport.Loop?,
                         events: [UnitSnapshot.Numbered]) -> UnitSnapshot {
        let screen = screenInput
        var status = status(wall: wall, screen: screen)
        status.loop = loop
        var (phases, next) = UnitCore.phases(at: wall, screen)
        if status.sound?.playing != nil { phases.insert(.sound) }
        if let d = display?.next { next = min(next ?? d, d) }
        if let m = message, m.until > wall { next = min(next ?? m.until, m.until) }  // it ends on time on every screen
        return UnitSnapshot(sequence: sequence, wall: wall, periodic: periodic, status: status,
                            phases: UnitSnapshot.Phase.allCases.filter(phases.contains), nextChange: next,
                            lines: lineStates, events: events, screen: screen)
    }

    /// The board's outputs as last set, by name (a line never set yet: off).
    public var lineStates: [String: Bool] { indicators.lineStates }

    /// The phases of the screen's spans that hold at `wall` (none while the clock is not
    /// trusted, as on the screen), and the next instant one begins or ends.
    static func phases(at wall: Double, _ input: ScreenInput) -> (Set<UnitSnapshot.Phase>, Double?) {
        guard input.trusted else { return ([], nil) }
        var held = Set<UnitSnapshot.Phase>()
        var next: Double?
        for day in input.days {
            for span in ScreenPhases.spans(for: day, config: input.config) {
                if span.contains(wall), let p = phase(span.kind) { held.insert(p) }
                for t in [span.start, span.end] where t > wall { next = min(next ?? t, t) }
            }
        }
        return (held, next)
    }

    /// The screen's kinds as phases: the iqamah's countdown and its silent last minute are one.
    static func phase(_ kind: ScreenModel.Phase.Kind) -> UnitSnapshot.Phase? {
        switch kind {
        case .normal: nil
        case .reminder: .reminder
        case .adhan: .adhan
        case .iqamah, .silence: .iqamah
        case .prayer: .prayer
        case .after: .after
        case .event: nil  // not a prayer's: the LEDs keep showing the prayers
        case .khutbah: nil  // the screen's alone: the relays keep their adhan and iqamah beneath it
        }
    }
}
