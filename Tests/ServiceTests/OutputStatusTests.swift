import Foundation
import HAL
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// status.json's `outputs`: each output of the run's table adds its rows through the hub, in
/// the table's order, with its typed state; a report without outputs keeps its old bytes.
@Suite("status: every output with its state")
struct OutputStatusTests {
    /// An output that adds one fixed row (the relay's own is below).
    final class Fixed: OutputPlugin {
        let name: String
        let row: StatusReport.Output
        init(_ row: StatusReport.Output) { (name, self.row) = (row.name, row) }
        func start(_ hub: SnapshotHub) {}
        func status(into report: inout StatusReport) { report.add(row) }
    }

    func snapshot(_ wall: Double, phases: [UnitSnapshot.Phase] = [], sequence: UInt64 = 1) throws -> UnitSnapshot {
        let empty = try JSONDecoder().decode(StatusReport.self, from: Data(#"""
            {"time":"t","position":{"source":"none"},"compass":"none","clock":{"trusted":true,"steps":0},"status":"ok","gps":"none",
             "sensors":{"magnetometer":"none","accelerometer":"none","errors":0},"state":{"persisted":true},
             "counters":{"fired":0,"missed":0,"gpioErrors":0,"rejectedFixes":0}}
            """#.utf8))
        return UnitSnapshot(sequence: sequence, wall: wall, periodic: true, status: empty, phases: phases)
    }

    @Test("two relays and a server: rows in the hub's order, each relay's state following its own phases; the JSON's keys and values")
    func rows() throws {
        let hub = SnapshotHub()
        let amp = SimulatedOutput(name: "AMP", now: { 0 }), lights = SimulatedOutput(name: "LIGHTS", now: { 0 })
        let amplifier = RelayOutput(name: "amplifier", line: amp, during: [.adhan], log: { _ in })
        let hall = RelayOutput(name: "hall-lights", line: lights, during: [.prayer], log: { _ in })
        hub.add(amplifier)
        hub.add(hall)
        hub.add(Fixed(.init(name: "screen", kind: .server, state: .failing, problem: "address in use")))
        // The relays take snapshots on their own queues: given here directly, as the hub would.
        let s = try snapshot(100, phases: [.adhan])
        amplifier.receive(s)
        hall.receive(s)
        let report = hub.status(of: s)
        #expect(report.outputs == [.init(name: "amplifier", kind: .relay, state: .on), .init(name: "hall-lights", kind: .relay, state: .off),
                                   .init(name: "screen", kind: .server, state: .failing, problem: "address in use")])
        #expect(amp.state == true && lights.state == false)
        let json = String(decoding: report.json(), as: UTF8.self)
        #expect(json.contains(#""outputs":[{"kind":"relay","name":"amplifier","state":"on"},{"kind":"relay","name":"hall-lights","state":"off"},{"kind":"server","name":"screen","problem":"address in use","state":"failing"}]"#), "\(json)")
    }

    @Test("a relay whose line fails is \"failing\" with the line's error, and \"off\" again once set")
    func failingRelay() throws {
        let line = SimulatedOutput(name: "AMP", now: { 0 })
        let relay = RelayOutput(name: "amplifier", line: line, during: [.adhan], log: { _ in })
        line.failing = true
        relay.receive(try snapshot(1, phases: [.adhan]))
        var r = try snapshot(1).status
        relay.status(into: &r)
        #expect(r.outputs?.first?.state == .failing && r.outputs?.first?.problem?.contains("simulated failure") == true, "\(String(describing: r.outputs))")
        line.failing = false
        relay.receive(try snapshot(2, sequence: 2))
        var again = try snapshot(2).status
        relay.status(into: &again)
        #expect(again.outputs == [.init(name: "amplifier", kind: .relay, state: .off)])
    }

    @Test("no outputs: no \"outputs\" key, the report's bytes as before")
    func none() throws {
        let s = try snapshot(1)
        #expect(!String(decoding: SnapshotHub().status(of: s).json(), as: UTF8.self).contains("outputs"))
        #expect(SnapshotHub().status(of: s).json() == s.status.json())
    }
}
