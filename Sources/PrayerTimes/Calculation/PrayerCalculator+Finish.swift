extension PrayerCalculator {
    // MARK: - Adjustments, sunnah times, rounding

    func finish(_ raw: Raw, date: CivilDate) -> DaySchedule {
        let p = parameters
        func adjusted(_ t: Double, _ prayer: Prayer) -> Double {
            t + (p.precautions[prayer] + p.adjustments[prayer]) * 60
        }
        let nightEnd = p.midnight == .jafari ? raw.nextFajr : raw.nextSunrise
        let night = nightEnd - raw.sunset
        // Field by field: no temporary array on this hot path.
        var times = PerPrayer<Double>(repeating: 0)
        times.fajr = round(adjusted(raw.fajr, .fajr))
        times.sunrise = round(adjusted(raw.sunrise, .sunrise))
        times.dhuhr = round(adjusted(raw.dhuhr, .dhuhr))
        times.asr = round(adjusted(raw.asr, .asr))
        times.maghrib = round(adjusted(raw.maghrib, .maghrib))
        times.isha = round(adjusted(raw.isha, .isha))
        let schedule = DaySchedule(
            date: date, times: times,
            imsak: round(adjusted(raw.fajr, .fajr) - p.imsakMinutes * 60),
            midnight: round(raw.sunset + night / 2),
            lastThird: round(raw.sunset + night * 2 / 3),
            resolved: raw.resolved)
        return schedule
    }

    @inline(__always)
    func round(_ t: Double) -> Double {
        switch parameters.rounding {
        // Whole minutes by integer conversion, not libm's floor and ceil (the same for any
        // instant within 2^63 s).
        case .nearest: return Double(floorInt((t + 30) / 60)) * 60
        case .up: return -Double(floorInt(-t / 60)) * 60
        case .none: return t
        }
    }
}
