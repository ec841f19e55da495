import Compass
import Foundation
import Geo
import HAL
import Logging
import PrayerTimes

/// The unit's estimators: clock steps, position, clock trust, the compass.
extension UnitCore {
    // MARK: - Estimators

    func detectClockStep(mono: Double, wall: Double) {
        let offset = wall - mono
        defer { lastOffset = offset }
        guard let last = lastOffset, abs(offset - last) > 1 else { return }
        clockSteps += 1
        logger.warning("wall clock stepped by \(String(format: "%+.1f", offset - last)) s: replanning")
        replanRequested = true
    }

    func readPosition(mono: Double, wall: Double) {
        for event in position.poll(now: mono) {
            switch event {
            case .status(let s):
                gpsStatus = UnitCore.describe(s)
                if positionSource == .gps { positionSource = store.state.lastFix == nil ? .configured : .lastFix }
            case .rejected(let why):
                rejectFix(why)
            case .fix(let f):
                guard UnitState.Fix.isValid(latitude: f.latitude, longitude: f.longitude) else {
                    rejectFix("GNSS fix \(f.latitude), \(f.longitude) is not a position (latitude -90 to 90, longitude -180 to 180)")
                    continue
                }
                gpsStatus = f.mode == .threeD ? "3d-fix" : "2d-fix"
                if let t = f.time, abs(t - wall) <= 2, !clockTrusted {
                    (clockTrusted, clockTrustedBy) = (true, "gps")
                    logger.notice("clock trusted: GPS time agrees within 2 s")
                }
                guard config.locationSource == .gps else { continue }
                positionSource = .gps
                let moved = UnitCore.distanceKm(latitude, longitude, f.latitude, f.longitude)
                latitude = f.latitude
                longitude = f.longitude
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
        rejectedFixes += 1
        if rejectedFixes == 1 || rejectedFixes % 1000 == 0 {
            logger.error("\(why): ignored (\(rejectedFixes) so far)")
        }
    }

    func updateTrust(wall: Double) {
        if !clockTrusted, config.assumeSynchronized {
            (clockTrusted, clockTrustedBy) = (true, "config")
            logger.notice("clock trusted: the configuration says so (assume_synchronized)")
        }
        if !clockTrusted, sync.kernelSynchronized() {
            (clockTrusted, clockTrustedBy) = (true, "kernel")
            logger.notice("clock trusted: the kernel reports it synchronised")
        }
    }

    /// Polls the compass chips when due; returns when they are next due (nil: no compass).
    func updateCompass(mono: Double) -> Double? {
        guard let mag = hw.magnetometer, let acc = hw.accelerometer else { return nil }
        guard mono >= nextCompass else { return nextCompass }
        let period = 1 / config.compassRate
        // The next sample a period on; a pass late by more than that starts afresh from now
        // (not at `mono` itself: the same instant again would read the chips twice).
        nextCompass = nextCompass + period > mono ? nextCompass + period : mono + period
        mag.poll(now: mono)
        acc.poll(now: mono)
        guard mag.isHealthy, acc.isHealthy, let m = mag.latest, let a = acc.latest,
              let mt = mag.latestTime, let at = acc.latestTime, mono - mt < 0.5, mono - at < 0.5 else {
            accuracy = .unreliable
            return nextCompass
        }
        let md = hw.magnetometerMounting.toDevice(Vector3(m.x, m.y, m.z))
        let ad = hw.accelerometerMounting.toDevice(Vector3(a.x, a.y, a.z))
        guard let h = HeadingSolution(accel: ad, mag: calibration?.apply(md) ?? md, pointing: hw.pointing) else {
            accuracy = .unreliable
            return nextCompass
        }
        let smoothed = filter.update(h.trueHeading(declination: field.declination), dt: period)
        heading = smoothed
        qiblaOffset = qiblaBearing.map { Compass.qiblaOffset(qiblaBearing: $0, trueHeading: smoothed) }
        accuracy = HeadingAccuracy.assess(fieldRatio: h.fieldStrength / (field.total / 1000), dipError: h.dip - field.inclination,
                                          gravityRatio: h.accelerationMagnitude / 9.80665, calibrated: calibration != nil)
        return nextCompass
    }
}
