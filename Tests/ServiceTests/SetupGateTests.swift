import Logging
import Service
import Synchronization
import Testing
import UnitModel

/// Setup mode's door: the code a person reads off the screen, and the throttle on guessing it.
@Suite("Setup: the one-time code and its throttle")
struct SetupGateTests {
    /// A gate on a clock the test moves, with codes "CODE01", "CODE02", … and a password the test sets.
    final class World: Sendable {
        let clock = Mutex(0.0)
        let password = Mutex(false)
        let made = Mutex(0)
        let shown = Mutex<[SetupView?]>([])
    }
    final class Harness: Sendable {
        let world = World()
        let gate: SetupGate

        init(limits: SetupGate.Limits = .init()) {
            let w = world
            gate = SetupGate(limits: limits, now: { w.clock.withLock { $0 } }, hasPassword: { w.password.withLock { $0 } },
                             makeCode: { w.made.withLock { $0 += 1; return "CODE0\($0)" } },
                             place: { ({ "https://masjid.local:8443/setup?code=\($0)" }, ["https://192.168.1.23:8443/setup"]) },
                             logger: Logger(label: "test"))
            gate.recheck()
            gate.onChange { v in w.shown.withLock { $0.append(v) } }
        }
        func advance(_ s: Double) { world.clock.withLock { $0 += s } }
        var code: String? { gate.view?.code }
    }

    @Test("A unit with no password is in setup mode; its screens are told the address with the code in it")
    func startsInSetup() {
        let h = Harness()
        #expect(h.gate.active)
        let v = h.gate.view
        #expect(v?.code == "CODE01")
        #expect(v?.url == "https://masjid.local:8443/setup?code=CODE01")
        #expect(v?.page == "https://masjid.local:8443/setup")
        #expect(v?.shortAddress == "masjid.local:8443")
        #expect(v?.addresses == ["https://192.168.1.23:8443/setup"])
        #expect(h.world.shown.withLock { $0 } == [v])
    }

    @Test("The right code, as a phone may type it (lower case, spaces, a dash), is accepted")
    func accepted() {
        let h = Harness()
        #expect(h.gate.check("code01", client: "10.0.0.5") == .accepted)
        #expect(h.gate.check("CODE-01", client: "10.0.0.5") == .accepted)
        #expect(h.gate.check(" code 01 ", client: "10.0.0.6") == .accepted)
        #expect(h.code == "CODE01")  // kept through right answers (a form refused for a field is sent again)
    }

    @Test("A wrong code makes its address wait, longer each time, at most a minute; other addresses are not held")
    func perAddress() {
        let h = Harness()
        #expect(h.gate.check("WRONG1", client: "10.0.0.5") == .wrong)
        #expect(h.gate.check("CODE01", client: "10.0.0.5") == .throttled(seconds: 1))  // even the right code waits
        #expect(h.gate.check("CODE01", client: "10.0.0.6") == .accepted)
        h.advance(1)
        #expect(h.gate.check("WRONG2", client: "10.0.0.5") == .wrong)
        #expect(h.gate.check("WRONG3", client: "10.0.0.5") == .throttled(seconds: 2))
        h.advance(2)
        #expect(h.gate.check("WRONG3", client: "10.0.0.5") == .wrong)
        #expect(h.gate.check("x", client: "10.0.0.5") == .throttled(seconds: 4))
        for _ in 0..<5 {
            h.advance(60)
            _ = h.gate.check("WRONGX", client: "10.0.0.5")
        }
        #expect(h.gate.check("x", client: "10.0.0.5") == .throttled(seconds: 60))
    }

    @Test("After 10 wrong codes in all the code changes and the screens are told the new one")
    func rotates() {
        let h = Harness()
        for i in 0..<9 {
            #expect(h.gate.check("WRONG\(i)", client: "10.0.1.\(i)") == .wrong)
        }
        #expect(h.code == "CODE01")
        #expect(h.gate.check("WRONG9", client: "10.0.1.9") == .wrong)
        #expect(h.code == "CODE02")
        #expect(h.gate.view?.generation == 2)
        #expect(h.world.shown.withLock { $0.last??.code } == "CODE02")
        #expect(h.gate.check("CODE01", client: "10.0.2.1") == .wrong)  // the old code no longer opens
        #expect(h.gate.check("CODE02", client: "10.0.2.2") == .accepted)
    }

    @Test("Wrong codes from many addresses are throttled in all: at most 20 a minute")
    func inAll() {
        var limits = SetupGate.Limits()
        limits.rotateAfter = 1000
        let h = Harness(limits: limits)
        for i in 0..<20 {
            #expect(h.gate.check("WRONG", client: "10.0.3.\(i)") == .wrong)
        }
        #expect(h.gate.check("CODE01", client: "10.0.4.1") == .throttled(seconds: 60))
        h.advance(60)
        #expect(h.gate.check("CODE01", client: "10.0.4.1") == .accepted)
    }

    @Test("A password set ends setup mode (the screens are told), and one removed starts it again with a new code")
    func endsAndStarts() {
        let h = Harness()
        h.world.password.withLock { $0 = true }
        h.advance(1)
        #expect(h.gate.active)  // asked again only every 2 s
        h.advance(1)
        #expect(!h.gate.active)
        #expect(h.world.shown.withLock { $0.last } == .some(nil))
        #expect(h.gate.check("CODE01", client: "10.0.0.5") == .wrong)  // no code outside setup mode
        h.world.password.withLock { $0 = false }
        h.gate.recheck()
        #expect(h.gate.active)
        #expect(h.code == "CODE02")
    }

    @Test("Codes come from an alphabet without look-alikes, six characters")
    func alphabet() {
        for _ in 0..<200 {
            let c = SetupCode.make()
            #expect(c.count == 6)
            #expect(c.allSatisfy { SetupCode.alphabet.contains($0) })
            #expect(!c.contains { "01OIL".contains($0) })
        }
    }
}
