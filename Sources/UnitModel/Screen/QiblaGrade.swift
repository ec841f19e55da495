import Compass

/// The compass's accuracy as the screens word it. The raw value is the screen's JSON text.
public enum QiblaGrade: String, Codable, Sendable {
    case good, fair, poor

    /// High is good, medium fair, anything less poor (an unreliable heading is not shown at all).
    public init(_ accuracy: HeadingAccuracy) {
        self = switch accuracy {
        case .high: .good
        case .medium: .fair
        default: .poor
        }
    }
}
