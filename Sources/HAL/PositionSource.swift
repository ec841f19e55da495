/// A position fix from a GNSS receiver.
public struct PositionFix: Sendable, Equatable {
    public enum Mode: Sendable, Equatable { case twoD, threeD }
    /// UTC seconds since 1970, as the receiver said.
    public var time: Double?
    public var latitude: Double
    public var longitude: Double
    /// Metres above mean sea level, when known.
    public var altitude: Double?
    /// Estimated horizontal error, metres.
    public var horizontalError: Double?
    public var mode: Mode

    public init(time: Double?, latitude: Double, longitude: Double, altitude: Double? = nil,
                horizontalError: Double? = nil, mode: Mode) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalError = horizontalError
        self.mode = mode
    }
}

/// Why there is no fix.
public enum PositionStatus: Sendable, Equatable {
    /// gpsd is not reachable (not running, restarting); the text says what happened.
    case noDaemon(String)
    /// gpsd runs but has no receiver (unplugged).
    case noDevice
    /// A receiver, but no fix (indoors, starting).
    case noFix
    /// No data at all for a while (the watchdog); the client reconnects.
    case silent
}

public enum PositionEvent: Sendable, Equatable {
    case fix(PositionFix)
    case status(PositionStatus)
    /// A report whose position was refused (coordinates out of range, or not numbers):
    /// what was refused, in a few words. Never a fix; the consumer counts and logs it.
    case rejected(String)
}

/// A source of fixes and status changes: gpsd, or a script in the simulation.
public protocol PositionSource: Sendable {
    /// The events from now on. The stream ends only when the source is stopped.
    func events() -> AsyncStream<PositionEvent>
    func stop()
}
