import FoundationEssentials
import Glibc
import HAL
import LinuxHAL
import Service
import Synchronization

/// gpsd events buffered for the loop to poll without blocking.
final class BufferedPosition: PositionInput, @unchecked Sendable {
    // @unchecked: `task` is set once in init; the events are behind a Mutex.
    final class Buffer: Sendable {
        let events = Mutex<[PositionEvent]>([])
    }

    private let buffer = Buffer()
    private var task: Task<Void, Never>?
    private let source: PositionSource

    /// `onEvent`: the loop's sleep ends, so that a new fix or a lost gpsd is taken at once.
    init(source: PositionSource, onEvent: @escaping @Sendable () -> Void) {
        self.source = source
        let stream = source.events()
        let buffer = self.buffer
        task = Task {
            for await e in stream {
                buffer.events.withLock { $0.append(e) }
                onEvent()
            }
        }
    }

    deinit {
        source.stop()
        task?.cancel()
    }

    func poll(now: Double) -> [PositionEvent] {
        buffer.events.withLock { b in
            defer { b.removeAll(keepingCapacity: true) }
            return b
        }
    }
}

/// The kernel's view of the clock (adjtimex): synchronised when it does not report STA_UNSYNC.
final class KernelClockSync: ClockSyncInput {
    func kernelSynchronized() -> Bool { SystemClock.kernelSynchronized() }
}
