import UnitModel

/// On/off durations (milliseconds: on, off, on, ...) started at a time, played once or
/// repeated. Asked at any time whether it is on and when it next changes, so the loop
/// never blocks and sleeps exactly until the next edge.
public struct PatternPlayback: Sendable, Equatable {
    public let durations: [Int]
    public let start: Double  // monotonic seconds
    public let repeats: Bool

    public init(_ durations: [Int], start: Double, repeats: Bool) {
        self.durations = durations.isEmpty ? [0] : durations
        self.start = start
        self.repeats = repeats
    }

    var period: Double { Double(durations.reduce(0, +)) / 1000 }

    /// Whether the output is on at time t, and when that next changes (nil: never again).
    public func state(at t: Double) -> (on: Bool, next: Double?) {
        var elapsed = t - start
        guard elapsed >= 0 else { return (false, start) }
        let p = period
        guard p > 0 else { return (false, nil) }
        var cycleStart = start
        if repeats {
            let cycles = (elapsed / p).rounded(.down)
            cycleStart += cycles * p
            elapsed -= cycles * p
        } else if elapsed >= p {
            return (false, nil)
        }
        var edge = cycleStart
        for (i, d) in durations.enumerated() {
            edge += Double(d) / 1000
            if t < edge { return (i % 2 == 0, edge) }
        }
        return (false, repeats ? cycleStart + p : nil)
    }
}

/// The status LED's pattern for each condition, most urgent first.
extension StatusCondition {
    public var pattern: [Int] { playback.durations }

    /// Repeating from monotonic 0 (built once: the loop asks every tick).
    public var playback: PatternPlayback {
        switch self {
        case .noPlan: StatusCondition.solid
        case .sensorFault: StatusCondition.fault
        case .clockUntrusted: StatusCondition.untrusted
        case .stateNotPersisted: StatusCondition.tripleBlink
        case .compassUncalibrated: StatusCondition.uncalibrated
        case .noFix: StatusCondition.noFixBlink
        case .normal: StatusCondition.heartbeat
        }
    }

    static let solid = PatternPlayback([2000, 0], start: 0, repeats: true)  // on, steadily
    static let fault = PatternPlayback([100, 100], start: 0, repeats: true)  // fast flicker
    static let tripleBlink = PatternPlayback([100, 200, 100, 200, 100, 1300], start: 0, repeats: true)
    static let untrusted = PatternPlayback([250, 250], start: 0, repeats: true)
    static let uncalibrated = PatternPlayback([1000, 1000], start: 0, repeats: true)
    static let noFixBlink = PatternPlayback([100, 200, 100, 1600], start: 0, repeats: true)  // double blink
    static let heartbeat = PatternPlayback([100, 1900], start: 0, repeats: true)
    /// The next prayer's LED in its last minutes.
    public static let prayerBlink = PatternPlayback([500, 500], start: 0, repeats: true)
}

/// The qibla indicator: left, aligned or right (or one LED of a ring), dark when the
/// heading cannot be trusted.
public enum QiblaIndication: Equatable, Sendable {
    case dark
    case left, aligned, right
    case ring(Int)

    public static func from(offset: Double?, usable: Bool, tolerance: Double, ringSize: Int) -> QiblaIndication {
        guard usable, let offset else { return .dark }
        if ringSize > 0 {
            let step = 360 / Double(ringSize)
            let i = Int((offset < 0 ? offset + 360 : offset) / step + 0.5) % ringSize
            return .ring(i)
        }
        if abs(offset) <= tolerance { return .aligned }
        return offset < 0 ? .left : .right
    }
}
