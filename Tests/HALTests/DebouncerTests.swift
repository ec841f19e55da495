import HAL
import Testing

@Suite("Debouncer")
struct DebouncerTests {
    let window = 0.02

    @Test("a clean press and release: one edge each, at the edges' own times")
    func clean() {
        var b = ContactBounce()
        b.change(to: true, at: 1.0)
        b.change(to: false, at: 1.3)
        let r = debounce(b.raw(), window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 1.0), ButtonEdge(pressed: false, at: 1.3)])
        #expect(r.debouncer.level == false)
    }

    @Test("a press bouncing for 5 ms (seven edges): one press, at its first edge, nothing when settled")
    func bouncyPress() {
        var b = ContactBounce()
        b.change(to: true, at: 1.0, bounces: [(0.0004, 0.0002), (0.0011, 0.0009), (0.0008, 0.0015)])
        #expect(b.toggles.count == 7 && (b.toggles.last?.at ?? .infinity) <= 1.005)
        let r = debounce(b.raw(), window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 1.0)])
        #expect(r.debouncer.level == true)
    }

    @Test("a worn contact bouncing for 45 ms, longer than the window: still one press")
    func longBounce() {
        var b = ContactBounce()
        // A bounce every 9 ms: each gap is shorter than the 20 ms window, the train is not.
        b.change(to: true, at: 2.0, bounces: Array(repeating: (0.008, 0.001), count: 5))
        #expect((b.toggles.last?.at ?? 0) - 2.0 >= 0.0449)
        let r = debounce(b.raw(), window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 2.0)])
    }

    @Test("a tap shorter than the window: the press at once, the release when settled")
    func shortTap() {
        var b = ContactBounce()
        b.change(to: true, at: 1.0, bounces: [(0.0003, 0.0001)])
        b.change(to: false, at: 1.008)
        let r = debounce(b.raw(), window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 1.0), ButtonEdge(pressed: false, at: 1.008 + window)])
    }

    @Test("a release whose last bounce leaves the line pressed (its edge lost): settled back to pressed")
    func releaseLeftWrong() {
        var b = ContactBounce(initial: true)
        b.change(to: false, at: 3.0)
        b.change(to: true, at: 3.002)   // the finger rolls back onto the contact...
        b.change(to: false, at: 3.003)
        b.change(to: true, at: 3.004)   // ...and stays: this edge is lost (the kernel's queue was full)
        var raw = b.raw()
        raw.removeLast()
        let r = debounce(raw, window: window, initial: true, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: false, at: 3.0), ButtonEdge(pressed: true, at: 3.003 + window)])
        #expect(r.debouncer.level == true)
    }

    @Test("edges labelled late (uAPI v1 reads the level after the line moved on): one press, settled right")
    func mislabelled() {
        var b = ContactBounce()
        b.change(to: true, at: 1.0, bounces: [(0.0002, 0.0003)])
        // Every label read 0.25 ms late: the first edge is seen as 'released', as is the second.
        let raw = b.raw(readDelay: { _ in 0.00025 })
        #expect(raw.map(\.pressed) == [false, false, true])
        let r = debounce(raw, window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 1.0005)])
    }

    @Test("a glitch (one 50 µs spike): taken as a press at once, released when settled (leading-edge)")
    func glitch() {
        var b = ContactBounce()
        b.change(to: true, at: 5.0)
        b.change(to: false, at: 5.00005)
        let r = debounce(b.raw(), window: window, initial: false, level: b.level(at:))
        #expect(r.edges == [ButtonEdge(pressed: true, at: 5.0), ButtonEdge(pressed: false, at: 5.00005 + window)])
    }

    @Test("settle: nothing before the line is quiet, nothing at the debounced level")
    func settleRules() {
        var d = Debouncer(window: window)
        #expect(d.edge(pressed: true, at: 1.0) == ButtonEdge(pressed: true, at: 1.0))
        #expect(d.edge(pressed: false, at: 1.004) == nil)
        #expect(d.settleTime == 1.004 + window)
        #expect(d.settle(actual: false, at: 1.01) == nil)          // too early: unchanged
        #expect(d.level == true)
        #expect(d.settle(actual: true, at: 1.03) == nil)           // quiet, and pressed as debounced
        #expect(d.settle(actual: false, at: 1.03) == ButtonEdge(pressed: false, at: 1.03))
        #expect(d.lastChange == 1.03 && d.settleTime == 1.03 + window)
    }

    @Test("an edge older than the last one (out of order) is ignored")
    func outOfOrder() {
        var d = Debouncer(window: window)
        _ = d.edge(pressed: true, at: 2.0)
        #expect(d.settle(actual: false, at: 2.5) != nil)
        #expect(d.edge(pressed: true, at: 2.4) == nil)
        #expect(d.level == false)
    }

    @Test("window 0: every change is taken, repeats are not")
    func zeroWindow() {
        var d = Debouncer(window: 0)
        #expect(d.edge(pressed: true, at: 1.0) != nil)
        #expect(d.edge(pressed: true, at: 1.0001) == nil)
        #expect(d.edge(pressed: false, at: 1.0002) != nil)
    }

    @Test("random bounce trains (200 seeded runs of 20 presses): one edge per real change, levels alternate",
          arguments: [false, true])
    func randomTrains(lateLabels: Bool) {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            var b = ContactBounce()
            var t = 1.0
            var changes: [Double] = []
            for i in 0..<40 {
                t += rng.double(0.06...0.5)   // held or left at least 60 ms
                changes.append(t)
                b.change(to: i % 2 == 0, at: t, bounces: ContactBounce.bounces(&rng))
            }
            var lateRng = SplitMix64(seed: seed &* 31)
            let delays = (0..<b.toggles.count).map { _ in lateLabels ? lateRng.double(0...200e-6) : 0 }
            let r = debounce(b.raw(readDelay: { delays[$0] }), window: window, initial: false, level: b.level(at:))
            #expect(r.edges.count == changes.count, "seed \(seed): \(r.edges.count) edges for \(changes.count) changes")
            guard r.edges.count == changes.count else { continue }
            for (i, (e, c)) in zip(r.edges, changes).enumerated() {
                #expect(e.pressed == (i % 2 == 0))
                if lateLabels {
                    #expect(e.at >= c && e.at <= c + 0.005 + window + 1e-9, "seed \(seed): change at \(c), edge at \(e.at)")
                } else {
                    #expect(e.at == c, "seed \(seed): change at \(c), edge at \(e.at)")
                }
            }
            #expect(r.debouncer.level == false)
        }
    }
}
