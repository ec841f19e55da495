import Dispatch
import Foundation
import Testing
@testable import Service

/// The loop's sleep ends when another thread has news (the stop button): on the real clock.
@Suite("RealTime loop waker")
struct RealTimeLoopWakerTests {
    @Test("a wake from another thread ends a 30 s sleep at once")
    func wakeEndsSleep() async {
        let waker = LoopWaker()
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { waker.wake() }
        await waker.sleep(seconds: 30)
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test("a wake while the loop is busy ends its next sleep; a sleep with no wake lasts its time")
    func pendingWake() async {
        let waker = LoopWaker()
        waker.wake()
        let start = Date()
        await waker.sleep(seconds: 30)
        #expect(Date().timeIntervalSince(start) < 10)
        let again = Date()
        await waker.sleep(seconds: 0.2)
        #expect(Date().timeIntervalSince(again) >= 0.19, "the wake was used up: this sleep runs its course")
    }
}
