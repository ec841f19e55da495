#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Polar day and polar night: when the sun neither rises nor sets (or never goes deep enough
/// for a twilight), the times borrowed from the nearest latitude or day that has them.
extension PrayerCalculator {
    func polarTimes(date: CivilDate, coordinates: Coordinates, noon: Double, ramadan: Bool) -> Raw {
        let sun = SolarDay(latitude: coordinates.latitude, longitude: coordinates.longitude, around: noon)
        let noonSun = sun.transit(near: noon)
        let transit = noonSun.t
        var proxy: Raw?
        var source = TimeSource.nearestLatitude
        switch parameters.polarRule {
        case .nearestLatitude:
            proxy = nearestLatitudeTimes(date: date, coordinates: coordinates, noon: noon, transit: noonSun,
                                         sun: sun, ramadan: ramadan)
        case .nearestDay:
            source = .nearestDay
            proxy = nearestDayTimes(date: date, coordinates: coordinates, noon: noon, ramadan: ramadan)
            if proxy == nil {  // cannot happen below 90 degrees; keep the promise anyway
                source = .nearestLatitude
                proxy = nearestLatitudeTimes(date: date, coordinates: coordinates, noon: noon, transit: noonSun,
                                             sun: sun, ramadan: ramadan)
            }
        }
        // At |latitude| <= 89.9 a latitude with a sunrise always exists; this is the last resort.
        var raw = proxy ?? Raw(fajr: transit - 5 * 3600, sunrise: transit - 4 * 3600, dhuhr: transit,
                               asr: transit + 2 * 3600, maghrib: transit + 4 * 3600, isha: transit + 5 * 3600,
                               sunset: transit + 4 * 3600, nextSunrise: transit + 20 * 3600,
                               nextFajr: transit + 19 * 3600, nightBefore: 16 * 3600, nightAfter: 16 * 3600,
                               latitude: coordinates.latitude, day: date.daysSinceEpoch)
        // Dhuhr is always in the sky: the transit here.
        raw.dhuhr = transit
        for prayer in [Prayer.fajr, .sunrise, .asr, .maghrib, .isha] { raw.resolved[prayer] = source }
        return raw
    }

    func nearestLatitudeTimes(date: CivilDate, coordinates: Coordinates, noon: Double,
                                      transit: SolarDay.Position, sun: SolarDay, ramadan: Bool) -> Raw? {
        let dec = abs(transit.declination)
        let polarDay = sun.noonAltitude(transit: transit).sin > 0
        // The edge of polar day: |lat| = 90 - |dec| + h0; of polar night: 90 - |dec| - h0.
        let edge = polarDay ? 90 - dec + PrayerCalculator.sunAltitude : 90 - dec - PrayerCalculator.sunAltitude
        var latitude = edge - PrayerCalculator.polarMargin
        while latitude > 0 {
            let signed = coordinates.latitude < 0 ? -latitude : latitude
            if let raw = usableTimes(date: date, latitude: signed, coordinates: coordinates, noon: noon,
                                     ramadan: ramadan) {
                return raw
            }
            latitude -= 0.5
        }
        return nil
    }

    func nearestDayTimes(date: CivilDate, coordinates: Coordinates, noon: Double, ramadan: Bool) -> Raw? {
        for k in 1...366 {
            for step in [-k, k] {
                let t = noon + Double(step) * 86_400
                let day = date.adding(days: step)
                guard var raw = usableTimes(date: day, latitude: coordinates.latitude, coordinates: coordinates,
                                            noon: t, ramadan: ramadan) else { continue }
                // The same times relative to solar noon: aligned on today's transit.
                let transit = SolarDay(latitude: coordinates.latitude, longitude: coordinates.longitude, around: noon)
                    .transit(near: noon).t
                let shift = transit - raw.dhuhr
                raw.fajr += shift; raw.sunrise += shift; raw.dhuhr += shift; raw.asr += shift
                raw.maghrib += shift; raw.isha += shift; raw.sunset += shift
                raw.nextSunrise += shift; raw.nextFajr += shift
                return raw
            }
        }
        return nil
    }
}
