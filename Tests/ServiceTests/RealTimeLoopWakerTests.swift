import Platform
import Dispatch
import Foundation
import HAL
import Testing
@testable import Service

/// The loop's sleep ends when another thread has news (the stop button): on the real clock.
@Suite("RealTime loop waker")
struct RealTimeLoopWakerTests {
    @Test("a wake from another thread ends a 30 s sleep at once")
    func wakeEndsSleep() {
        let waker = LoopWaker()
        let start = Date()
        // Its own thread (not the pool's, which this test's sleep may be holding on one CPU).
        Thread {
            usleep(50_000)
            waker.wake()
        }.start()
        #expect(waker.sleep(seconds: 30), "reported as woken, not timed out")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a wake while the loop is busy ends its next sleep; a sleep with no wake lasts its time")
    func pendingWake() {
        let waker = LoopWaker()
        waker.wake()
        let start = Date()
        #expect(waker.sleep(seconds: 30))
        #expect(Date().timeIntervalSince(start) < 10)
        let again = Date()
        #expect(!waker.sleep(seconds: 0.2), "timed out")
        #expect(Date().timeIntervalSince(again) >= 0.19, "the wake was used up: this sleep runs its course")
    }

    @Test("a sleep toward an absolute deadline ends at it, not later by the time spent before the call")
    func absoluteDeadline() {
        let waker = LoopWaker()
        let deadline = monotonicSeconds() + 0.3
        usleep(100_000)  // work before the sleep: the deadline does not move
        #expect(!waker.sleep(untilMonotonic: deadline))
        let late = monotonicSeconds() - deadline
        #expect(late >= 0 && late < 0.15, "ended \(late) s after its deadline")
    }
}
