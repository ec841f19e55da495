/// What a sound is for when it is not an event's own (an event's is its kind's word): the
/// dua after an adhan, the installer's test, `mihrab play`. The raw value is the item's
/// `event`, as the recorder and the player's reports carry it.
public enum SoundPurpose: String, Sendable {
    case dua, test, play
}

extension SoundRequest.Item {
    public init(sound: SoundInfo, purpose: SoundPurpose, prayer: String?) {
        self.init(sound: sound, event: purpose.rawValue, prayer: prayer)
    }

    /// Whether the item is for that purpose.
    public func isFor(_ purpose: SoundPurpose) -> Bool { event == purpose.rawValue }
}
