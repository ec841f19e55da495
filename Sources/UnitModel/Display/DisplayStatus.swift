/// The hall's TV in status.json and on MQTT (`display`): the power the unit asks for and why,
/// the driver, and what the TV last said. The core gives the first part; the display-power
/// output adds what the TV reported (`DisplayPowerOutput`).
extension StatusReport {
    public struct DisplayPower: Codable, Sendable, Equatable {
        /// What the unit asks for now.
        public var power: Power
        /// Why: the schedule, an override (admin page, site command, Home Assistant) or, with an
        /// untrusted clock or no plan, on to be safe.
        public var reason: Reason
        /// How it is asked ("cec", "compositor", "both").
        public var driver: DisplayConfig.Power
        /// The next scheduled change (local ISO 8601; nil: none planned).
        public var next: String?
        /// An override holds until then (local ISO 8601); nil without one.
        public var until: String?
        /// What the TV said when last asked (nil: not asked yet, or a driver that cannot ask).
        public var reported: Reported?
        /// Why the last request or question failed (nil: it did not).
        public var problem: String?

        public init(power: Power, reason: Reason, driver: DisplayConfig.Power, next: String? = nil, until: String? = nil) {
            (self.power, self.reason, self.driver, self.next, self.until) = (power, reason, driver, next, until)
        }
    }

    public enum Power: String, StateWord {
        case on, off
        public static let unrecognized = Power.on
    }

    /// What the TV reported: CEC's <Report Power Status> (CEC 1.4 table 29, [Power Status]),
    /// or that it did not answer.
    public enum Reported: String, StateWord {
        case on, standby
        case turningOn = "turning-on"
        case turningOff = "turning-off"
        case noAnswer = "no-answer"
        public static let unrecognized = Reported.noAnswer
    }

    public enum Reason: String, StateWord {
        case schedule, override
        /// The clock is not trusted or nothing is planned: on, to show why.
        case unsure
        public static let unrecognized = Reason.schedule
    }
}

/// An override of the schedule (the admin page, a site command, Home Assistant's switch): on or
/// off until the next scheduled change after it was given. Kept in the state file: it holds
/// through a restart.
public struct DisplayOverride: Codable, Sendable, Equatable {
    public var on: Bool
    /// When it was given (wall, UTC seconds).
    public var at: Double
    /// When it ends: the schedule's next change after `at` (or a day after, with none planned).
    public var until: Double
    public init(on: Bool, at: Double, until: Double) { (self.on, self.at, self.until) = (on, at, until) }
}
