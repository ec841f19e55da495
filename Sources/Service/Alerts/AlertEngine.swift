import UnitModel

/// What to do with an event whose time has come.
public struct AlertDecision: Sendable, Equatable {
    public enum Action: String, Sendable { case fire, miss }
    public let event: PlannedEvent
    public let action: Action
}

/// Exactly once, through anything: every event is decided once, from what the state file
/// remembers. Held while the wall clock is not trusted; an event whose time passed more
/// than the grace period ago is missed (logged), never played late; a clock stepped back
/// never replays an event (it is remembered). Events more than `horizon` old are not
/// judged at all: a unit switched on after a day off does not log yesterday as missed.
public enum AlertEngine {
    public static let horizon = 6.0 * 3600

    public static func action(for e: PlannedEvent, wallNow: Double, trusted: Bool, grace: Double) -> AlertDecision.Action? {
        guard trusted, e.time <= wallNow, wallNow - e.time <= horizon else { return nil }
        return wallNow - e.time <= grace ? .fire : .miss
    }
}
