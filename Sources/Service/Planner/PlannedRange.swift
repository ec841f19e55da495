import PrayerTimes
import UnitModel

extension ScreenInput {
    /// Consecutive local days from `start`, planned as the loop plans them (`Day.planned`: the
    /// method's or the timetable's times, iqamah, Jumu'ah and the configured events) at the
    /// unit's position, or at its JAKIM zone's points. Nil: no place to compute times for.
    /// What the times API, the printable month and the calendar feed serve.
    public func plannedDays(from start: CivilDate, count: Int) -> [Day]? {
        guard let place = config.parameters.place(unit: position) else { return nil }
        let calculator = PrayerCalculator(parameters: config.parameters)
        return (0..<max(0, count)).map {
            Day.planned(start.adding(days: $0), at: place, zone: zone, config: config, calculator: calculator)
        }
    }
}
