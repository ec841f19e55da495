import UnitModel

/// What survives a restart or a power cut: the events already decided and the last good
/// fix. (The compass calibration has a file of its own: `CalibrationStore`.)
public struct UnitState: Codable, Sendable, Equatable {
    public struct Decided: Codable, Sendable, Equatable {
        public var state: AlertOutcome
        public var at: Double
    }
    public struct Fix: Codable, Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var time: Double

        /// A position on the Earth: what a stored or received fix must be to be used.
        public var isValid: Bool { UnitState.Fix.isValid(latitude: latitude, longitude: longitude) }

        public static func isValid(latitude: Double, longitude: Double) -> Bool {
            latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude) && (-180...180).contains(longitude)
        }
    }

    public var version = 1
    public var events: [String: Decided] = [:]
    public var lastFix: Fix?
    /// The TV's override of its schedule (nil: none; absent in older files).
    public var display: DisplayOverride?

    public init() {}

    /// The most decisions kept: three days of a busy schedule are under 100.
    public static let maxEvents = 500
    /// Decisions are judged for at most this long (a clock stepped back by less replays nothing).
    public static let keepSeconds = 3.0 * 86_400

    /// Keeps the state bounded: forgets decisions older than `keepSeconds` and, when the clock
    /// can be trusted, those dated more than a day ahead of it (a clock that was wrong when they
    /// were written); then at most `maxEvents`, the newest.
    public mutating func prune(now: Double, trusted: Bool) {
        events = events.filter { $0.value.at >= now - UnitState.keepSeconds && (!trusted || $0.value.at <= now + 86_400) }
        if events.count > UnitState.maxEvents {
            let newest = events.sorted { $0.value.at > $1.value.at }.prefix(UnitState.maxEvents)
            events = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
    }

    /// Adds what another record holds that this one does not (the fallback record after a
    /// restart): every decision, and the newer fix.
    public mutating func merge(_ other: UnitState) {
        events.merge(other.events) { mine, _ in mine }
        if let f = other.lastFix, f.time > (lastFix?.time ?? -.infinity) { lastFix = f }
        if let d = other.display, d.at > (display?.at ?? -.infinity) { display = d }
    }

    /// Drops what no unit could have written: entries with non-finite times, a fix off the
    /// Earth. Returns what was dropped, for the log.
    mutating func sanitize() -> [String] {
        var dropped: [String] = []
        if let f = lastFix, !f.isValid {
            dropped.append("lastFix \(f.latitude), \(f.longitude) is not a position (latitude -90 to 90, longitude -180 to 180): ignored")
            lastFix = nil
        }
        if let d = display, !(d.at.isFinite && d.until.isFinite) {
            dropped.append("display override with a time that is not a number: ignored")
            display = nil
        }
        let bad = events.filter { !$0.value.at.isFinite }.count
        if bad > 0 {
            events = events.filter { $0.value.at.isFinite }
            dropped.append("\(bad) entries with no valid time dropped")
        }
        return dropped
    }
}
