/// A way to turn the hall's TV on and off: HDMI-CEC (`CECTelevision`), the kiosk's
/// compositor, or both. Used from the display-power output's own thread, never the loop's.
public protocol DisplayPowerDriver: AnyObject, Sendable {
    /// For logs and status.json: "cec /dev/cec1", "compositor".
    var name: String { get }
    /// Asks the TV to be on or off (standby). Throws when the request could not be made.
    func set(_ on: Bool) throws(DisplayPowerError)
    /// Asks the TV its power (nil: this way cannot ask, as the compositor's cannot).
    func ask() throws(DisplayPowerError) -> TVPowerReport?
}

/// What a TV says of its power (CEC 1.4 [Power Status]), or that it said nothing.
public enum TVPowerReport: Sendable, Equatable {
    case on, standby, turningOn, turningOff
    /// It acknowledged the question but never answered it (or refused it).
    case noAnswer
}

public struct DisplayPowerError: Error, Equatable, Sendable, CustomStringConvertible {
    public let driver: String
    public let reason: String
    public init(driver: String, reason: String) { (self.driver, self.reason) = (driver, reason) }
    public var description: String { "\(driver): \(reason)" }
}
