import Compass
import FoundationEssentials
import Glibc
import Geo
import HAL
import Logging
import PrayerTimes
import UnitModel

/// The outputs driven from the device state: LEDs, buzzer, qibla indicator, saved state.
extension UnitCore {
    // MARK: - Outputs

    /// Whether a condition holds now.
    func holds(_ c: StatusCondition) -> Bool {
        switch c {
        case .noPlan: planProblem != nil
        case .sensorFault: (hw.magnetometer?.isLost ?? false) || (hw.accelerometer?.isLost ?? false)
        case .clockUntrusted: !clockTrusted
        case .stateNotPersisted: !store.persisted
        case .compassUncalibrated: hw.magnetometer != nil && calibration == nil
        case .noFix: config.locationSource == .gps && positionSource != .gps
        case .normal: false
        }
    }

    /// Every condition that holds now, the worst first (`allCases` is in that order).
    public var conditions: [StatusCondition] { StatusCondition.allCases.filter(holds) }

    /// The worst condition: what the status LED shows (every tick, so without allocating).
    public var statusCondition: StatusCondition { StatusCondition.allCases.first(where: holds) ?? .normal }

    /// Sets every output for this moment; returns the next time anything must run.
    func drive(mono: Double, wall: Double) -> Double {
        var next = mono + longestPass  // at least once a second: clock steps, trust
        func soon(_ t: Double?) { if let t, t > mono { next = min(next, t) } }
        audio.wakes(mono: mono, wall: wall, coming: plan.nextFileSound(after: wall), soon)
        soon(position.nextTime)

        soon(indicators.identifyPhase(mono: mono))
        let status = statusCondition.playback.state(at: mono)
        indicators.apply(.status, status.on, wall)
        if indicators.isFitted(.status) { soon(status.next) }

        let buzzer = audio.buzzerState(at: mono)
        indicators.apply(.buzzer, buzzer.on, wall)
        soon(buzzer.next)

        // Prayer LEDs: the current prayer lit, the next one blinking in its last minutes.
        indicators.showPrayers(PrayerWindow.at(wall, days: plannedDays.lazy.map(\.schedule)),
                               blinkSeconds: Double(config.nextPrayerBlinkMinutes) * 60, mono: mono, wall: wall, soon)
        driveQibla(wall: wall)
        soon(decideDisplay(wall: wall).map { $0 - (wall - mono) })

        // The next undecided event, and local midnight.
        let offset = wall - mono
        if let e = plan.nextUndecided(after: wall) { soon(e.time - offset) }
        soon(plan.dayEnd - offset)
        return next
    }

    /// The qibla indicator: left, aligned, right, or a ring's LED.
    func driveQibla(wall: Double) {
        let indication = QiblaIndication.from(offset: qiblaOffset, usable: accuracy != .unreliable,
                                              tolerance: config.alignedToleranceDegrees, ringSize: hw.ring.count)
        indicators.showQibla(indication, wall: wall)
    }

    /// Saves the state; a failure is logged when it starts and when it ends (not every save).
    @discardableResult
    func save() -> Bool {
        let was = store.persisted
        do {
            try store.save()
            if !was { logger.notice("state file \(store.path) written again") }
            return true
        } catch {
            if was {
                logger.error("cannot write the state file: \(error); decisions kept in memory\(store.fallbackPath.map { " and in \($0)" } ?? ""), alerts still sound")
            }
            return false
        }
    }
}
