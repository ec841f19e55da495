import Drivers
import Foundation
import HAL
import PrayerTimes
import Synchronization
import Testing
@testable import Panels
@testable import Service
@testable import Simulation
import UnitModel

/// A bus whose every transfer holds a lock, so the test can look at the emulator (or make it
/// silent) between the display thread's transfers, never during one.
final class LockedBus: I2CBus, @unchecked Sendable {
    let inner: SimulatedI2CBus
    private let lock = NSLock()
    var name: String { inner.name }
    init(_ inner: SimulatedI2CBus) { self.inner = inner }
    func transfer(address: UInt8, write: [UInt8], read: inout [UInt8]) throws(I2CError) {
        lock.lock()
        defer { lock.unlock() }
        try inner.transfer(address: address, write: write, read: &read)
    }
    func inspect<T>(_ f: (SimulatedI2CBus) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return f(inner)
    }
}

/// The display thread against the feed, on the real clock: it follows publications, a
/// display that stops answering is logged once and retried, and at the stop the OLED goes dark.
@Suite("RealTime: the display thread", .serialized)
struct RealTimePanelOutputTests {
    /// Waits up to `seconds` for `condition`, checking every 10 ms.
    func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test("Follows the feed, survives a display that goes silent (one line, then 'back'), goes dark at the stop")
    func followsTheFeed() throws {
        let unit = try PanelUnit(zone: "Europe/London", lat: 51.5074, lon: -0.1278, date: CivilDate(year: 2026, month: 3, day: 29)!,
                                 display: .init(model: .ssd1306, address: 0x3C))
        let start = unit.clock.wallNow()
        try unit.show(at: start + 10 * 3600)  // runs the unit to 10:00 and gives us its input
        let input = unit.core.screenInput
        // A fresh bus and emulator for the thread (the unit's own stay with the test).
        let bus = LockedBus(SimulatedBoard.displayBus([.init(model: .ssd1306, address: 0x3C)]))
        let emulator = try #require(bus.inner.devices[0x3C] as? SSD1306Emulator)
        func seen() -> MonoFrame { bus.inspect { _ in emulator.visibleFrame() } }
        let logged = Mutex<[String]>([])
        let feed = ScreenFeed()
        let output = PanelOutput(drivers: [PanelDriver.emulated(.init(model: .ssd1306, address: 0x3C), on: bus)], feed: feed,
                                 maxRate: 20, retrySeconds: 0.3, log: { line in logged.withLock { $0.append(line) } })
        output.start()
        defer { output.stop() }

        let t0 = start + 10 * 3600
        feed.publish(input, wall: t0)
        let expected = OLEDLayout.frame(PanelContent(ScreenModel.at(t0, input)))
        #expect(eventually { seen() == expected }, "the first publication reaches the display")
        #expect(eventually { output.status().first?.state == .ok }, "\(output.status())")

        // The display stops answering: one line naming it, not one per publication.
        bus.inspect { $0.silent = [0x3C] }
        for k in 1...5 {
            feed.publish(input, wall: t0 + Double(k))
            usleep(100_000)
        }
        #expect(eventually { logged.withLock { $0.count } >= 1 })
        usleep(300_000)
        let failing = output.status()
        #expect(failing.count == 1 && failing[0].state == .failing && (failing[0].problem ?? "").contains("0x3c"), "\(failing)")
        let failures = logged.withLock { $0 }
        #expect(failures.count == 1 && failures[0].contains("0x3c"), "\(failures)")
        // Back: re-initialised, and the newest model shown.
        bus.inspect { $0.silent = [] }
        feed.publish(input, wall: t0 + 10)
        let later = OLEDLayout.frame(PanelContent(ScreenModel.at(t0 + 10, input)))
        #expect(eventually { seen() == later && logged.withLock { $0.last?.hasSuffix("back") ?? false } }, "\(logged.withLock { $0 })")
        #expect(eventually { output.status().first?.state == .ok && output.status().first?.problem == nil }, "\(output.status())")

        // Rate: 40 publications in a second give at most 20 renders (maxRate 20 here), and the
        // newest is the one shown.
        let before = output.renders
        let began = Date()
        for k in 1...40 {
            feed.publish(input, wall: t0 + 100 + Double(k))
            usleep(25_000)
        }
        let elapsed = Date().timeIntervalSince(began)
        let newest = OLEDLayout.frame(PanelContent(ScreenModel.at(t0 + 140, input)))
        #expect(eventually { seen() == newest })
        let renders = output.renders - before
        // At most one render per 50 ms of the publishing (and one more at each end); a loaded
        // machine stretches the second, so the bound is taken from the time it took.
        #expect(renders >= 2 && renders <= Int(elapsed * 20) + 2, "\(renders) renders for 40 publications in \(elapsed) s at 20 a second")

        output.stop()
        #expect(!bus.inspect { _ in emulator.displayOn }, "dark after a clean stop: no stale countdown")
    }
}
