import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A scripted stand-in for gpsd on a free loopback port, for the faults a real gpsd will
/// not produce on demand: a connection reset, coordinates out of range, a malformed
/// number. Each connection it accepts plays the same script (so a client that reconnects
/// meets the same fault again); when the script ends without a reset the connection stays
/// open until the client closes it or the fake is stopped. One connection at a time, on a
/// thread of its own. Stop it with `stop()` (deinit does too).
public final class FakeGPSD: Sendable {
    public enum Step: Sendable, Equatable {
        /// One report line (the newline is added).
        case send(String)
        /// Waits (up to 10 s) for the client's `?WATCH` command.
        case awaitWatch
        /// Resets the connection: SO_LINGER {1, 0}, then close (the client gets an RST).
        case reset
    }

    /// What gpsd says to a new client before the reports: VERSION at once, then, after
    /// the client's ?WATCH, DEVICES and WATCH (as gpsd 3.22 does).
    public static let greeting: [Step] = [.send(GPSDReport.version), .awaitWatch,
                                          .send(GPSDReport.devices), .send(GPSDReport.watch)]

    public let port: Int
    private let server: Server

    public init(script: [Step]) throws {
        server = try Server(script: script)
        port = server.port
        let server = self.server
        let thread = Thread { server.serve() }
        thread.name = "fake-gpsd"
        thread.start()
    }

    deinit { server.stop() }

    /// Connections accepted so far.
    public var connections: Int { server.state.withLock { $0.connections } }

    /// Lines the clients sent (their ?WATCH commands), in order.
    public var commands: [String] { server.state.withLock { $0.commands } }

    /// Stops serving and closes every socket; returns once the server thread has ended.
    public func stop() { server.stop() }
}

private struct State {
    var stopping = false
    var connections = 0
    var commands: [String] = []
}

private final class Server: Sendable {
    let port: Int
    let listener: Int32
    let script: [FakeGPSD.Step]
    let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(script: [FakeGPSD.Step]) throws {
        self.script = script
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSetupError("fake gpsd: socket() failed, errno \(errno)") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { a in
                bind(fd, a, len) == 0 && listen(fd, 8) == 0 && getsockname(fd, a, &len) == 0
            }
        }
        guard bound else {
            close(fd)
            throw TestSetupError("fake gpsd: bind/listen on 127.0.0.1 failed, errno \(errno)")
        }
        listener = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    func stop() {
        let wait = state.withLock { s -> Bool in
            let first = !s.stopping
            s.stopping = true
            return first
        }
        guard wait else { return }
        // The server thread polls in 50 ms slices; it notices within one.
        _ = done.wait(timeout: .now() + 30)
        close(listener)
    }

    func serve() {
        defer { done.signal() }
        while !stopping {
            guard readable(listener, milliseconds: 50) else { continue }
            let fd = accept(listener, nil, nil)
            if fd < 0 { continue }
            state.withLock { $0.connections += 1 }
            play(fd)
        }
    }

    /// Plays the script on one connection, then holds it open until the client leaves.
    private func play(_ fd: Int32) {
        var pending = [UInt8]()
        for step in script {
            if stopping { break }
            switch step {
            case .send(let line):
                guard sendAll(fd, Array((line + "\n").utf8)) else { close(fd); return }
            case .awaitWatch:
                let end = Date().addingTimeInterval(10)
                var seen = false
                while !seen && !stopping && Date() < end {
                    guard let lines = readLines(fd, &pending) else { close(fd); return }
                    seen = lines.contains { $0.hasPrefix("?WATCH") }
                }
            case .reset:
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(fd)
                return
            }
        }
        while !stopping {
            guard readLines(fd, &pending) != nil else { break }
        }
        close(fd)
    }

    /// Up to 50 ms for input; the complete lines it brought (recorded), nil when the
    /// client has gone.
    private func readLines(_ fd: Int32, _ pending: inout [UInt8]) -> [String]? {
        guard readable(fd, milliseconds: 50) else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return nil }
        pending += buffer.prefix(n)
        var lines: [String] = []
        while let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<nl], as: UTF8.self))
            pending.removeSubrange(...nl)
        }
        state.withLock { $0.commands += lines }
        return lines
    }

    private func readable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) > 0
    }

    /// MSG_NOSIGNAL: a client that has gone must not kill the test process with SIGPIPE.
    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
