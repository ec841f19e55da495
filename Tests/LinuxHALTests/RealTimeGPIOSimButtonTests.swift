import Foundation
import HAL
import Synchronization
import Testing
@testable import LinuxHAL

/// GPIOButton against the kernel: a gpio-sim line, pulled down and up as a button to
/// ground with a pull-up would be. Skipped where gpio-sim is not available (most hosts and
/// CI; the qemu rig has it).
@Suite("RealTime GPIOButton on a gpio-sim line", .enabled(if: GPIOSim.available, GPIOSim.skipReason))
struct RealTimeGPIOSimButtonTests {
    @Test("pressed and released through the line's pull: one edge each, on the monotonic clock, logical with active-low")
    func pressAndRelease() throws {
        let sim = try GPIOSim(lines: 4)
        defer { sim.remove() }
        let clock = SystemClock()
        let chip = try GPIOChip(path: sim.chipPath)
        let wakes = Atomic<Int>(0)
        let button = try GPIOButton(chip: chip, offset: 2, consumer: "mihrab-test", activeLow: true, bias: .pullUp,
                                    debounce: 0.02) { wakes.add(1, ordering: .relaxed) }
        defer { button.stop() }
        #expect(!button.isPressed)  // the requested pull-up holds it high: released

        func waitForWake(_ n: Int) -> Bool {
            let deadline = clock.monotonicNow() + 5
            while clock.monotonicNow() < deadline && wakes.load(ordering: .relaxed) < n { usleep(2_000) }
            return wakes.load(ordering: .relaxed) >= n
        }

        let before = clock.monotonicNow()
        try sim.pull(2, up: false)
        #expect(waitForWake(1))
        let now = clock.monotonicNow()
        let press = button.poll(now: now)
        #expect(press.map(\.pressed) == [true])
        // The kernel's stamp, on the same clock: after the pull, before it was read.
        if let t = press.first?.at { #expect(t >= before && t <= now, "edge at \(t), pulled at \(before), read by \(now)") }
        #expect(button.isPressed)

        usleep(100_000)
        try sim.pull(2, up: true)
        #expect(waitForWake(2))
        #expect(button.poll(now: clock.monotonicNow()).map(\.pressed) == [false])
        button.stop()
        #expect(button.failure == nil)
    }
}
