import CClock
import HAL

#if canImport(Glibc)
import Glibc
#endif

/// The system's clocks: CLOCK_MONOTONIC and CLOCK_REALTIME.
public struct SystemClock: DeviceClock {
    public init() {}

    public func monotonicNow() -> Double { SystemClock.read(CLOCK_MONOTONIC) }
    public func wallNow() -> Double { SystemClock.read(CLOCK_REALTIME) }

    public func sleep(untilMonotonic deadline: Double) async throws {
        let dt = deadline - monotonicNow()
        if dt > 0 { try await Task.sleep(nanoseconds: UInt64(dt * 1e9)) }
    }

    /// Whether the kernel reports the clock synchronised (NTP or chrony set it).
    public static func kernelSynchronized() -> Bool { mihrab_clock_synchronized() == 1 }

    static func read(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
