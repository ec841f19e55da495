import PrayerTimes
import UnitModel

extension Planner {
    /// The next date of each of `[[events]]` within `days` days from `start` (inclusive), its
    /// times planned as that day's (`ScreenInput.Day.planned`: a time after Isha moves with
    /// it), in time order: what the screens count down to beyond the days the loop plans.
    /// Only the dates an event falls on are planned, once a day at the loop's plan.
    public static func upcomingSpecials(from start: CivilDate, days: Int, at place: Coordinates, zone: ZoneRules,
                                        config: SiteConfig, calculator: PrayerCalculator) -> [PlannedEvent] {
        var pending = Set(config.events.map(\.name))
        var out: [PlannedEvent] = []
        for i in 0..<max(0, days) where !pending.isEmpty {
            let date = start.adding(days: i)
            let falling = config.events.filter { pending.contains($0.name) && $0.falls(on: date, hijriOffset: config.hijriOffset) }
            guard !falling.isEmpty else { continue }
            let day = ScreenInput.Day.planned(date, at: place, zone: zone, config: config, calculator: calculator)
            for event in falling {
                pending.remove(event.name)
                out += day.events.filter { $0.kind == .special && $0.name == event.name }
            }
        }
        return out.sorted { $0.time < $1.time }
    }

    /// How far ahead the screens look for the next special event.
    public static let specialsHorizonDays = 60
}
