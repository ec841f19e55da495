import HAL

/// A push button's contacts as a datasheet describes them: each press or release is a
/// train of bounces (the contact opening and closing again) lasting up to `bounceLimit`
/// (5 ms for a tactile switch such as Omron's B3F), pulses of 20 µs to 1 ms.
struct ContactBounce {
    /// A change of the line's level: `level` from `at` on.
    struct Toggle: Equatable {
        let at: Double
        let level: Bool
    }

    /// A raw edge as the kernel reports it: its label may be wrong when the level was read
    /// late (uAPI v1 reads it in the interrupt thread, after the line moved on).
    struct Raw: Equatable {
        let pressed: Bool
        let at: Double
    }

    let initial: Bool
    private(set) var toggles: [Toggle] = []

    init(initial: Bool = false) { self.initial = initial }

    func level(at t: Double) -> Bool { toggles.last { $0.at <= t }?.level ?? initial }

    /// A clean change at `t`.
    mutating func change(to level: Bool, at t: Double) { toggles.append(Toggle(at: t, level: level)) }

    /// A change at `t` with bounces after it: each `(width, gap)` pair is a pulse back to the
    /// old level `width` seconds long, `gap` seconds after the previous toggle.
    mutating func change(to level: Bool, at t: Double, bounces: [(gap: Double, width: Double)]) {
        change(to: level, at: t)
        var now = t
        for b in bounces {
            now += b.gap
            change(to: !level, at: now)
            now += b.width
            change(to: level, at: now)
        }
    }

    /// The kernel's edges: each toggle, labelled with the level `readDelay` after it.
    func raw(readDelay: (Int) -> Double = { _ in 0 }) -> [Raw] {
        toggles.enumerated().map { i, t in Raw(pressed: level(at: t.at + readDelay(i)), at: t.at) }
    }

    /// Random bounces within `limit` seconds (a deterministic generator: same seed, same train).
    static func bounces(_ rng: inout SplitMix64, limit: Double = 0.005) -> [(gap: Double, width: Double)] {
        var out: [(gap: Double, width: Double)] = []
        var used = 0.0
        for _ in 0..<rng.int(0...4) {
            let gap = rng.double(20e-6...1e-3), width = rng.double(20e-6...1e-3)
            if used + gap + width > limit { break }
            used += gap + width
            out.append((gap, width))
        }
        return out
    }
}

/// Runs raw edges through a Debouncer the way GPIOButton's thread does: each edge in
/// turn, and `settle` with the line's actual level whenever the line has been quiet for the
/// window (again after a settled change).
func debounce(_ raw: [ContactBounce.Raw], window: Double, initial: Bool,
              level: (Double) -> Bool) -> (edges: [ButtonEdge], debouncer: Debouncer) {
    var d = Debouncer(window: window, level: initial)
    var out: [ButtonEdge] = []
    var pending = false
    func settle(before limit: Double) {
        while pending && d.settleTime <= limit {
            let t = d.settleTime
            if let e = d.settle(actual: level(t), at: t) { out.append(e) } else { pending = false }
        }
    }
    for r in raw {
        settle(before: r.at)
        if let e = d.edge(pressed: r.pressed, at: r.at) { out.append(e) }
        pending = true
    }
    settle(before: .infinity)
    return (out, d)
}

/// SplitMix64: small, seedable, the same numbers on every platform.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func double(_ r: ClosedRange<Double>) -> Double {
        r.lowerBound + Double(next() >> 11) / Double(1 << 53) * (r.upperBound - r.lowerBound)
    }
    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
}
