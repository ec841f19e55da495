#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calling thread sleeps `seconds` (none when negative or not finite): the pause a chip
/// driver takes between a command and its result, and the commands' polling waits. One function,
/// where the same `usleep` closure was copied into every command.
@Sendable public func pauseThread(_ seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    // usleep takes a UInt32 of microseconds: longer pauses are taken in slices.
    var left = seconds
    while left > 0 {
        let slice = min(left, 1000)
        usleep(UInt32(slice * 1e6))
        left -= slice
    }
}
