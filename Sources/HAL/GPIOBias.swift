/// The pull on an input line. A button that closes to ground wants `.pullUp` with
/// active-low; one that closes to 3.3 V wants `.pullDown`. `.asIs` leaves the pin as the
/// device tree (or an earlier user) set it; `.disabled` turns the pull off (an external
/// resistor). Raw values are the spellings a board file would use.
public enum GPIOBias: String, Sendable, Equatable, CaseIterable {
    case asIs = "as-is"
    case disabled
    case pullUp = "pull-up"
    case pullDown = "pull-down"
}
