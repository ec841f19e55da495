/// Where to start looking among a zone's transitions for an instant: the transitions' span
/// cut into buckets of 2^shift seconds, each holding the number of transitions before it.
/// A lookup reads its bucket and steps over the few transitions inside it, instead of a
/// binary search over them all (8 steps for London's 243). An instant outside the span, or
/// a zone without transitions, is left to the binary search (`nil` from `count`).
struct TransitionIndex: Sendable, Equatable {
    /// The first bucket's start (UTC seconds) and the bucket's width as a power of two.
    private let base: Int64
    private let shift: Int64
    /// For each bucket, how many transitions come before its start.
    private let before: [UInt16]

    /// At most this many buckets (8 KiB): the widest zone's buckets are still a few weeks.
    static let maxBuckets: Int64 = 4096

    init(_ transitions: [Int64]) {
        // TZif files may begin with a "big bang" transition at -2^59: the span starts after it.
        guard let first = transitions.firstIndex(where: { $0 > -(1 << 40) }), transitions.count < Int(UInt16.max),
              let last = transitions.last, last < 1 << 40 else {
            base = 0; shift = 0; before = []
            return
        }
        let start = transitions[first]
        let span = last + 1 - start
        var s: Int64 = 0
        while span >> s >= TransitionIndex.maxBuckets { s += 1 }
        var counts = [UInt16]()
        counts.reserveCapacity(Int(span >> s) + 1)
        var i = 0
        for b in 0...(span >> s) {
            let bucketStart = start + b << s
            while i < transitions.count && transitions[i] < bucketStart { i += 1 }
            counts.append(UInt16(i))
        }
        base = start; shift = s; before = counts
    }

    /// How many of `transitions` (the array the index was made from) are at or before t, or
    /// nil when t is outside the indexed span.
    @inline(__always)
    func count(atOrBefore t: Int64, in transitions: [Int64]) -> Int? {
        let offset = t &- base
        guard offset >= 0, !before.isEmpty else { return nil }
        let b = Int(truncatingIfNeeded: offset &>> shift)
        guard b < before.count else { return nil }
        var i = Int(before[b])
        while i < transitions.count && transitions[i] <= t { i += 1 }
        return i
    }
}

/// floor(x) as an integer without a call to libm: the conversion truncates toward zero, one
/// less below zero when x had a fraction. Traps as `Int(x)` does (NaN, infinity, beyond Int).
@inline(__always)
func floorInt(_ x: Double) -> Int {
    let i = Int(x)
    return Double(i) > x ? i - 1 : i
}
