import Foundation
import Synchronization
import Testing
@testable import Admin

@Suite("Admin login throttle")
struct LoginThrottleTests {
    final class Clock: Sendable {
        let t = Mutex(1000.0)
        var now: Double { t.withLock { $0 } }
        func advance(_ s: Double) { t.withLock { $0 += s } }
    }

    static func delay(_ v: LoginThrottle.Verdict) -> Double? {
        if case .allowed(let d) = v { return d }
        return nil
    }

    @Test("10 failures of a name from one address lock that name out from that address for 15 minutes; from another address it is let in")
    func locks() {
        let c = Clock()
        let th = LoginThrottle(now: { c.now })
        for _ in 0..<9 { _ = th.attempt("admin", from: "192.0.2.1"); c.advance(10) }
        #expect(th.lockedUntil("admin", from: "192.0.2.1") == nil)
        #expect(th.attempt("admin", from: "192.0.2.1") == .allowed(after: 0))
        #expect(th.lockedUntil("admin", from: "192.0.2.1") == c.now + 15 * 60)
        #expect(th.attempt("admin", from: "192.0.2.1") == .locked(until: c.now + 15 * 60))
        // The admin at another address, and another name at the attacker's address: let in at once.
        #expect(th.attempt("admin", from: "192.0.2.2") == .allowed(after: 0))
        #expect(th.attempt("ADMIN", from: "198.51.100.9") == .allowed(after: 0))
        #expect(th.attempt("imam", from: "192.0.2.1") == .allowed(after: 0))
        c.advance(15 * 60 - 1)
        #expect(th.lockedUntil("admin", from: "192.0.2.1") != nil)
        c.advance(2)
        #expect(th.lockedUntil("admin", from: "192.0.2.1") == nil)
        #expect(th.attempt("admin", from: "192.0.2.1") == .allowed(after: 0))
    }

    @Test("Failures older than the window do not count; a success clears the pair's failures")
    func windowAndReset() {
        let c = Clock()
        let th = LoginThrottle(now: { c.now })
        for _ in 0..<9 { _ = th.attempt("admin", from: "192.0.2.1") }
        c.advance(15 * 60 + 1)
        _ = th.attempt("admin", from: "192.0.2.1")
        #expect(th.lockedUntil("admin", from: "192.0.2.1") == nil)
        for _ in 0..<8 { _ = th.attempt("admin", from: "192.0.2.1") }
        th.succeeded("admin", from: "192.0.2.1")
        _ = th.attempt("admin", from: "192.0.2.1")
        #expect(th.lockedUntil("admin", from: "192.0.2.1") == nil)
    }

    @Test("Logins sent all at once from one address: no more than 10 are tried before the lockout; a success is not counted")
    func attemptsAreCountedBeforeTheyAreTried() {
        let c = Clock()
        let th = LoginThrottle(now: { c.now })
        let allowed = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            if case .allowed = th.attempt("admin", from: "192.0.2.1") { allowed.withLock { $0 += 1 } }
        }
        #expect(allowed.withLock { $0 } == 10)
        #expect(th.lockedUntil("admin", from: "192.0.2.1") != nil)
        // Sixty good logins by another name in the window neither lock it out nor slow anyone.
        for _ in 0..<60 {
            #expect(th.attempt("imam", from: "192.0.2.1") == .allowed(after: 0))
            th.succeeded("imam", from: "192.0.2.1")
        }
        #expect(!th.isSlowed)
    }

    @Test("60 failures under 60 names from 6 addresses: nobody is locked out; the admin from a 7th address is let in, after 3 s at most")
    func manyNamesManyAddresses() {
        let c = Clock()
        let th = LoginThrottle(now: { c.now })
        for i in 0..<60 {
            if case .locked = th.attempt("user\(i)", from: "192.0.2.\(i % 6 + 1)") { Issue.record("locked: \(i)") }
            c.advance(0.3)
        }
        #expect(th.isSlowed)
        let admin = Self.delay(th.attempt("admin", from: "192.0.2.7"))
        #expect(admin != nil && admin! > 0 && admin! <= 3, "\(String(describing: admin))")
        th.succeeded("admin", from: "192.0.2.7")
        // The attackers' own addresses are slowed (or turned away for a while), never locked, for a name they have not used.
        c.advance(3)
        #expect(Self.delay(th.attempt("admin", from: "192.0.2.1")) != nil)
    }

    @Test("Beyond 50 failures every attempt waits its turn, 1 s after the one before; beyond 3 s of queue it is turned away; a quiet window ends it")
    func slowing() {
        let c = Clock()
        let th = LoginThrottle(now: { c.now })
        for i in 0..<49 { _ = th.attempt("user\(i)", from: "192.0.2.\(i)") }
        #expect(!th.isSlowed)
        #expect(th.attempt("user49", from: "192.0.2.49") == .allowed(after: 0), "the 50th is not slowed: it makes 50")
        #expect(th.isSlowed)
        // All at once: queued a second apart, none over 3 s; the rest turned away, so that no
        // more than one a second is ever checked (at the cap, all passed at once before).
        let verdicts = (0..<5).map { th.attempt("x\($0)", from: "198.51.100.\($0)") }
        #expect(verdicts.map(Self.delay) == [1, 2, 3, nil, nil])
        #expect(verdicts[3] == .busy(until: c.now + 3) && verdicts[4] == .busy(until: c.now + 3))
        // A flood of 100 at once lets through what the schedule allows: none.
        #expect((0..<100).allSatisfy { if case .busy = th.attempt("z\($0)", from: "198.51.100.9") { true } else { false } })
        // One at a time, each after the last has waited: a second each.
        c.advance(10)
        #expect(Self.delay(th.attempt("y", from: "203.0.113.1")) == 1)
        c.advance(5)
        #expect(Self.delay(th.attempt("y", from: "203.0.113.1")) == 1)
        // An attack kept up for an hour never locks out a name it did not guess.
        for i in 0..<3600 {
            _ = th.attempt("guess\(i)", from: "203.0.113.\(i % 200)")
            c.advance(1)
        }
        #expect(th.lockedUntil("admin", from: "192.0.2.200") == nil)
        let admin = Self.delay(th.attempt("admin", from: "192.0.2.200"))
        #expect(admin != nil && admin! <= 3)
        th.succeeded("admin", from: "192.0.2.200")
        // Fifteen minutes without a failure: no wait.
        c.advance(15 * 60 + 1)
        #expect(!th.isSlowed)
        #expect(th.attempt("admin", from: "192.0.2.200") == .allowed(after: 0))
    }

    @Test("A flood of names and addresses is forgotten oldest first; the pairs kept stay bounded")
    func bounded() {
        let c = Clock()
        var limits = LoginThrottle.Limits()
        limits.pairs = 100
        let th = LoginThrottle(limits: limits, now: { c.now })
        for _ in 0..<10 { _ = th.attempt("admin", from: "192.0.2.1") }
        #expect(th.lockedUntil("admin", from: "192.0.2.1") != nil)
        for i in 0..<1000 {
            _ = th.attempt("n\(i)", from: "198.51.100.\(i % 250)")
            #expect(th.rememberedPairs <= 100)
        }
    }
}
