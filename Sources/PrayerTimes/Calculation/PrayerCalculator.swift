#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Computes a day's prayer times. A pure function of its inputs.
public struct PrayerCalculator: Sendable {
    public var parameters: CalculationParameters {
        didSet { aims = FixedAims(parameters) }
    }
    /// The Sun's fixed altitudes of the parameters as the searches aim at them (their sines
    /// and cosines), worked out once for every day rather than each day.
    private var aims: FixedAims

    /// Latitude steps back from the edge of polar day or night for the nearest-latitude
    /// polar rule: right at the edge the night lasts no time at all.
    static let polarMargin = 1.0
    /// The Sun's altitude at sunrise and sunset of most methods (CalculationParameters.horizon).
    public static let sunAltitude = -0.833

    public init(parameters: CalculationParameters) {
        self.parameters = parameters
        aims = FixedAims(parameters)
    }


    /// The times of the civil `date` at `coordinates`. `utcOffset` is the zone's offset
    /// (seconds) around that date's noon; it only picks which solar day is that date's.
    /// `ramadan` selects the Ramadan Isha interval of methods that have one.
    public func schedule(for date: CivilDate, at coordinates: Coordinates, utcOffset: Int,
                         ramadan: Bool = false) -> DaySchedule {
        if var points = parameters.referencePoints {
            if !parameters.pointSeasons.isEmpty { points = PointSeason.points(points, on: date, parameters.pointSeasons) }
            if let derived = parameters.derivedFrom {
                return derivedSchedule(for: date, points: points, derived: derived, utcOffset: utcOffset, ramadan: ramadan)
            }
            return schedule(for: date, points: points, utcOffset: utcOffset, ramadan: ramadan)
        }
        let noon = solarNoonGuess(date: date, longitude: coordinates.longitude, utcOffset: utcOffset)
        if let raw = usableTimes(date: date, latitude: coordinates.latitude, coordinates: coordinates,
                                 noon: noon, ramadan: ramadan) {
            return finish(raw, date: date)
        }
        return finish(polarTimes(date: date, coordinates: coordinates, noon: noon, ramadan: ramadan), date: date)
    }

    /// The unix instant of the date's solar noon, roughly: 12:00 UTC shifted by the
    /// longitude, moved by whole days until it falls on `date` in local time.
    func solarNoonGuess(date: CivilDate, longitude: Double, utcOffset: Int) -> Double {
        Self.solarNoonGuess(date: date, longitude: longitude, utcOffset: utcOffset)
    }

    /// `solarNoonGuess` for callers without a calculator (`ForbiddenTimes`).
    static func solarNoonGuess(date: CivilDate, longitude: Double, utcOffset: Int) -> Double {
        var t = date.unixMidnight + 43_200 - longitude / 15 * 3600
        // The local date's day count, as civilDateTime finds it, without the date itself.
        let localDays = floorInt((t + Double(utcOffset)) / 86_400)
        t += Double(date.daysSinceEpoch - localDays) * 86_400
        return t
    }

    // MARK: - The sky

    /// Unadjusted, unrounded times, with each rule's source. Nil when there is no
    /// sunrise or no sunset at this latitude on this day.
    struct Raw {
        var fajr, sunrise, dhuhr, asr, maghrib, isha: Double
        var sunset: Double
        var nextSunrise: Double
        var nextFajr: Double
        /// NaN when not needed (rawTimes' exactNightBefore).
        var nightBefore: Double
        var nightAfter: Double
        var resolved = Resolutions()
        var latitude: Double
        /// The civil date's day count (its day of the year for the seasonal rule, read only
        /// there; a count, not the date, keeps Raw small enough to be copied in registers).
        var day: Int
    }

