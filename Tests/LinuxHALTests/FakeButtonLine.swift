@testable import LinuxHAL
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for a requested input line: edges pushed by the test, a pipe for the
/// descriptor GPIOButton's thread polls, and a record of what was done to it.
final class FakeButtonLine: ButtonLine {
    struct State {
        var level: Bool
        var pending: [GPIOInputLine.Edge] = []
        var released = false
        var readFailure: SystemError?
        var reads = 0
    }

    let name = "fake line 5"
    let fileDescriptor: Int32
    private let writeEnd: Int32
    let state: Mutex<State>

    init(level: Bool = false) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        fileDescriptor = fds[0]
        writeEnd = fds[1]
        state = Mutex(State(level: level))
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Queues edges (as the kernel would) and sets the level the line then reads.
    func push(_ edges: [GPIOInputLine.Edge], level: Bool) {
        state.withLock { s in
            s.pending += edges
            s.level = level
        }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The next read fails with this error (and wakes the thread for it).
    func failNextRead(_ error: SystemError) {
        state.withLock { $0.readFailure = error }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    var released: Bool { state.withLock { $0.released } }

    func get() throws(SystemError) -> Bool { state.withLock { $0.level } }

    func readEdges() throws(SystemError) -> [GPIOInputLine.Edge] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
        let (edges, failure) = state.withLock { s in
            s.reads += 1
            defer { s.pending = []; s.readFailure = nil }
            return (s.pending, s.readFailure)
        }
        if let failure { throw failure }
        return edges
    }

    func release() { state.withLock { $0.released = true } }
}
