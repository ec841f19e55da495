#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in seconds: real time that is never stepped, the clock the loop's sleeps
/// (`LoopWaker`) count on, and its housekeeping: a wall clock set back must not starve the watchdog.
public func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
