public enum Prayer: String, Codable, Sendable, CaseIterable {
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

/// One day's times as instants (UTC seconds since 1970), adjusted and rounded. The six
/// times read as `s.fajr` ... `s.isha` or `s[.fajr]`.
@dynamicMemberLookup
public struct DaySchedule: Sendable, Equatable {
    public let date: CivilDate
    public var times: PerPrayer<Double>
    public var imsak: Double
    /// The middle of the night that follows this day's Maghrib.
    public var midnight: Double
    /// The start of that night's last third.
    public var lastThird: Double
    public var resolved: Resolutions

    public subscript(prayer: Prayer) -> Double {
        get { times[prayer] }
        set { times[prayer] = newValue }
    }

    public subscript(dynamicMember keyPath: WritableKeyPath<PerPrayer<Double>, Double>) -> Double {
        get { times[keyPath: keyPath] }
        set { times[keyPath: keyPath] = newValue }
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
