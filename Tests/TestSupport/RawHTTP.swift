import Foundation

/// HTTP/1.1 over a plain socket: the tests need clients that misbehave (idle, one byte a
/// second) and an event stream read as it comes, which no HTTP library gives.
public enum RawHTTP {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    /// `from`: the source address (any of 127.0.0.0/8: clients on other machines, as the server sees them).
    public static func connect(port: UInt16, from source: String = "127.0.0.1") throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let b = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard b == 0 else { close(fd); throw Failure(description: "bind to \(source): errno \(errno)") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        // Within 5 s or not at all: a server that does not accept leaves a connect waiting for
        // minutes (the SYN retried) once the kernel's backlog is full.
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if r != 0 {
            guard errno == EINPROGRESS else { close(fd); throw Failure(description: "connect to port \(port): errno \(errno)") }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            var err: Int32 = 0
            var len = socklen_t(MemoryLayout<Int32>.size)
            guard poll(&p, 1, 5000) == 1, getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0, err == 0 else {
                close(fd)
                throw Failure(description: "connect to port \(port): not within 5 s (errno \(err))")
            }
        }
        _ = fcntl(fd, F_SETFL, flags)
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    public static func send(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `bytes` whole (or until the server stops taking them), then reads the answer to
    /// its end: the status (0: none), head and body.
    public static func exchange(port: UInt16, from source: String = "127.0.0.1", _ bytes: [UInt8]) throws -> (status: Int, head: String, body: String) {
        let fd = try connect(port: port, from: source)
        defer { close(fd) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        let text = readToEnd(fd)
        guard let split = text.range(of: "\r\n\r\n") else { return (0, text, "") }
        let head = String(text[..<split.lowerBound])
        return (Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0, head, String(text[split.upperBound...]))
    }

    /// One request with "Connection: close", read to the end.
    public static func request(port: UInt16, _ target: String, method: String = "GET", from source: String = "127.0.0.1") throws -> (status: Int, head: String, body: String) {
        let fd = try connect(port: port, from: source)
        defer { close(fd) }
        send(fd, "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let text = readToEnd(fd)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure(description: "\(method) \(target): no response (\(text.count) bytes)") }
        let head = String(text[..<split.lowerBound])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, String(text[split.upperBound...]))
    }

    /// What the server sends until it closes (or the socket's receive timeout), as text.
    public static func readToEnd(_ fd: Int32) -> String {
        var data = Data()
        var buf = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { break }
            data.append(contentsOf: buf[0..<n])
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Reads an event stream on its own thread, counting what arrives.
public final class EventStreamReader: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    private let fd: Int32

    public init(port: UInt16, from source: String = "127.0.0.1") throws {
        fd = try RawHTTP.connect(port: port, from: source)
        RawHTTP.send(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        Thread.detachNewThread { [self] in
            var buf = [UInt8](repeating: 0, count: 16_384)
            while true {
                let n = recv(fd, &buf, buf.count, 0)
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { break }
                if n > 0 { lock.withLock { text += String(decoding: buf[0..<n], as: UTF8.self) } }
            }
        }
    }

    public var received: String { lock.withLock { text } }
    public func count(_ event: String) -> Int { received.components(separatedBy: "event: \(event)\n").count - 1 }
    public func stop() { shutdown(fd, Int32(SHUT_RDWR)) }
}
