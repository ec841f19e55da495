import FoundationEssentials
import Glibc
import Platform
import Dispatch
import HAL
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// GPIOButton's thread: waits on the line's edges and on a stop pipe, debounces, queues
/// the debounced edges and calls `onEdge`. It owns the line from start to end and releases
/// it when it ends (stopped, or on a failure, which it records).
final class ButtonReader: Sendable {
    struct State {
        var queue: [ButtonEdge] = []
        var level: Bool
        var failure: SystemError?
    }

    /// Edges kept for a loop that does not poll: the newest this many.
    static let queueLimit = 64

    let line: any ButtonLine
    let window: Double
    private let clock: @Sendable () -> Double
    private let onEdge: @Sendable () -> Void
    let state: Mutex<State>
    private let stopRead: Int32
    private let stopWrite: Int32
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let thread = Mutex<pthread_t?>(nil)

    init(line: any ButtonLine, window: Double, level: Bool, clock: @escaping @Sendable () -> Double,
         onEdge: @escaping @Sendable () -> Void) throws(SystemError) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 {
            throw SystemError("create the stop pipe for the button on", line.name, errno: errno)
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        self.line = line
        self.window = window
        self.clock = clock
        self.onEdge = onEdge
        state = Mutex(State(level: level))
        stopRead = fds[0]
        stopWrite = fds[1]
    }

    deinit {
        close(stopRead)
        close(stopWrite)
    }

    func start() {
        startThread(name: "gpio-button") { [self] in run() }
    }

    /// Ends the thread (at once: the stop pipe wakes it) and waits for it to release the
    /// line, unless called on the thread itself (from `onEdge`): then it ends after the call.
    func stop() {
        if !stopping.exchange(true, ordering: .acquiringAndReleasing) {
            var byte: UInt8 = 1
            _ = write(stopWrite, &byte, 1)
        }
        let onReader = thread.withLock { t in t.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onReader {
            finished.wait()
            finished.signal()  // for the next caller (stop, then deinit)
        }
    }

    private func run() {
        thread.withLock { $0 = pthread_self() }
        defer {
            line.release()
            finished.signal()
        }
        do throws(SystemError) {
            try loop()
        } catch {
            state.withLock { $0.failure = error }
            onEdge()  // the loop comes to look, and finds `failure`
        }
    }

    private func loop() throws(SystemError) {
        var debouncer = Debouncer(window: window, level: state.withLock { $0.level })
        var settlePending = false
        var fds = [pollfd(fd: line.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        while !stopping.load(ordering: .acquiring) {
            var timeout: Int32 = -1
            if settlePending {
                let wait = debouncer.settleTime - clock()
                timeout = wait <= 0 ? 0 : Int32(min((wait * 1000).rounded(.up), 60_000))
            }
            if poll(&fds, 2, timeout) < 0 {
                if errno == EINTR { continue }
                throw SystemError("wait for edges on", line.name, errno: errno)
            }
            if fds[1].revents != 0 { return }
            var out: [ButtonEdge] = []
            let events = Int32(fds[0].revents)
            if events & POLLIN != 0 {
                for e in try line.readEdges() {
                    settlePending = true
                    if let d = debouncer.edge(pressed: e.active, at: e.at) { out.append(d) }
                }
            } else if events & (POLLERR | POLLHUP | POLLNVAL) != 0 {
                // The chip went away (unbound, or a gpio-sim chip taken down).
                throw SystemError("wait for edges on", line.name, errno: ENODEV)
            }
            if settlePending && clock() >= debouncer.settleTime {
                let actual = try line.get()
                settlePending = false
                if let d = debouncer.settle(actual: actual, at: clock()) {
                    out.append(d)
                    settlePending = true  // once more after this change's window
                }
            }
            if !out.isEmpty {
                let level = debouncer.level
                state.withLock { s in
                    s.queue.append(contentsOf: out)
                    if s.queue.count > Self.queueLimit { s.queue.removeFirst(s.queue.count - Self.queueLimit) }
                    s.level = level
                }
                onEdge()
            }
        }
    }
}
