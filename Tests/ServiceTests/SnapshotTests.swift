import Platform
import Foundation
import HAL
import Logging
import PrayerTimes
import Synchronization
import Testing
@testable import Service
@testable import Simulation
import UnitModel

/// A subscriber made of a closure (every snapshot, or the once-a-second ones; the last one at
/// the stop too, with `last`).
final class ClosureSubscriber: SnapshotSubscriber {
    let name = "test"
    let everySnapshot: Bool
    private let last: Bool
    private let body: @Sendable (UnitSnapshot) -> Void
    init(every: Bool = false, last: Bool = false, _ body: @escaping @Sendable (UnitSnapshot) -> Void) {
        everySnapshot = every
        self.last = last
        self.body = body
    }
    func receive(_ snapshot: UnitSnapshot) { body(snapshot) }
    func finish(_ snapshot: UnitSnapshot) { if last { body(snapshot) } }
}

/// The daemon's snapshots and their outputs in virtual time: a relay across an adhan and its
/// iqamah, and a stuck output that never holds the loop. Serialized: each runs a daemon (its
/// signal handlers are the process's).
@Suite("snapshots and outputs", .serialized)
struct SnapshotTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// London, 2026-05-05, from 12:30: Dhuhr's adhan (12:58) and its iqamah 15 minutes later.
    func unit() throws -> UnitHarness {
        let date = try #require(CivilDate(iso: "2026-05-05"))
        return try UnitHarness(zone: "Europe/London", lat: 51.5074, lon: -0.1278, start: date, startMinute: 750)
    }

    @Test("a relay during [adhan, iqamah] goes on at Dhuhr's adhan and off at its iqamah, to the virtual second")
    func relayAcrossAdhanAndIqamah() async throws {
        let unit = try unit()
        let line = SimulatedOutput(name: "RELAY", now: { 0 })
        let relay = RelayOutput(line: line, during: [.adhan, .iqamah], log: { _ in })
        var options = Daemon.Options()
        options.hub.subscribe(relay)
        options.speed = 1e6
        options.until = unit.clock.wallNow() + 3600
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options, logger: Self.quiet)
        #expect(await daemon.run() == 0)
        let today = try #require(CivilDate(iso: "2026-05-05"))
        let adhan = try #require(unit.core.events.first { $0.kind == .adhan && $0.prayer == .dhuhr && $0.date == today }).time
        let iqamah = try #require(unit.core.events.first { $0.kind == .iqamah && $0.prayer == .dhuhr && $0.date == today }).time
        #expect(iqamah - adhan == 900)
        #expect(relay.changes == [.init(wall: adhan, on: true), .init(wall: iqamah, on: false)])
        #expect(line.edgeCount == 2 && line.state == false)
    }

    @Test("a relay during [prayer] follows a span that no event marks: off at the iqamah + screen.prayer_seconds")
    func relayAtAPhaseWithoutEvent() async throws {
        let unit = try unit()
        let line = SimulatedOutput(name: "RELAY", now: { 0 })
        let relay = RelayOutput(line: line, during: [.prayer], log: { _ in })
        var options = Daemon.Options()
        options.hub.subscribe(relay)
        options.speed = 1e6
        options.until = unit.clock.wallNow() + 3600
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options, logger: Self.quiet)
        #expect(await daemon.run() == 0)
        let today = try #require(CivilDate(iso: "2026-05-05"))
        let iqamah = try #require(unit.core.events.first { $0.kind == .iqamah && $0.prayer == .dhuhr && $0.date == today }).time
        #expect(relay.changes == [.init(wall: iqamah, on: true), .init(wall: iqamah + unit.config.screen.prayerSeconds, on: false)])
    }

    @Test("a relay on at the stop is turned off")
    func relayOffAtStop() async throws {
        let unit = try unit()
        let line = SimulatedOutput(name: "RELAY", now: { 0 })
        let relay = RelayOutput(line: line, during: [.iqamah], log: { _ in })
        var options = Daemon.Options()
        options.hub.subscribe(relay)
        options.speed = 1e6
        options.until = LocalMinute.instant(try #require(CivilDate(iso: "2026-05-05")), minute: 13 * 60 + 5, zone: unit.zone)
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options, logger: Self.quiet)
        #expect(await daemon.run() == 0)
        #expect(relay.changes.map(\.on) == [true, false] && line.state == false, "\(relay.changes)")
    }

    @Test("an output stuck in its first snapshot never holds the loop: a virtual hour runs past it, and it then gets the newest")
    func stuckOutputNeverHoldsTheLoop() async throws {
        let unit = try unit()
        let gate = DispatchSemaphore(value: 0)
        let slow = Mutex<[UInt64]>([])
        let fast = Mutex<[UnitSnapshot]>([])
        var options = Daemon.Options()
        options.hub.subscribe(ClosureSubscriber(every: true, last: true) { s in
            let first = slow.withLock { $0.append(s.sequence); return $0.count == 1 }
            if first { gate.wait() }
        })
        options.hub.subscribe(ClosureSubscriber(every: true, last: true) { s in fast.withLock { $0.append(s) } })
        options.speed = 1e6
        let until = unit.clock.wallNow() + 3600
        options.until = until
        let daemon = Daemon(core: unit.core, clock: unit.clock, virtual: unit.clock, options: options, logger: Self.quiet)
        let run = Task { await daemon.run() }
        let end = monotonicSeconds() + 10
        while fast.withLock({ $0.last?.wall ?? 0 }) < until, monotonicSeconds() < end { try await Task.sleep(nanoseconds: 2_000_000) }
        let seen = fast.withLock { $0 }
        #expect(seen.last.map { $0.wall >= until } == true, "the loop did not reach the end of the hour")
        #expect(slow.withLock { $0.count } == 1, "the stuck output was given more than one snapshot while stuck")
        // The hour's events went out while it was stuck: Dhuhr's reminder, adhan and iqamah.
        let types = seen.last?.events.map(\.event.type) ?? []
        #expect(types == [.reminder, .adhan, .iqamah], "\(types)")
        #expect(Set(seen.flatMap(\.phases)).isSuperset(of: [.reminder, .adhan, .iqamah, .prayer]))
        gate.signal()
        #expect(await run.value == 0)
        // Then it took the newest only, and the last.
        let last = try #require(fast.withLock { $0.last }?.sequence)
        #expect(slow.withLock { $0.last } == last)
        #expect(slow.withLock { $0.count } <= 3)
    }

    @Test("a snapshot codes without its screen input; events after a number tell what was lost")
    func snapshotCodable() throws {
        let unit = try unit()
        _ = unit.core.tick()
        let e = UnitEvent(type: .adhan, prayer: "dhuhr", at: "x")
        let s = unit.core.snapshot(sequence: 7, wall: unit.clock.wallNow(), periodic: true, loop: nil,
                                   events: [.init(number: 4, event: e), .init(number: 5, event: e)])
        #expect(s.screen != nil && s.lines["status"] != nil)
        let back = try JSONDecoder().decode(UnitSnapshot.self, from: JSONEncoder().encode(s))
        #expect(back.sequence == 7 && back.status == s.status && back.events == s.events && back.phases == s.phases && back.screen == nil)
        #expect(s.events(after: 1).lost == 2 && s.events(after: 4).events.map(\.number) == [5] && s.events(after: 5).events.isEmpty)
    }
}

