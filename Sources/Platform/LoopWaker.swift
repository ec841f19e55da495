import CClock
#if canImport(Glibc)
import Glibc
#endif

/// The loop thread's sleep: until a deadline on CLOCK_MONOTONIC, or until another thread
/// has news (a signal, a reload, the stop button, the speaker, a new fix) and calls `wake()`.
/// One futex call per timed wake (hal/clock: an absolute FUTEX_WAIT_BITSET), no thread
/// hand-off: the loop's thread is the one the kernel wakes. Not a condition variable: glibc's
/// takes its mutex back as contended, and the unlock costs a second system call on every
/// pass of the loop. A wake while the loop is busy is kept, so the next sleep returns at once.
public final class LoopWaker: @unchecked Sendable {
    // @unchecked: the word is only touched through the C functions' atomics and futex calls.
    private let word: UnsafeMutablePointer<UInt32>

    public init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    deinit { word.deallocate() }

    /// From any thread: the loop's current (or next) sleep ends now.
    public func wake() { mihrab_wake(word) }

    /// sigaction refused a handler (the signal's number and the errno).
    package struct SignalError: Error, CustomStringConvertible {
        package let errno: Int32
        package var description: String { "sigaction: \(String(cString: strerror(errno))) (errno \(errno))" }
    }

    /// From now on, these signals (numbers below 32) end the loop's sleep (their handler wakes
    /// it); `takeSignals()` says which came. One set per process: the last call wins.
    package func catchSignals(_ signals: [Int32]) throws(SignalError) {
        let r = mihrab_catch_signals(word, signals, Int32(signals.count))
        if r != 0 { throw SignalError(errno: -r) }
    }

    /// The signals caught since the last call, as a bit mask (1 << signal number): checked
    /// every pass of the loop, so without allocating.
    package func takeSignals() -> UInt32 { mihrab_take_signals() }

    /// Back to the actions there were before; this waker is forgotten.
    package func releaseSignals(_ signals: [Int32]) { mihrab_release_signals(signals, Int32(signals.count)) }

    /// Blocks the calling thread until CLOCK_MONOTONIC reaches `deadline` (seconds, the
    /// clock of `monotonicSeconds()`), or a wake. Returns whether it was woken.
    @discardableResult
    public func sleep(untilMonotonic deadline: Double) -> Bool {
        let d = max(0, min(deadline, 1e12))
        let seconds = d.rounded(.down)
        return mihrab_wait_until(word, Int64(seconds), Int((d - seconds) * 1e9)) == 1
    }

    /// Blocks up to `seconds`, or until a wake.
    @discardableResult
    public func sleep(seconds: Double) -> Bool {
        sleep(untilMonotonic: monotonicSeconds() + max(0, seconds))
    }
}
