/// The day's three times in which no voluntary prayer is prayed, and Duha between the first
/// two. A pure function of the date, the place and the minutes, on the engine's own Sun
/// (`SolarDay`, as `PrayerCalculator` finds sunrise, transit and sunset).
///
/// - sunrise: from sunrise until the Sun has risen a spear's length, `afterSunrise` minutes;
/// - zawal: from `beforeTransit` minutes before the Sun's transit (solar noon) until Dhuhr's
///   time as the unit has it (the transit plus the authority's precaution), never before the
///   transit itself;
/// - sunset: from `beforeSunset` minutes before sunset (the Sun yellowing) until sunset.
///
/// Sunrise and sunset are the astronomical ones: the Sun's centre at -0.833 degrees
/// (`PrayerCalculator.sunAltitude`) at sea level, unadjusted and unrounded, not a method's
/// Sunrise or Maghrib. Where the Sun does not rise or set that day (polar day or night) the
/// windows on that edge are nil; in polar night there is no zawal either.
/// (Sahih Muslim 831, 832; README, "The times not to pray, and Duha".)
public struct ForbiddenTimes: Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case sunrise, zawal, sunset
    }

    /// The windows' lengths in minutes (`[screen] forbidden_*_minutes`).
    public struct Minutes: Sendable, Equatable {
        public var afterSunrise: Int
        public var beforeTransit: Int
        public var beforeSunset: Int

        public init(afterSunrise: Int = 15, beforeTransit: Int = 10, beforeSunset: Int = 20) {
            self.afterSunrise = afterSunrise
            self.beforeTransit = beforeTransit
            self.beforeSunset = beforeSunset
        }
    }

    /// A span of time, unix seconds: `start <= t < end`.
    public struct Window: Sendable, Equatable {
        public var kind: Kind
        public var start: Double
        public var end: Double

        public func contains(_ t: Double) -> Bool { t >= start && t < end }
    }

    /// Duha's span: from the end of the sunrise window until the start of the zawal.
    public struct Span: Sendable, Equatable {
        public var start: Double
        public var end: Double
    }

    /// The astronomical events, unix seconds (nil: no such event that day).
    public let sunrise: Double?
    public let transit: Double
    public let sunset: Double?

    public let sunriseWindow: Window?
    public let zawal: Window?
    public let sunsetWindow: Window?
    /// Nil without a sunrise window or a zawal, or when the two meet (a day of minutes).
    public let duha: Span?

    /// The windows of the civil `date` at `coordinates`. `utcOffset` is the zone's offset
    /// (seconds) around that date's noon, as for `PrayerCalculator.schedule`; `dhuhr` is the
    /// unit's Dhuhr that day (nil: the transit).
    public init(date: CivilDate, at coordinates: Coordinates, utcOffset: Int, minutes: Minutes = Minutes(),
                dhuhr: Double? = nil) {
        let noon = PrayerCalculator.solarNoonGuess(date: date, longitude: coordinates.longitude, utcOffset: utcOffset)
        let sun = SolarDay(latitude: coordinates.latitude, longitude: coordinates.longitude, around: noon)
        let noonSun = sun.transit(near: noon)
        let horizon = SolarDay.Aim(altitude: PrayerCalculator.sunAltitude)
        let transit = noonSun.t
        self.transit = transit
        sunrise = sun.time(of: horizon, transit: transit, from: noonSun, after: false)
        sunset = sun.time(of: horizon, transit: transit, from: noonSun, after: true)

        // The Sun up at noon (polar day, or a day with a sunrise): its altitude there above -0.833.
        let up = sun.noonAltitude(transit: noonSun).sin > sinCos(rad(PrayerCalculator.sunAltitude)).sin
        sunriseWindow = sunrise.map { Window(kind: .sunrise, start: $0, end: $0 + Double(minutes.afterSunrise) * 60) }
        zawal = up || sunrise != nil
            ? Window(kind: .zawal, start: transit - Double(minutes.beforeTransit) * 60, end: max(transit, dhuhr ?? transit))
            : nil
        sunsetWindow = sunset.map { Window(kind: .sunset, start: $0 - Double(minutes.beforeSunset) * 60, end: $0) }
        if let first = sunriseWindow, let noon = zawal, first.end < noon.start {
            duha = Span(start: first.end, end: noon.start)
        } else {
            duha = nil
        }
    }

    /// The windows in time order (those the day has).
    public var windows: [Window] { [sunriseWindow, zawal, sunsetWindow].compactMap { $0 } }

    /// The window that holds `t`, if any.
    public func window(at t: Double) -> Window? { windows.first { $0.contains(t) } }
}
