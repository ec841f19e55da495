import Compass
import HAL
import PrayerTimes
import UnitModel

extension UnitCore {
    /// The next planned prayer's event after a time (adhan, iqamah, reminder, sunrise):
    /// `PlannedEvent.next`, the one answer every output asks.
    public func nextEvent(after wall: Double) -> PlannedEvent? { PlannedEvent.next(after: wall, in: events, kinds: PlannedEvent.statusKinds) }

    /// `screen`: the screen's input when the caller has built it already (the snapshot).
    public func status(wall: Double, screen given: ScreenInput? = nil) -> StatusReport {
        func iso(_ t: Double) -> String { EventRecorder.iso(t, zone: zone, millis: false) }
        func finite(_ v: Double?, _ places: Double) -> Double? { v.flatMap { $0.isFinite ? ($0 * places).rounded() / places : nil } }
        func sensor(_ c: (any VectorSensorChannel)?) -> StatusReport.SensorState {
            guard let c else { return .absent }
            return c.isHealthy ? .ok : (c.isLost ? .lost : .failing)
        }
        var times: [String: String]?
        if let s = today {
            times = Dictionary(uniqueKeysWithValues: Prayer.allCases.map { ($0.rawValue, iso(s[$0])) })
            times?["imsak"] = iso(s.imsak)
            times?["midnight"] = iso(s.midnight)
        }
        let screen = given ?? screenInput
        var report = StatusReport(
            time: iso(wall), date: today.map { "\($0.date)" },
            hijri: today.map { "\(HijriCalendar.date(for: $0.date, offset: config.hijriOffset))" }, times: times,
            iqamah: today.map { day in
                Dictionary(events.filter { $0.kind == .iqamah && $0.date == day.date && $0.index == 0 }.map { ($0.prayer.rawValue, iso($0.time)) }) { a, _ in a }
            },
            next: nextEvent(after: wall).map { .init(event: $0.kind.rawValue, prayer: $0.prayer.rawValue, at: iso($0.time),
                                                     inSeconds: Int($0.time - wall)) },
            position: .init(latitude: finite(latitude, 1e5), longitude: finite(longitude, 1e5), source: positionSource,
                            jakimZone: config.jakimZone),
            heading: finite(heading, 10), qiblaOffset: finite(qiblaOffset, 10), compass: accuracy,
            clock: .init(trusted: clockTrusted, steps: clockSteps, source: clockTrustedBy), status: statusCondition, problem: planProblem,
            gps: gpsStatus,
            sensors: .init(magnetometer: sensor(hw.magnetometer), accelerometer: sensor(hw.accelerometer),
                           errors: (hw.magnetometer?.errorCount ?? 0) + (hw.accelerometer?.errorCount ?? 0)),
            state: .init(persisted: store.persisted, problem: store.saveFailure),
            sound: .init(device: hw.sound?.deviceName ?? "none", available: hw.sound?.isAvailable ?? false,
                         playing: audio.playing.map(\.id),
                         problems: config.sound.problems + (hw.button?.problem.map { ["stop button: \($0)"] } ?? [])),
            counters: .init(fired: fired, missed: missed, gpioErrors: gpioErrors, rejectedFixes: rejectedFixes))
        // What the screen shows, from the screen's own functions over the same input.
        report.special = ScreenModel.special(at: wall, screen)
        report.fast = ScreenModel.fast(at: wall, screen)
        // (The whole model only while there is a message: whether it is a banner is the phase's.)
        report.message = screen.message == nil ? nil : ScreenModel.at(wall, screen).message
        report.display = displayStatus
        return report
    }

}
