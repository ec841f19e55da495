import CGpiod
import HAL

#if canImport(Glibc)
import Glibc
#endif

/// One requested input line with edge detection on both edges (`GPIOChip.requestInput`).
/// Released by `release()` or when the value goes away.
public final class GPIOInputLine: @unchecked Sendable {
    // @unchecked: the request is used by one thread at a time (GPIOButton's reader, which
    // also releases it); `handle` is only written by `release`.
    private var handle: OpaquePointer?
    private let chip: GPIOChip  // keeps the chip open while the line is held
    public let offset: UInt32
    /// Readable (poll(2)) when an edge is pending. Owned by the line: never close it.
    public let fileDescriptor: Int32

    /// One edge as the kernel stamped it: `active` is logical (after active-low), `at` is
    /// seconds on CLOCK_MONOTONIC (the clock of `SystemClock.monotonicNow()`).
    public struct Edge: Sendable, Equatable {
        public let active: Bool
        public let at: Double
        public init(active: Bool, at: Double) {
            self.active = active
            self.at = at
        }
    }

    init(handle: OpaquePointer, chip: GPIOChip, offset: UInt32, fileDescriptor: Int32) {
        self.handle = handle
        self.chip = chip
        self.offset = offset
        self.fileDescriptor = fileDescriptor
    }

    deinit { release() }

    public var name: String { "line \(offset) on \(chip.locator)" }

    /// Releases the request (the descriptor closes with it); later calls throw EBADF.
    public func release() {
        if let h = handle { mihrab_gpio_line_release(h) }
        handle = nil
    }

    private func live(_ operation: String) throws(SystemError) -> OpaquePointer {
        guard let h = handle else { throw SystemError(operation, name, errno: EBADF) }
        return h
    }

    /// The line's logical level now.
    public func get() throws(SystemError) -> Bool {
        let h = try live("read GPIO input")
        var err: Int32 = 0
        let v = mihrab_gpio_line_get(h, &err)
        if v < 0 { throw SystemError("read GPIO input", name, errno: err) }
        return v == 1
    }

    /// Waits up to `timeout` seconds (nil: without limit) for an edge; true when one is
    /// pending. EINTR is thrown like any other error.
    public func wait(timeout: Double?) throws(SystemError) -> Bool {
        let h = try live("wait for GPIO edges on")
        let ms: Int32 = timeout.map { Int32(min(max(($0 * 1000).rounded(.up), 0), Double(Int32.max))) } ?? -1
        var err: Int32 = 0
        let r = mihrab_gpio_line_wait(h, ms, &err)
        if r < 0 { throw SystemError("wait for GPIO edges on", name, errno: err) }
        return r == 1
    }

    /// The pending edges, oldest first, up to 16 at a time. Blocks when none is pending:
    /// call it once `wait` or poll(2) on `fileDescriptor` says one is.
    public func readEdges() throws(SystemError) -> [Edge] {
        let h = try live("read GPIO edges from")
        var buffer = [mihrab_gpio_edge](repeating: mihrab_gpio_edge(), count: 16)
        var err: Int32 = 0
        let n = mihrab_gpio_line_read_edges(h, &buffer, buffer.count, &err)
        if n < 0 { throw SystemError("read GPIO edges from", name, errno: err) }
        return buffer.prefix(Int(n)).map { Edge(active: $0.active != 0, at: Self.seconds($0.timestamp_ns)) }
    }

    /// Nanoseconds to seconds, as SystemClock does (whole seconds kept apart: no rounding
    /// of a large count through one Double division).
    static func seconds(_ ns: UInt64) -> Double {
        Double(ns / 1_000_000_000) + Double(ns % 1_000_000_000) / 1e9
    }
}
