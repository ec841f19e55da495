/// The constant shift (seconds) that brings a model's times closest to a published table.
///
/// A published minute M of an authority that rounds up holds every time t with
/// 60(M-1) < t <= 60M; within k minutes, 60(M-1-k) < t <= 60(M+k). A shift s puts a day on
/// its minute when s falls in (60(M-1) - t, 60M - t]. Sweeping the ends of those intervals
/// over the allowed range finds, exactly, the shifts that put the most days within a minute,
/// then within two, then on the minute, and the widest such stretch (its middle is kept: the
/// furthest from every edge). Within a minute comes first: the goal is 99% of days there, and
/// a few days the table has wrong (a run of days a zone's times jump by minutes and back)
/// must not pull every other day off it.
enum ShiftSweep {
    struct Score: Comparable, Sendable {
        var withinTwo = 0, withinOne = 0, exact = 0

        static func < (a: Score, b: Score) -> Bool {
            (a.withinOne, a.withinTwo, a.exact) < (b.withinOne, b.withinTwo, b.exact)
        }
    }

    struct Best: Sendable {
        var shift: Double
        var score: Score
        /// How wide the stretch of equally good shifts is (seconds).
        var width: Double

        func beats(_ other: Best) -> Bool {
            score > other.score || (score == other.score && width > other.width + 1e-9)
        }
    }

    /// `model`: each day's time, seconds after local midnight, before rounding; `published`:
    /// that day's minute of the day.
    static func best(model: [Double], published: [Int], in range: ClosedRange<Double>) -> Best {
        var edges: [(at: Double, k: Int, step: Int)] = []
        edges.reserveCapacity(model.count * 6)
        for (t, m) in zip(model, published) where t.isFinite {
            for k in 0..<3 {
                edges.append((Double(60 * (m - 1 - k)) - t, k, 1))
                edges.append((Double(60 * (m + k)) - t, k, -1))
            }
        }
        edges.sort { $0.at < $1.at }
        var counts = [0, 0, 0]
        func score() -> Score { Score(withinTwo: counts[2], withinOne: counts[1], exact: counts[0]) }
        var i = 0
        while i < edges.count && edges[i].at <= range.lowerBound {
            counts[edges[i].k] += edges[i].step
            i += 1
        }
        if range.upperBound - range.lowerBound < 1e-9 {
            return Best(shift: range.lowerBound, score: score(), width: 0)
        }
        var best = Best(shift: range.lowerBound, score: Score(), width: -1)
        var start = range.lowerBound
        while true {
            let end = i < edges.count ? min(edges[i].at, range.upperBound) : range.upperBound
            if end > start {
                let here = Best(shift: (start + end) / 2, score: score(), width: end - start)
                if here.beats(best) { best = here }
            }
            if end >= range.upperBound { break }
            let at = edges[i].at
            while i < edges.count && edges[i].at == at {
                counts[edges[i].k] += edges[i].step
                i += 1
            }
            start = at
        }
        return best
    }
}
