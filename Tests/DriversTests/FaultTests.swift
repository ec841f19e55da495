import HAL
import Testing
@testable import Drivers
@testable import Simulation

@Suite("faults")
struct FaultTests {
    final class Time { var t = 0.0 }

    func channel(_ model: ChipModel, seed: UInt64 = 1) -> (SimulatedI2CBus, SensorChannel, Time) {
        let time = Time()
        let world = SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.5)
        let bus = SimulatedBoard.bus(chips: [.init(chip: model, address: model.addresses[0], mounting: .identity)],
                                     world: world, now: { time.t }, seed: seed)
        return (bus, SensorChannel(sensor: model.driver(bus: bus, address: model.addresses[0], pause: noPause)), time)
    }

    @Test("5% bus errors: readings keep flowing, every error is counted, the chip is never reported lost",
          arguments: [ChipModel.qmc5883l, .mpu6050])
    func busErrors(model: ChipModel) {
        let (bus, ch, time) = channel(model, seed: 99)
        bus.errorRate = 0.05
        var samples = 0
        var lostSeen = false
        // 20 s polled at 50 Hz: the chips measure at 100 Hz, so every poll could have a sample.
        for i in 1...1000 {
            time.t = Double(i) * 0.02
            if ch.poll(now: time.t) != nil { samples += 1 }
            lostSeen = lostSeen || ch.isLost
        }
        #expect(bus.injectedErrors > 50)
        #expect(ch.errorCount == bus.injectedErrors)
        #expect(samples > 800, "\(samples) samples in 1000 polls")
        #expect(!lostSeen)
        #expect(ch.reinitializations < 5, "\(ch.reinitializations) re-initialisations for sporadic errors")
    }

    @Test("a chip that stops answering is reported within a second, and picked up again when it answers")
    func stopsAnswering() throws {
        let (bus, ch, time) = channel(.qmc5883l)
        var t = 0.0
        func run(until end: Double) {
            while t < end {
                t += 0.04  // the loop's 25 Hz
                time.t = t
                ch.poll(now: t)
            }
        }
        run(until: 2)
        #expect(ch.isHealthy && ch.sampleCount > 40)
        bus.silent.insert(0x0D)
        let stopped = t
        while !ch.isLost && t < stopped + 5 { run(until: t + 0.04) }
        #expect(ch.isLost)
        #expect(t - stopped <= 1.0, "reported after \(t - stopped) s")
        #expect(ch.lastError == .bus(I2CError(.addressNotAcknowledged, bus: "simulated", address: 0x0D, register: 0x06)) ||
                ch.lastError == .bus(I2CError(.addressNotAcknowledged, bus: "simulated", address: 0x0D, register: 0x0D)))
        run(until: 5)
        bus.silent.remove(0x0D)
        let back = t
        let before = ch.sampleCount
        while !(ch.isHealthy && ch.sampleCount > before) && t < back + 5 { run(until: t + 0.04) }
        #expect(ch.isHealthy && ch.sampleCount > before)
        #expect(t - back <= 1.0, "picked up after \(t - back) s")
    }

    @Test("a saturated sample is counted and skipped; the chip stays healthy")
    func saturated() {
        let time = Time()
        let world = SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.5)
        let bus = SimulatedBoard.bus(chips: [.init(chip: .qmc5883l, address: 0x0D, mounting: .identity)], world: world,
                                     now: { time.t })
        let ch = SensorChannel(sensor: QMC5883L(bus: bus))
        time.t = 0.5
        ch.poll(now: 0.5)
        world.fieldScale = 100
        time.t = 1
        #expect(ch.poll(now: 1) == nil)
        #expect(ch.saturationCount == 1 && ch.isHealthy && ch.errorCount == 0)
    }
}

@Suite("simulation tools")
struct SimulationToolTests {
    @Test("simulated GPIO records each edge with its time; repeated values are not edges")
    func gpioEdges() throws {
        var t = 100.0
        let out = SimulatedOutput(name: "BUZZER", now: { t })
        try out.set(true)
        t = 103
        try out.set(true)
        try out.set(false)
        t = 110
        try out.set(true)
        #expect(out.edges == [.init(time: 100, active: true), .init(time: 103, active: false), .init(time: 110, active: true)])
        let intervals = out.activeIntervals(until: 111)
        #expect(intervals.count == 2 && intervals[0] == (100, 103) && intervals[1] == (110, 111))
        out.failing = true
        #expect(throws: GPIOError.self) { try out.set(false) }
    }

    @Test("simulated GPIO keeps a bounded window of edges: a year of a status LED does not grow memory")
    func gpioWindow() throws {
        var t = 0.0
        let out = SimulatedOutput(name: "STATUS_LED", keep: 100, now: { t })
        for i in 0..<1_000_000 {
            t = Double(i)
            try out.set(i % 2 == 0)
        }
        #expect(out.edgeCount == 1_000_000)
        #expect(out.edges.count == 100 && out.edges.last == .init(time: 999_999, active: false) && out.edges.first?.time == 999_900)
        let none = SimulatedOutput(name: "BUZZER", keep: 0, now: { t })
        try none.set(true)
        #expect(none.edges.isEmpty && none.state && none.edgeCount == 1)
    }

    @Test("the virtual clock wakes sleepers in deadline order, only when advanced; wall steps leave monotonic alone")
    func virtualClock() async throws {
        let clock = VirtualClock(wallStart: 1_000)
        let order = OrderBox()
        let a = Task { try await clock.sleep(untilMonotonic: 5); await order.add("a") }
        let b = Task { try await clock.sleep(untilMonotonic: 2); await order.add("b") }
        while clock.sleeperCount < 2 { await Task.yield() }
        #expect(clock.nextDeadline == 2)
        clock.advance(to: 3)
        try await b.value
        #expect(await order.items == ["b"])
        #expect(clock.monotonicNow() == 3 && clock.wallNow() == 1_003)
        clock.stepWall(by: -3600)
        #expect(clock.monotonicNow() == 3 && clock.wallNow() == 1_003 - 3600)
        clock.advance(to: 10)
        try await a.value
        #expect(await order.items == ["b", "a"])
        // Cancelling a sleeper ends its sleep with CancellationError.
        let c = Task { try await clock.sleep(untilMonotonic: 100) }
        while clock.sleeperCount < 1 { await Task.yield() }
        c.cancel()
        await #expect(throws: CancellationError.self) { try await c.value }
    }

    @Test("scripted GNSS delivers each step when the clock reaches it")
    func scriptedGNSS() async throws {
        let clock = VirtualClock(wallStart: 0)
        let gnss = ScriptedGNSS(script: [
            .init(at: 1, ScriptedGNSS.fix(21.42, 39.83)), .init(at: 5, .status(.noFix)),
            .init(at: 9, ScriptedGNSS.fix(51.5, -0.13)),
        ], clock: clock)
        var it = gnss.events().makeAsyncIterator()
        while clock.sleeperCount < 1 { await Task.yield() }
        clock.advance(to: 1)
        #expect(await it.next() == ScriptedGNSS.fix(21.42, 39.83))
        while clock.sleeperCount < 1 { await Task.yield() }
        clock.advance(to: 6)
        #expect(await it.next() == .status(.noFix))
        while clock.sleeperCount < 1 { await Task.yield() }
        clock.advance(to: 9)
        #expect(await it.next() == ScriptedGNSS.fix(51.5, -0.13))
        #expect(await it.next() == nil)
    }
}

actor OrderBox {
    var items: [String] = []
    func add(_ s: String) { items.append(s) }
}
