public enum Prayer: String, Sendable, CaseIterable {
    case fajr, sunrise, dhuhr, asr, maghrib, isha
}

/// Where a time came from when it did not come from the sky at the method's angle.
public enum TimeSource: String, Sendable {
    case middleOfNight = "middle-of-night"
    case seventhOfNight = "seventh-of-night"
    case twilightAngle = "twilight-angle"
    case nearestLatitude = "nearest-latitude"
    case nearestDay = "nearest-day"
    case moonsightingSeasonal = "moonsighting-seasonal"
    /// Asr on a day whose noon Sun stays below the horizon's plane: halfway from Dhuhr to Maghrib.
    case midpoint = "midpoint"
}

/// The rule that gave each of the six times, where one did.
public struct Resolutions: Sendable, Equatable {
    private var sources: (TimeSource?, TimeSource?, TimeSource?, TimeSource?, TimeSource?, TimeSource?) =
        (nil, nil, nil, nil, nil, nil)

    public init() {}

    public subscript(prayer: Prayer) -> TimeSource? {
        get {
            switch prayer {
            case .fajr: sources.0
            case .sunrise: sources.1
            case .dhuhr: sources.2
            case .asr: sources.3
            case .maghrib: sources.4
            case .isha: sources.5
            }
        }
        set {
            switch prayer {
            case .fajr: sources.0 = newValue
            case .sunrise: sources.1 = newValue
            case .dhuhr: sources.2 = newValue
            case .asr: sources.3 = newValue
            case .maghrib: sources.4 = newValue
            case .isha: sources.5 = newValue
            }
        }
    }

    public var isEmpty: Bool { Prayer.allCases.allSatisfy { self[$0] == nil } }

    public static func == (a: Resolutions, b: Resolutions) -> Bool {
        Prayer.allCases.allSatisfy { a[$0] == b[$0] }
    }
}

/// One day's times as instants (UTC seconds since 1970), adjusted and rounded.
public struct DaySchedule: Sendable, Equatable {
    public let date: CivilDate
    public var fajr: Double
    public var sunrise: Double
    public var dhuhr: Double
    public var asr: Double
    public var maghrib: Double
    public var isha: Double
    public var imsak: Double
    /// The middle of the night that follows this day's Maghrib.
    public var midnight: Double
    /// The start of that night's last third.
    public var lastThird: Double
    public var resolved: Resolutions

    public subscript(prayer: Prayer) -> Double {
        get {
            switch prayer {
            case .fajr: fajr
            case .sunrise: sunrise
            case .dhuhr: dhuhr
            case .asr: asr
            case .maghrib: maghrib
            case .isha: isha
            }
        }
        set {
            switch prayer {
            case .fajr: fajr = newValue
            case .sunrise: sunrise = newValue
            case .dhuhr: dhuhr = newValue
            case .asr: asr = newValue
            case .maghrib: maghrib = newValue
            case .isha: isha = newValue
            }
        }
    }
}

public struct Coordinates: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double
    /// Metres above sea level; above 0 it lowers the horizon for sunrise and sunset.
    public let elevation: Double

    /// Valid coordinates or nil: latitude -90...90, longitude -180...180, finite elevation.
    public init?(latitude: Double, longitude: Double, elevation: Double = 0) {
        guard latitude.isFinite, longitude.isFinite, elevation.isFinite,
              (-90...90).contains(latitude), (-180...180).contains(longitude), elevation > -1000 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }
}