    /// `exactNightBefore`: false when the caller reads `nightBefore` only through Fajr's bound
    /// here (the day's own schedule without the seasonal rule); then yesterday's sunset is not
    /// searched for when Fajr's angle time is certainly within the bound (`nightBefore` NaN).
    func rawTimes(date: CivilDate, latitude: Double, coordinates: Coordinates, noon: Double,
                  ramadan: Bool, exactNightBefore: Bool = true) -> Raw? {
        let p = parameters
        let sun = SolarDay(latitude: latitude, longitude: coordinates.longitude, around: noon)
        let horizonAim = coordinates.elevation > 0
            ? SolarDay.Aim(altitude: p.horizon - 0.0347 * coordinates.elevation.squareRoot()) : aims.horizon
        let noonSun = sun.transit(near: noon)
        let transit = noonSun.t
        guard let sunrise = sun.time(of: horizonAim, transit: transit, from: noonSun, after: false),
              let sunset = sun.time(of: horizonAim, transit: transit, from: noonSun, after: true) else { return nil }

        // Yesterday's and tomorrow's transits only seed the searches for their events:
        // a day either side is close enough (the events are found by their own iteration).
        let prevTransit = transit - 86_400
        let nextTransit = transit + 86_400
        let nextSun = sun.position(at: nextTransit)
        let nextSunrise = sun.time(of: horizonAim, transit: nextTransit, from: nextSun, after: false) ?? sunrise + 86_400
        let nightAfter = nextSunrise - sunset
        let portions = nightPortions(date: date, latitude: latitude, coordinates: coordinates, noon: noon)

        // Fajr, today's and tomorrow's (for a Ja'fari midnight).
        var resolved = Resolutions()
        let fajrAim = aims.fajr
        let fajrAngleTime = sun.time(of: fajrAim, transit: transit, from: noonSun, after: false)
        // The night before: from yesterday's sunset, which below 60 degrees moves by minutes a
        // day, never half an hour. When Fajr's angle time is within the rule's bound for a night
        // half an hour shorter than today's sunset a day back gives, it is within it for the real
        // night too (`bounded` keeps it), and yesterday's sunset is not searched for.
        let nightBefore: Double
        if !exactNightBefore, !p.seasonalTwilight, let t = fajrAngleTime,
           p.highLatitudeRuleOnlyWhenAngleFails
            || portions.fajr.map({ abs(latitude) < 60 && sunrise - t <= $0.0 * (sunrise - sunset + 86_400 - 1_800) }) ?? true {
            nightBefore = .nan
        } else {
            let prevSunset = sun.time(of: horizonAim, transit: prevTransit, from: sun.position(at: prevTransit), after: true)
                ?? sunset - 86_400
            nightBefore = sunrise - prevSunset
        }
        let (fajr, fajrSource) = bounded(fajrAngleTime, edge: sunrise, night: nightBefore, portion: portions.fajr, before: true)
        resolved[.fajr] = fajrSource
        // Tomorrow's Fajr is only needed for a night that ends at Fajr (Ja'fari midnight).
        let nextFajr = p.midnight == .jafari
            ? bounded(sun.time(of: fajrAim, transit: nextTransit, from: nextSun, after: false),
                      edge: nextSunrise, night: nightAfter, portion: portions.fajr, before: true).0
            : nextSunrise

        // Asr: the shadow rule from the noon shadow at the actual transit. The altitude h
        // where the shadow is k + tan(zenith at noon) times the object: cot h = k + tan z,
        // tan z being cos/sin of the noon altitude; sin h and cos h follow from cot h.
        let noonAltitude = sun.noonAltitude(transit: noonSun)
        var asr: Double?
        if noonAltitude.sin > 0 {
            let cotH = p.madhab.shadowFactor + noonAltitude.cos / noonAltitude.sin
            let r = 1 / (1 + cotH * cotH).squareRoot()
            asr = sun.time(of: SolarDay.Aim(sin: r, cos: cotH * r), transit: transit, from: noonSun, after: true)
        }

        // Maghrib.
        var maghrib = sunset
        switch p.maghrib {
        case .sunset: break
        case .minutesAfterSunset(let m): maghrib = sunset + m * 60
        case .angle(let a):
            if let t = sun.time(of: SolarDay.Aim(altitude: -a), transit: transit, from: noonSun, after: true), t > sunset {
                maghrib = t
            }
        }

        // Isha.
        var isha: Double
        var ishaSource: TimeSource?
        switch p.isha {
        case .angle(let a):
            (isha, ishaSource) = bounded(sun.time(of: aims.isha ?? SolarDay.Aim(altitude: -a), transit: transit, from: noonSun, after: true),
                                         edge: sunset, night: nightAfter, portion: portions.isha, before: false)
        case .minutesAfterMaghrib(let m):
            let minutes = ramadan ? (p.ishaRamadanMinutes ?? m) : m
            // An interval may not reach past the rule's bound on a short night.
            (isha, ishaSource) = bounded(maghrib + minutes * 60, edge: sunset, night: nightAfter,
                                         portion: portions.isha, before: false)
        }
        resolved[.isha] = ishaSource
        if case .angle = p.maghrib, maghrib >= isha { maghrib = sunset }

        var raw = Raw(fajr: fajr, sunrise: sunrise, dhuhr: transit, asr: asr ?? 0, maghrib: maghrib, isha: isha,
                      sunset: sunset, nextSunrise: nextSunrise, nextFajr: nextFajr, nightBefore: nightBefore,
                      nightAfter: nightAfter, resolved: resolved, latitude: latitude,
                      day: date.daysSinceEpoch)
        if asr == nil {
            raw.asr = transit + (sunset - transit) / 2
            raw.resolved[.asr] = .midpoint
        }
        return raw
    }

