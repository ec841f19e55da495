#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex and a condition whose timed waits run on CLOCK_MONOTONIC, so that the wall
/// clock being set (NTP at boot on a unit without a real-time clock) never stretches or
/// cuts a wait. NSCondition's `wait(until: Date)` would follow the wall clock.
final class MonotonicCondition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        cond = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var attr = pthread_condattr_t()
        pthread_condattr_init(&attr)
        #if canImport(Glibc)
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(cond, &attr)
        pthread_condattr_destroy(&attr)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Wakes every waiter. Call with the lock held.
    func broadcast() { pthread_cond_broadcast(cond) }

    /// Waits (lock held) until woken, or `seconds` at most (nil: no limit). May return early.
    func wait(seconds: Double?) {
        guard let seconds else {
            pthread_cond_wait(cond, mutex)
            return
        }
        let s = max(0, min(seconds, 3600))
        #if canImport(Glibc)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let ns = Int(ts.tv_nsec) + Int((s - s.rounded(.down)) * 1e9)
        ts.tv_sec += Int(s) + ns / 1_000_000_000
        ts.tv_nsec = ns % 1_000_000_000
        pthread_cond_timedwait(cond, mutex, &ts)
        #else
        var ts = timespec(tv_sec: Int(s), tv_nsec: Int((s - s.rounded(.down)) * 1e9))
        pthread_cond_timedwait_relative_np(cond, mutex, &ts)
        #endif
    }
}
