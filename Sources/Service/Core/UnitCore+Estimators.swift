import Compass
import FoundationEssentials
import Glibc
import Platform
import UnitModel
import Geo
import HAL
import Logging
import PrayerTimes

/// The unit's estimators: clock steps, position, clock trust, the compass.
extension UnitCore {
    // MARK: - Estimators

    func detectClockStep(mono: Double, wall: Double) {
        guard let step = trust.step(mono: mono, wall: wall) else { return }
        logger.warning("wall clock stepped by \(cFormat("%+.1f", step)) s: replanning")
        replanRequested = true
    }

    func readPosition(mono: Double, wall: Double) {
        for event in position.poll(now: mono) {
            switch event {
            case .status(let s):
                place.status(s, hasStoredFix: store.state.lastFix != nil)
            case .rejected(let why):
                rejectFix(why)
            case .fix(let f):
                guard UnitState.Fix.isValid(latitude: f.latitude, longitude: f.longitude) else {
                    rejectFix("GNSS fix \(f.latitude), \(f.longitude) is not a position (latitude -90 to 90, longitude -180 to 180)")
                    continue
                }
                if ClockTrust.agrees(fixTime: f.time, wall: wall), trust.trust(.gps) {
                    logger.notice("clock trusted: GPS time agrees within 2 s")
                }
                guard let moved = place.fix(f, follow: config.locationSource == .gps) else { continue }
                if moved > config.replanDistanceKm || store.state.lastFix == nil {
                    store.update { $0.lastFix = UnitState.Fix(latitude: f.latitude, longitude: f.longitude, time: wall) }
                    save()
                }
                if moved > config.replanDistanceKm { replanRequested = true }
            }
        }
    }

    /// A position refused by the source or here: counted, logged the first time and every
    /// 1000th after (a lying receiver repeats itself every second).
    func rejectFix(_ why: String) {
        if place.reject() { logger.error("\(why): ignored (\(rejectedFixes) so far)") }
    }

    func updateTrust(wall: Double) {
        if !trust.trusted, config.assumeSynchronized, trust.trust(.config) {
            logger.notice("clock trusted: the configuration says so (assume_synchronized)")
        }
        if !trust.trusted, sync.kernelSynchronized(), trust.trust(.kernel) {
            logger.notice("clock trusted: the kernel reports it synchronised")
        }
    }

    /// Polls the compass chips when due; returns when they are next due (nil: no compass).
    /// While the unit stands still the chips are read every `stillCompassPeriod` (when the
    /// configured rate is faster), and at the full rate again from the first reading that moved.
    func updateCompass(mono: Double) -> Double? {
        guard let mag = hw.magnetometer, let acc = hw.accelerometer else { return nil }
        guard mono >= nextCompass else { return nextCompass }
        let dt = compassInterval ?? 1 / config.compassRate  // since the reading before, as it was planned
        mag.poll(now: mono)
        acc.poll(now: mono)
        if mag.isHealthy, acc.isHealthy, let m = mag.latest, let a = acc.latest,
           let mt = mag.latestTime, let at = acc.latestTime, mono - mt < 0.5, mono - at < 0.5 {
            compass.update(accel: hw.accelerometerMounting.toDevice(Vector3(a.x, a.y, a.z)),
                           mag: hw.magnetometerMounting.toDevice(Vector3(m.x, m.y, m.z)), dt: dt)
            if let h = compass.sampleHeading { stillness.add(h, dt: dt) } else { stillness.reset() }
        } else {
            compass.noSample()
            stillness.reset()
        }
        let full = 1 / config.compassRate
        let period = stillness.isStill ? max(full, UnitCore.stillCompassPeriod) : full
        compassInterval = period
        // The next sample a period on; a pass late by more than that starts afresh from now
        // (not at `mono` itself: the same instant again would read the chips twice).
        nextCompass = nextCompass + period > mono ? nextCompass + period : mono + period
        return nextCompass
    }

    /// Seconds between the compass's readings while the unit stands still: a turn shows on
    /// the qibla indicator at the next reading, so within this and a pass (under 200 ms).
    static let stillCompassPeriod = 0.125
}
