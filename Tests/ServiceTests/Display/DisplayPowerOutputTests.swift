import Foundation
import HAL
import Synchronization
import Testing
@testable import Drivers
@testable import Service
@testable import Simulation
import UnitModel

/// The display-power output given snapshots by hand (as the hub would, on its queue): the TV
/// that answers, the one that never answers, the one not on the bus, the compositor's file.
@Suite("the display-power output")
struct DisplayPowerOutputTests {
    final class Lines: @unchecked Sendable {
        let lines = Mutex<[String]>([])
        func log(_ s: String) { lines.withLock { $0.append(s) } }
        var all: [String] { lines.withLock { $0 } }
    }

    final class Clock: @unchecked Sendable {
        let t = Mutex(0.0)
        var now: Double { t.withLock { $0 } }
        func set(_ v: Double) { t.withLock { $0 = v } }
    }

    /// An adapter that counts what it is given, in front of another.
    final class Counting: CECAdapter, @unchecked Sendable {
        let inner: any CECAdapter
        let sent = Mutex<[CECMessage]>([])
        init(_ inner: any CECAdapter) { self.inner = inner }
        var name: String { inner.name }
        func claimPlayback(osdName: String) throws(CECError) -> (logical: UInt8, physical: UInt16) { try inner.claimPlayback(osdName: osdName) }
        func transmit(_ message: CECMessage, reply: UInt8?, timeout: Double) throws(CECError) -> CECMessage? {
            sent.withLock { $0.append(message) }
            return try inner.transmit(message, reply: reply, timeout: timeout)
        }
    }

    func snapshot(_ wall: Double, _ power: StatusReport.Power?) throws -> UnitSnapshot {
        var status = try JSONDecoder().decode(StatusReport.self, from: Data(#"""
            {"time":"t","position":{"source":"none"},"compass":"none","clock":{"trusted":true,"steps":0},"status":"ok","gps":"none",
             "sensors":{"magnetometer":"none","accelerometer":"none","errors":0},"state":{"persisted":true},
             "counters":{"fired":0,"missed":0,"gpioErrors":0,"rejectedFixes":0}}
            """#.utf8))
        status.display = power.map { StatusReport.DisplayPower(power: $0, reason: .schedule, driver: .cec) }
        return UnitSnapshot(sequence: 1, wall: wall, periodic: true, status: status)
    }

    func report(_ output: DisplayPowerOutput, _ s: UnitSnapshot) -> StatusReport {
        var r = s.status
        output.status(into: &r)
        return r
    }

    @Test("a TV that answers: the state that holds asserted at the first snapshot, then each change; its answer in the status")
    func answers() throws {
        let clock = Clock(), lines = Lines()
        let tv = EmulatedTelevision(on: true, transition: 2, now: { clock.now })
        let output = DisplayPowerOutput(driver: CECTelevision(adapter: tv), log: lines.log)
        output.receive(try snapshot(0, .off))   // a restart at night: the TV left on is put in standby
        #expect(tv.current.power == .onToStandby)
        clock.set(3)
        output.receive(try snapshot(3, .off))   // no change: nothing sent, not asked again before a minute
        #expect(tv.current.received.count == 2)  // <Standby>, <Give Device Power Status>
        var r = report(output, try snapshot(3, .off))
        #expect(r.display?.reported == .turningOff)  // asked just after the request: the TV was on its way
        #expect(r.outputs == [.init(name: "display", kind: .tv, state: .off)])
        clock.set(61)
        output.receive(try snapshot(61, .off))  // a minute on: asked again, settled
        r = report(output, try snapshot(61, .off))
        #expect(r.display?.reported == .standby && r.display?.problem == nil)
        output.receive(try snapshot(62, .on))
        #expect(tv.current.power == .standbyToOn && tv.current.activeSource == 0x1000)
        #expect(output.changes.map(\.on) == [false, true])
        #expect(lines.all.count == 2 && lines.all[0].hasSuffix("(the state that holds, at the start)"))
        // No display part (power = "none", or an older unit): nothing at all.
        output.receive(try snapshot(63, nil))
        #expect(output.changes.count == 2)
    }

    @Test("a TV that never answers: its power is asked for all the same, logged once, shown as no-answer")
    func silent() throws {
        let clock = Clock(), lines = Lines()
        let tv = EmulatedTelevision(behaviour: .silent, now: { clock.now })
        let output = DisplayPowerOutput(driver: CECTelevision(adapter: tv), log: lines.log)
        for t in stride(from: 0.0, through: 600, by: 30) {
            clock.set(t)
            output.receive(try snapshot(t, t < 300 ? .on : .off))
        }
        let r = report(output, try snapshot(600, .off))
        #expect(r.display?.reported == .noAnswer && r.display?.problem == nil)
        #expect(output.changes.map(\.on) == [true, false])
        #expect(lines.all.filter { $0.contains("does not answer") }.count == 1)
        #expect(tv.current.received.map(\.message.description).filter { $0 != "40:8f" } == ["40:04", "4f:82:10:00", "40:36"])
    }

    @Test("a TV not on the bus: one line when it starts failing, tried again each minute (not each snapshot), failing in the status")
    func absent() throws {
        let clock = Clock(), lines = Lines()
        let tv = EmulatedTelevision(behaviour: .absent, now: { clock.now })
        let bus = Counting(tv)
        let output = DisplayPowerOutput(driver: CECTelevision(adapter: bus), log: lines.log)
        for t in stride(from: 0.0, through: 150, by: 1) { output.receive(try snapshot(t, .on)) }
        // At 0, 60 and 120: <Image View On> each time, refused; never asked its power meanwhile.
        #expect(bus.sent.withLock { $0 }.map(\.description) == ["40:04", "40:04", "40:04"])
        #expect(tv.current.received.isEmpty)  // nothing acknowledged
        let r = report(output, try snapshot(150, .on))
        #expect(r.outputs?.first?.state == .failing)
        #expect(r.display?.problem?.contains("did not acknowledge <Image View On>") == true)
        #expect(lines.all.count == 1 && lines.all[0].contains("tried again in 60 s, the unit runs on"))
        #expect(output.changes.isEmpty)
    }

    @Test("the compositor's way: the runtime directory's display-power file, on or off, replaced whole; it cannot ask")
    func compositor() throws {
        let dir = NSTemporaryDirectory() + "mihrab-dp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let output = DisplayPowerOutput(driver: CompositorPower(runtimeDirectory: dir), log: { _ in })
        output.receive(try snapshot(0, .off))
        #expect(try String(contentsOfFile: dir + "/display-power", encoding: .utf8) == "off\n")
        output.receive(try snapshot(1, .on))
        #expect(try String(contentsOfFile: dir + "/display-power", encoding: .utf8) == "on\n")
        #expect(report(output, try snapshot(1, .on)).display?.reported == nil)
        // Both ways: the TV not on the bus still gets the compositor's request, and the failure is shown.
        let both = CombinedPower(cec: CECTelevision(adapter: EmulatedTelevision(behaviour: .absent, now: { 0 })),
                                 compositor: CompositorPower(runtimeDirectory: dir))
        #expect(throws: DisplayPowerError.self) { try both.set(false) }
        #expect(try String(contentsOfFile: dir + "/display-power", encoding: .utf8) == "off\n")
        // A directory that is not there: the request's one line.
        let missing = CompositorPower(runtimeDirectory: dir + "/none")
        #expect(throws: DisplayPowerError.self) { try missing.set(true) }
    }
}
