/// How late the loop's thread starts its passes against the deadlines it slept toward, in
/// microseconds: a fixed histogram (no allocation per pass), 8 buckets per octave above
/// 16 us (each within 12.5% of its value), so median and p99 cost nothing to keep.
public struct LoopStats: Sendable, Equatable {
    /// Buckets: 0..<16 us one each, then 8 per octave up to 2^31 us (about 36 minutes).
    static let bucketCount = 16 + 27 * 8
    private var counts = [UInt32](repeating: 0, count: LoopStats.bucketCount)
    /// Passes started after a timed sleep (their lateness is counted).
    public private(set) var timedWakes = 0
    /// Passes started early by a wake (a signal, a button, the speaker, a fix).
    public private(set) var earlyWakes = 0
    /// Passes that found their deadline already past (the work before them overran it).
    public private(set) var overruns = 0
    public private(set) var maxLateness = 0.0

    public init() {}

    static func bucket(_ us: UInt64) -> Int {
        if us < 16 { return Int(us) }
        let octave = 63 - us.leadingZeroBitCount  // >= 4
        let sub = Int((us >> UInt64(octave - 3)) & 7)
        return min(16 + (octave - 4) * 8 + sub, bucketCount - 1)
    }

    /// The bucket's upper edge in us (a percentile is reported at its bucket's top: never low).
    static func upperEdge(_ bucket: Int) -> Double {
        if bucket < 16 { return Double(bucket + 1) }
        let octave = (bucket - 16) / 8 + 4, sub = (bucket - 16) % 8
        return Double((8 + sub + 1) << (octave - 3))
    }

    /// A pass that started `seconds` after the deadline it slept toward.
    public mutating func recordTimed(lateness seconds: Double) {
        let s = max(0, seconds)
        timedWakes += 1
        maxLateness = max(maxLateness, s)
        counts[LoopStats.bucket(UInt64(min(s * 1e6, 1e12)))] &+= 1
    }

    public mutating func recordEarly() { earlyWakes += 1 }
    public mutating func recordOverrun() { overruns += 1 }

    /// The lateness (seconds) that a fraction `q` of timed wakes did not exceed; nil before any.
    public func percentile(_ q: Double) -> Double? {
        guard timedWakes > 0 else { return nil }
        let rank = max(1, Int((q * Double(timedWakes)).rounded(.up)))
        var seen = 0
        for (i, c) in counts.enumerated() {
            seen += Int(c)
            if seen >= rank { return min(LoopStats.upperEdge(i) / 1e6, maxLateness) }
        }
        return maxLateness
    }
}
