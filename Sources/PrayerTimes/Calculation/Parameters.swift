/// Which school's shadow rule gives Asr.
public enum Madhab: String, Sendable, CaseIterable {
    /// Shafi'i, Maliki, Hanbali, Ja'fari: shadow = noon shadow + 1 x length.
    case shafi
    /// Hanafi: shadow = noon shadow + 2 x length.
    case hanafi

    public var shadowFactor: Double { self == .shafi ? 1 : 2 }
}

/// How Fajr and Isha are bounded when the twilight angle is not reached or the night is short.
public enum HighLatitudeRule: String, Sendable, CaseIterable {
    /// seventh-of-night above 48 degrees of latitude, middle-of-night below.
    case automatic = "auto"
    case middleOfNight = "middle-of-night"
    case seventhOfNight = "seventh-of-night"
    /// angle/60 of the night.
    case twilightAngle = "twilight-angle"
    /// The night's proportions at a reference latitude (default 48.5 degrees).
    case nearestLatitude = "nearest-latitude"
    /// No bound; only when the angle is never reached, middle-of-night.
    case none
}

/// How the day's times are found when the Sun does not rise or does not set.
public enum PolarRule: String, Sendable, CaseIterable {
    /// The times at the nearest latitude (same longitude and date) with a sunrise and a sunset.
    case nearestLatitude = "nearest-latitude"
    /// The times of the nearest date with a sunrise and a sunset, at the same clock times.
    case nearestDay = "nearest-day"
}

public enum Rounding: String, Sendable, CaseIterable {
    /// To the nearest minute; a half minute rounds up.
    case nearest
    /// Up to the next whole minute.
    case up
    /// Keep the seconds.
    case none
}

/// The Moonsighting Committee's Isha twilight: general, red (ahmer) or white (abyad) shafaq.
public enum Shafaq: String, Sendable, CaseIterable {
    case general, ahmer, abyad
}

/// What the night is, for the middle of the night and its last third.
public enum MidnightMode: String, Sendable, CaseIterable {
    /// Sunset to the next sunrise.
    case standard
    /// Sunset to the next Fajr (Ja'fari).
    case jafari
}

public enum IshaRule: Sendable, Equatable {
    case angle(Double)
    case minutesAfterMaghrib(Double)
}

public enum MaghribRule: Sendable, Equatable {
    case sunset
    case angle(Double)
    case minutesAfterSunset(Double)
}

/// Everything that decides a day's times. Start from a method's parameters and change
/// what the user configured.
public struct CalculationParameters: Sendable, Equatable {
    public var method: CalculationMethod
    public var fajrAngle: Double
    public var isha: IshaRule
    /// Isha interval in Ramadan, for interval methods (Umm al-Qura: 120 minutes).
    public var ishaRamadanMinutes: Double?
    public var maghrib: MaghribRule
    /// The Sun's altitude at sunrise and sunset (degrees), before the dip of the unit's
    /// elevation: -0.833 (refraction and the half disc) unless the authority uses another.
    public var horizon: Double = PrayerCalculator.sunAltitude
    public var madhab: Madhab = .shafi
    public var highLatitudeRule: HighLatitudeRule = .automatic
    /// Apply the high-latitude rule only when the angle is never reached (not as a bound).
    public var highLatitudeRuleOnlyWhenAngleFails = false
    /// Reference latitude of the nearest-latitude high-latitude rule.
    public var nearestLatitude: Double = 48.5
    public var polarRule: PolarRule = .nearestLatitude
    /// The method's precautions (ihtiyati, temkin), minutes added to each time as the
    /// authority adds them before it rounds; sunrise's is usually negative.
    public var precautions = PrayerAdjustments()
    /// The user's adjustments (minutes), on top of the method's.
    public var adjustments = PrayerAdjustments()
    public var rounding: Rounding = .nearest
    public var midnight: MidnightMode = .standard
    /// Minutes before Fajr.
    public var imsakMinutes: Double = 10
    /// Moonsighting Committee: seasonal Fajr and Isha bounds and 1/7 of the night above 55 degrees.
    public var seasonalTwilight = false
    public var shafaq: Shafaq = .general
    /// Where each time is computed, when the authority publishes a zone's times for points of
    /// its own (a JAKIM zone): the place given to the calculator is then not used for them.
    public var referencePoints: ReferencePoints?
    /// With reference points: the zone's times are another zone's plus a difference held for
    /// a block of days (JAKIM's Kedah zones).
    public var derivedFrom: DerivedTimes?
    /// With reference points: the days on which a time is computed at another height.
    public var pointSeasons: [PointSeason] = []

    public init(method: CalculationMethod = .custom, fajrAngle: Double, isha: IshaRule,
                maghrib: MaghribRule = .sunset) {
        self.method = method
        self.fajrAngle = fajrAngle
        self.isha = isha
        self.maghrib = maghrib
    }
}
