/// What became of an event once decided: it sounded, or it was missed. The raw value is the
/// word state.json, the recorder and the network carry ("fired", "missed").
public enum AlertOutcome: String, Codable, Sendable {
    case fired, missed

    /// Any other word in a state file (edited by hand) still means the event was decided: it
    /// reads as missed, so the event is never replayed and the file is not refused whole.
    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        self = AlertOutcome(rawValue: word) ?? .missed
    }
}

extension AlertDecision.Action {
    /// What the decision makes of the event.
    public var outcome: AlertOutcome { self == .fire ? .fired : .missed }
}
