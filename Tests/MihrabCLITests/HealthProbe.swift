import Foundation
import TestSupport

/// Asks the screen's /healthz every 100 ms on its own thread until stopped: how many
/// answered 200, how many did not, and the slowest answer.
final class HealthProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private(set) var ok = 0, failed = 0
    private(set) var slowest = 0.0
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16) {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped }) {
                let t = Date()
                let r = try? RawHTTP.request(port: port, "/healthz", from: "127.0.0.9")
                let took = Date().timeIntervalSince(t)
                lock.withLock {
                    if r?.status == 200 { ok += 1 } else { failed += 1 }
                    slowest = max(slowest, took)
                }
                usleep(100_000)
            }
            done.signal()
        }
    }

    func stop() -> (ok: Int, failed: Int, slowest: Double) {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { (ok, failed, slowest) }
    }
}