    /// The day's times when the Sun rises and sets and the adjusted times stand in their
    /// order (on a day of a few minutes near polar night they cannot); nil otherwise.
    func usableTimes(date: CivilDate, latitude: Double, coordinates: Coordinates, noon: Double,
                     ramadan: Bool) -> Raw? {
        guard var raw = rawTimes(date: date, latitude: latitude, coordinates: coordinates, noon: noon,
                                 ramadan: ramadan, exactNightBefore: false) else { return nil }
        applySeasonalTwilight(&raw)
        guard raw.resolved[.asr] != .midpoint else { return nil }
        let a = parameters.precautions, u = parameters.adjustments
        var previous = -Double.infinity
        for (prayer, t) in [(Prayer.fajr, raw.fajr), (.sunrise, raw.sunrise), (.dhuhr, raw.dhuhr),
                            (.asr, raw.asr), (.maghrib, raw.maghrib), (.isha, raw.isha)] {
            let adjusted = t + (a[prayer] + u[prayer]) * 60
            // At least a minute apart, so rounding cannot merge or swap them.
            guard adjusted >= previous + 60 else { return nil }
            previous = adjusted
        }
        return raw
    }

    /// The rule's fraction of the night for Fajr and Isha at this latitude, and its name.
    func nightPortions(date: CivilDate, latitude: Double, coordinates: Coordinates, noon: Double)
        -> (fajr: (Double, TimeSource)?, isha: (Double, TimeSource)?) {
        let p = parameters
        let ishaAngle: Double? = if case .angle(let a) = p.isha { a } else { nil }
        switch p.highLatitudeRule {
        case .automatic:
            let rule: (Double, TimeSource) = abs(latitude) > 48 ? (1.0 / 7, .seventhOfNight) : (0.5, .middleOfNight)
            return (rule, rule)
        case .middleOfNight: return ((0.5, .middleOfNight), (0.5, .middleOfNight))
        case .seventhOfNight: return ((1.0 / 7, .seventhOfNight), (1.0 / 7, .seventhOfNight))
        case .twilightAngle:
            return ((min(0.5, p.fajrAngle / 60), .twilightAngle), (min(0.5, (ishaAngle ?? 18) / 60), .twilightAngle))
        case .none:
            return (nil, nil)
        case .nearestLatitude:
            // The night's proportions at the reference latitude, same longitude and date.
            var reference = self
            reference.parameters.highLatitudeRule = .middleOfNight
            reference.parameters.highLatitudeRuleOnlyWhenAngleFails = true
            let refLat = latitude < 0 ? -abs(p.nearestLatitude) : abs(p.nearestLatitude)
            guard let r = reference.rawTimes(date: date, latitude: refLat,
                                             coordinates: coordinates, noon: noon, ramadan: false)
            else { return ((0.5, .nearestLatitude), (0.5, .nearestLatitude)) }
            let fajr = min(0.5, (r.sunrise - r.fajr) / r.nightBefore)
            let isha = min(0.5, (r.isha - r.sunset) / r.nightAfter)
            return ((fajr, .nearestLatitude), (isha, .nearestLatitude))
        }
    }

    /// The angle's time bounded by the rule: Fajr no earlier than `edge - portion x night`,
    /// Isha no later than `edge + portion x night`. Without an angle time the rule's time
    /// stands (middle of the night when there is no rule).
    func bounded(_ time: Double?, edge: Double, night: Double, portion: (Double, TimeSource)?, before: Bool)
        -> (Double, TimeSource?) {
        let (fraction, source) = portion ?? (0.5, .middleOfNight)
        let safe = before ? edge - fraction * night : edge + fraction * night
        guard let t = time else { return (safe, source) }
        if portion == nil || parameters.highLatitudeRuleOnlyWhenAngleFails { return (t, nil) }
        if before ? t < safe : t > safe { return (safe, source) }
        return (t, nil)
    }

    /// The Moonsighting Committee's seasonal bounds and its 1/7 rule above 55 degrees.
    func applySeasonalTwilight(_ raw: inout Raw) {
        guard parameters.seasonalTwilight else { return }
        let lat = raw.latitude
        let date = CivilDate(daysSinceEpoch: raw.day)
        let dyy = Double(MoonsightingSeason.daysSinceSolstice(dayOfYear: date.dayOfYear, year: date.year, latitude: lat))
        if abs(lat) >= 55 {
            raw.fajr = raw.sunrise - raw.nightBefore / 7
            raw.resolved[.fajr] = .seventhOfNight
            if case .angle = parameters.isha {
                raw.isha = raw.sunset + raw.nightAfter / 7
                raw.resolved[.isha] = .seventhOfNight
            }
        }
        let safeFajr = raw.sunrise - (MoonsightingSeason.morningMinutes(latitude: lat, daysSinceSolstice: dyy) * 60).rounded()
        if raw.fajr < safeFajr {
            raw.fajr = safeFajr
            raw.resolved[.fajr] = .moonsightingSeasonal
        }
        if case .angle = parameters.isha {
            let minutes = MoonsightingSeason.eveningMinutes(latitude: lat, daysSinceSolstice: dyy, shafaq: parameters.shafaq)
            let safeIsha = raw.sunset + (minutes * 60).rounded()
            if raw.isha > safeIsha {
                raw.isha = safeIsha
                raw.resolved[.isha] = .moonsightingSeasonal
            }
        }
    }
}
