/// `[display]` in the site config: when the hall's TV is on (README "The hall's TV"). The
/// windows come from the day's plan (`DisplaySchedule`); the board's `[tv]` says which adapter.
public struct DisplayConfig: Sendable, Equatable {
    /// How the TV is turned on and off.
    public enum Power: String, Sendable, Codable, CaseIterable {
        /// HDMI-CEC: <Image View On> and <Active Source>, <Standby>.
        case cec
        /// The kiosk's compositor: its outputs' DPMS off and on (many TVs then go to standby).
        case compositor
        /// Both, for TVs that ignore CEC's standby.
        case both
        /// No schedule: the TV is left as it is (the default).
        case none
    }

    public var power = Power.none
    /// Minutes before Fajr's adhan the TV comes on.
    public var beforeFajr = 30
    /// Minutes after Isha's iqamah it goes off.
    public var afterIsha = 60
    /// true: on from before Fajr to after Isha; false: on only around each prayer.
    public var allDay = true
    /// With `allDay` false: minutes before each adhan (Fajr: `beforeFajr`) it comes on.
    public var beforeAdhan = 15
    /// With `allDay` false: minutes after each iqamah (Isha: `afterIsha`) it goes off.
    public var afterIqamah = 20

    public init() {}

    /// The largest number of minutes a key takes.
    public static let maximumMinutes = 720
}
