/// What holds for the unit, most urgent first: the status LED shows the worst (its pattern,
/// `StatusCondition.playback`, is Service's), status.json's `status` names it, the screens'
/// notices list every one that holds. The raw value is the JSON's word.
public enum StatusCondition: String, Sendable, CaseIterable {
    /// No prayer times could be computed (no usable position): nothing will sound.
    case noPlan = "no-plan"
    case sensorFault = "sensor-fault"
    case clockUntrusted = "clock-untrusted"
    /// The state file cannot be written: alerts sound, but a restart may not remember them.
    case stateNotPersisted = "state-not-persisted"
    case compassUncalibrated = "compass-uncalibrated"
    case noFix = "no-fix"
    case normal
}