/// `[outputs] relay` in a board file.
@Suite("board outputs")
struct BoardOutputsTests {
    func load(_ body: String, gpio: String = "") throws(ConfigError) -> BoardConfig {
        let path = NSTemporaryDirectory() + "board-\(UUID().uuidString).toml"
        try? Data("name = \"t\"\n[i2c]\nbus = \"simulated\"\n\(gpio)\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try BoardConfig.load(path: path)
    }

    @Test("a relay: its line and its phases")
    func relay() throws {
        let b = try load("[outputs]\nrelay = { line = 5, during = [\"adhan\", \"iqamah\", \"adhan\"] }")
        #expect(b.outputs.relays.count == 1 && b.outputs.relays.first?.name == "relay")
        #expect(b.outputs.relays.first?.line.locator == .offset(5) && b.outputs.relays.first?.during == [.adhan, .iqamah])
        #expect(try load("").outputs.relays.isEmpty)
    }

    @Test("a bad relay is refused with one line naming the file and the key")
    func badRelay() {
        let cases: [(String, String, String)] = [
            ("[outputs]\nrelay = { line = 5, during = [\"adhan\", \"lunch\"] }", "outputs.relay.during", "'lunch' is not a phase"),
            ("[outputs]\nrelay = { line = 5 }", "outputs.relay.during", "is missing"),
            ("[outputs]\nrelay = { line = 5, during = [] }", "outputs.relay.during", "is empty"),
            ("[outputs]\nrelay = { during = [\"adhan\"] }", "outputs.relay.line", "is missing"),
            ("[outputs]\nrelay = { line = 5, during = [\"adhan\"], colour = \"red\" }", "outputs.relay.colour", "unknown key"),
            ("[outputs]\nlamp = { line = 5 }", "outputs.lamp", "unknown key"),
        ]
        for (body, key, message) in cases {
            do {
                _ = try load(body)
                Issue.record("accepted: \(body)")
            } catch {
                let line = error.description
                #expect(!line.contains("\n") && line.contains("board-") && line.contains(".toml") && line.contains(key + ": ") && line.contains(message), "\(line)")
            }
        }
    }

    @Test("a real board's relay needs the GPIO chip")
    func relayNeedsChip() {
        let path = NSTemporaryDirectory() + "board-\(UUID().uuidString).toml"
        try? Data("name = \"t\"\n[i2c]\nbus = 1\n[outputs]\nrelay = { line = 5, during = [\"adhan\"] }\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigError.self) { try BoardConfig.load(path: path) }
        do { _ = try BoardConfig.load(path: path) } catch { #expect(error.path == "gpio.chip" && error.file == path) }
    }
}
