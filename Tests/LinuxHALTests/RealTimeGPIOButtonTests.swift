import HAL
import Synchronization
import Testing
@testable import LinuxHAL

#if canImport(Glibc)
import Glibc
#endif

/// GPIOButton's thread over a stand-in line, on the real monotonic clock (RealTime: run
/// one suite at a time, see the Makefile). Edges carry times from that clock, as the
/// kernel's would.
@Suite("RealTime GPIOButton over a stand-in line")
struct RealTimeGPIOButtonTests {
    let window = 0.03
    let clock: @Sendable () -> Double = { SystemClock().monotonicNow() }

    /// Waits (polling) up to 5 s for `condition`; true when it held.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = clock() + 5
        while clock() < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    func edge(_ active: Bool, _ at: Double) -> GPIOInputLine.Edge { GPIOInputLine.Edge(active: active, at: at) }

    @Test("a bouncy press: one press at the kernel's time, onEdge called, poll hands it over once")
    func bouncyPress() throws {
        let line = FakeButtonLine()
        let wakes = Atomic<Int>(0)
        let button = try GPIOButton(line: line, debounce: window, clock: clock) { wakes.add(1, ordering: .relaxed) }
        defer { button.stop() }
        #expect(button.name == "fake line 5" && button.nextTime == nil && !button.isPressed)
        let t0 = clock()
        line.push([edge(true, t0), edge(false, t0 + 0.0004), edge(true, t0 + 0.0011)], level: true)
        #expect(eventually { wakes.load(ordering: .relaxed) >= 1 })
        #expect(button.poll(now: clock()) == [ButtonEdge(pressed: true, at: t0)])
        #expect(button.isPressed)
        // The line is read back once quiet: still pressed, so nothing more.
        #expect(eventually { line.state.withLock { $0.reads } >= 1 && clock() > t0 + 0.0011 + 2 * window })
        usleep(UInt32(window * 2e6))
        #expect(button.poll(now: clock()).isEmpty)
        #expect(wakes.load(ordering: .relaxed) == 1)
    }

    @Test("a tap shorter than the window: the press at once, the release when the line is read back")
    func shortTap() throws {
        let line = FakeButtonLine()
        let wakes = Atomic<Int>(0)
        let button = try GPIOButton(line: line, debounce: window, clock: clock) { wakes.add(1, ordering: .relaxed) }
        defer { button.stop() }
        let t0 = clock()
        // The release edge is lost (or ignored, within the window); the level says released.
        line.push([edge(true, t0)], level: false)
        // Waits for the edges themselves: under load the press and the release can come in one
        // wake (the release read back before the loop was woken for the press), so the wakes
        // are counted only as "at least one".
        var edges: [ButtonEdge] = []
        #expect(eventually {
            edges += button.poll(now: clock())
            return edges.count >= 2
        })
        #expect(wakes.load(ordering: .relaxed) >= 1)
        #expect(edges.map(\.pressed) == [true, false])
        #expect(edges.first?.at == t0)
        #expect((edges.last?.at ?? 0) >= t0 + window)
        #expect(!button.isPressed)
    }

    @Test("a button held at start reads pressed and gives no edge")
    func heldAtStart() throws {
        let line = FakeButtonLine(level: true)
        let button = try GPIOButton(line: line, debounce: window, clock: clock) {}
        defer { button.stop() }
        #expect(button.isPressed)
        usleep(UInt32(window * 2e6))
        #expect(button.poll(now: clock()).isEmpty)
    }

    @Test("stop ends the thread and releases the line; so does letting the button go")
    func stopAndDeinit() throws {
        let line = FakeButtonLine()
        let button = try GPIOButton(line: line, debounce: window, clock: clock) {}
        #expect(!line.released)
        button.stop()
        #expect(line.released)  // stop waited for the thread
        button.stop()           // idempotent

        let other = FakeButtonLine()
        do { _ = try GPIOButton(line: other, debounce: window, clock: clock) {} }
        #expect(other.released)
    }

    @Test("stop called from onEdge (on the button's own thread) does not wait for itself")
    func stopFromOnEdge() throws {
        let line = FakeButtonLine()
        let holder = Mutex<GPIOButton?>(nil)
        let button = try GPIOButton(line: line, debounce: window, clock: clock) {
            holder.withLock { $0 }?.stop()
        }
        holder.withLock { $0 = button }
        line.push([edge(true, clock())], level: true)
        #expect(eventually { line.released })
        holder.withLock { $0 = nil }
        button.stop()
    }

    @Test("a failing read ends the thread: failure kept, onEdge called, the line released")
    func readFailure() throws {
        let line = FakeButtonLine()
        let wakes = Atomic<Int>(0)
        let button = try GPIOButton(line: line, debounce: window, clock: clock) { wakes.add(1, ordering: .relaxed) }
        defer { button.stop() }
        line.failNextRead(SystemError("read GPIO edges from", "fake line 5", errno: ENODEV))
        #expect(eventually { line.released })
        #expect(wakes.load(ordering: .relaxed) == 1)
        #expect(button.failure?.errno == ENODEV)
        #expect(button.failure?.description.contains("fake line 5") == true)
    }

    @Test("a debounce outside 0...1 s is refused with EINVAL, and the line released", arguments: [-0.01, 2.0, .nan])
    func badDebounce(debounce: Double) {
        let line = FakeButtonLine()
        #expect {
            _ = try GPIOButton(line: line, debounce: debounce, clock: clock) {}
        } throws: { error in
            (error as? SystemError)?.errno == EINVAL && "\(error)".contains("fake line 5")
        }
        #expect(line.released)
    }

    @Test("kernel nanoseconds to seconds, without losing the nanoseconds of a long uptime")
    func seconds() {
        #expect(GPIOInputLine.seconds(1_500_000_000) == 1.5)
        #expect(GPIOInputLine.seconds(0) == 0)
        let t = GPIOInputLine.seconds(86_400 * 400 * 1_000_000_000 + 123_456)  // 400 days up
        #expect(abs(t - (86_400 * 400 + 0.000123456)) < 1e-6)
    }

    @Test("bias spellings, as a board file would write them")
    func biasNames() {
        #expect(GPIOBias(rawValue: "pull-up") == .pullUp)
        #expect(GPIOBias.allCases.map(\.rawValue) == ["as-is", "disabled", "pull-up", "pull-down"])
    }
}
