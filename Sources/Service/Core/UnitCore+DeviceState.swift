import Compass
import FoundationEssentials
import Glibc
import Platform
import Geo
import HAL
import Logging
import PrayerTimes
import UnitModel

/// The device state: today's plan and the alerts it decides.
extension UnitCore {
    // MARK: - Device state

    func replan(wall: Double) {
        replanRequested = false
        let date = LocalTime(unix: wall, zone: zone).date
        let start = LocalMinute.instant(date, minute: 0, zone: zone), end = LocalMinute.instant(date.adding(days: 1), minute: 0, zone: zone)
        compass.field = UnitCore.field(latitude, longitude, wall)
        compass.qiblaBearing = (try? Qibla(latitude: latitude, longitude: longitude))?.bearing
        // A zone's times come from the zone's own points: they need no position of the unit's.
        guard let at = config.parameters.place(unit: Coordinates(latitude: latitude, longitude: longitude, elevation: config.elevation)) else {
            let problem = "no prayer times for the position \(latitude), \(longitude) (\(positionSource.rawValue)): nothing will sound"
            if problem != planProblem { logger.critical("\(problem)") }
            planProblem = problem
            plan.plan([], start: start, end: end, isDecided: { _ in false }, playsFile: { _ in false })
            displayWindows = []
            return
        }
        planProblem = nil
        let calc = PrayerCalculator(parameters: config.parameters)
        let days = (-1...1).map {
            ScreenInput.Day.planned(date.adding(days: $0), at: at, zone: zone, config: config, calculator: calc)
        }
        let decided = store.state.events
        plan.plan(days, start: start, end: end, isDecided: { decided[$0.id] != nil }, playsFile: audio.playsFile)
        plan.specials = config.events.isEmpty ? [] : Planner.upcomingSpecials(from: date, days: Planner.specialsHorizonDays, at: at, zone: zone,
                                                                               config: config, calculator: calc)
        noteTimetableFallback()
        displayWindows = DisplaySchedule.windows(days, config: config)
        let trusted = clockTrusted
        store.update { $0.prune(now: wall, trusted: trusted) }
        let place = config.jakimZone.map { "JAKIM \($0)'s points" } ?? cFormat("%.4f, %.4f", latitude, longitude)
        logger.info("planned \(events.count) events for \(date) at \(place)")
    }

    func describeTimetable() {
        guard let t = config.timetable else { return }
        logger.notice("timetable \(t.file): \(t.days.count) days \(t.range), \(t.clock.rawValue) clock times; other days computed (\(config.parameters.method.rawValue))")
    }

    /// Logs, once per table, a planned day (today or tomorrow) that the timetable does not cover.
    func noteTimetableFallback() {
        guard let t = config.timetable,
              let outside = plannedDays.dropFirst().first(where: { $0.source == .method }) else { return }
        let key = "\(t.file) \(t.range)"
        guard timetableFallbackLogged != key else { return }
        timetableFallbackLogged = key
        logger.warning("\(outside.date) is outside the timetable \(t.file) (\(t.range)): its times are computed with the \(config.parameters.method.rawValue) method")
    }

    func alert(mono: Double, wall: Double) {
        let decisions = plan.decide(now: wall, trusted: clockTrusted, grace: config.graceSeconds)
        guard !decisions.isEmpty else { return }
        // Write-ahead: remembered before it sounds, so a power cut mid-adhan does not replay it.
        store.update { s in
            for d in decisions { s.events[d.event.id] = .init(state: d.action.outcome, at: wall) }
        }
        save()
        for d in decisions {
            recorder?.event(d.event, action: d.action, at: wall)
            tell(d.event, action: d.action, wall: wall)
            switch d.action {
            case .fire:
                fired += 1
                logger.notice("\(d.event.label)\(d.event.muted ? " (quiet period: silent)" : "")")
                audio.sound(d.event, mono: mono)
            case .miss:
                missed += 1
                logger.warning("missed \(d.event.label) scheduled \(EventRecorder.iso(d.event.time, zone: zone, millis: false)): more than the grace period passed before it could sound (unit off, clock not trusted, or stepped past it)")
            }
        }
    }
}
