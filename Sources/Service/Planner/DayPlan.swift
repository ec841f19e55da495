import PrayerTimes
import UnitModel

/// The days planned (yesterday, today, tomorrow), their events in time order, and which of
/// them are decided: `decide(now, trusted)` gives the events whose time has come, each once.
struct DayPlan {
    /// Yesterday, today and tomorrow as planned: what the screens show (empty: no plan).
    private(set) var days: [ScreenInput.Day] = []
    private(set) var events: [PlannedEvent] = []
    /// Parallel to `events`: already decided (fired or missed), from the state file or here.
    private(set) var decided: [Bool] = []
    /// Parallel to `events`: sounds a file through the speaker (what the speaker warms up for);
    /// worked out once per plan rather than every pass (the sound settings are looked up by name).
    private(set) var playsFile: [Bool] = []
    /// The planned date's local midnights (wall): outside them, it is another day.
    private(set) var dayStart = Double.infinity, dayEnd = -Double.infinity
    /// The next time of each special event from the planned date on (`Planner.upcomingSpecials`).
    var specials: [PlannedEvent] = []

    /// Today's times (nil: no plan).
    var today: DaySchedule? { days.count == 3 ? days[1].schedule : nil }

    /// Whether `wall` is outside the planned date (or nothing is planned yet).
    func isOver(_ wall: Double) -> Bool { wall < dayStart || wall >= dayEnd }

    /// A new plan for the date between `start` and `end`; `days` empty: nothing can be planned.
    mutating func plan(_ days: [ScreenInput.Day], start: Double, end: Double, isDecided: (PlannedEvent) -> Bool,
                       playsFile: (PlannedEvent) -> Bool) {
        (dayStart, dayEnd) = (start, end)
        self.days = days
        specials = []
        events = days.flatMap(\.events).sorted { $0.time < $1.time }
        decided = events.map(isDecided)
        self.playsFile = events.map(playsFile)
    }

    /// The events whose time has come and are not decided yet, each decided now (once).
    mutating func decide(now wall: Double, trusted: Bool, grace: Double) -> [AlertDecision] {
        var decisions: [AlertDecision] = []
        for i in events.indices where !decided[i] && events[i].time <= wall {
            guard let action = AlertEngine.action(for: events[i], wallNow: wall, trusted: trusted, grace: grace) else { continue }
            decided[i] = true
            decisions.append(AlertDecision(event: events[i], action: action))
        }
        return decisions
    }

    /// The first undecided event after `wall` (what the loop next wakes for).
    func nextUndecided(after wall: Double) -> PlannedEvent? {
        events.indices.first { !decided[$0] && events[$0].time > wall }.map { events[$0] }
    }

    /// The first undecided event after `wall` that plays a file (what the speaker warms up for).
    func nextFileSound(after wall: Double) -> PlannedEvent? {
        events.indices.first { !decided[$0] && events[$0].time > wall && playsFile[$0] }.map { events[$0] }
    }
}
