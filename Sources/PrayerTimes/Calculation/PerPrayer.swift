/// One value for each of the day's six times: the times themselves, the minutes added to
/// them, the rule each one came from.
public struct PerPrayer<Value> {
    public var fajr: Value, sunrise: Value, dhuhr: Value, asr: Value, maghrib: Value, isha: Value

    public init(repeating value: Value) {
        (fajr, sunrise, dhuhr, asr, maghrib, isha) = (value, value, value, value, value, value)
    }

    public subscript(prayer: Prayer) -> Value {
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

extension PerPrayer: Sendable where Value: Sendable {}
extension PerPrayer: Equatable where Value: Equatable {}

/// Minutes added to each time.
public typealias PrayerAdjustments = PerPrayer<Double>

extension PerPrayer where Value == Double {
    public init(fajr: Double = 0, sunrise: Double = 0, dhuhr: Double = 0, asr: Double = 0, maghrib: Double = 0,
                isha: Double = 0) {
        self.init(repeating: 0)
        (self.fajr, self.sunrise, self.dhuhr, self.asr, self.maghrib, self.isha) = (fajr, sunrise, dhuhr, asr, maghrib, isha)
    }
}

/// The rule that gave each of the six times, where one did (nil: from the sky).
public typealias Resolutions = PerPrayer<TimeSource?>

extension PerPrayer where Value == TimeSource? {
    public init() { self.init(repeating: nil) }
    public var isEmpty: Bool { Prayer.allCases.allSatisfy { self[$0] == nil } }
}
