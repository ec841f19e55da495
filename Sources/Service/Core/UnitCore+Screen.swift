import PrayerTimes

extension UnitCore {
    /// What the screens are given now: an immutable value, read on their own threads.
    public var screenInput: ScreenInput {
        var reading: ScreenInput.QiblaReading?
        if let bearing = qiblaBearing, let offset = qiblaOffset, accuracy != .unreliable {
            let grade = switch accuracy {
            case .high: "good"
            case .medium: "fair"
            default: "poor"
            }
            reading = .init(bearing: bearing, offset: offset, accuracy: grade)
        }
        return ScreenInput(config: config, zone: zone, days: plannedDays, trusted: clockTrusted,
                    position: Coordinates(latitude: latitude, longitude: longitude, elevation: config.elevation), notices: conditions, qibla: reading)
    }
}
