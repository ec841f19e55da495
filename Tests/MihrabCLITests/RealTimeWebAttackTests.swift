import Foundation
import Synchronization
import TestSupport
import Testing

/// The two web servers of the real daemon (the wall screen on plain HTTP, the admin page on
/// HTTPS) as an attacker on the LAN would try them. Every attack gets its answer within
/// seconds, and the screen's /healthz keeps answering throughout.
@Suite("RealTime web servers under attack", .serialized)
struct RealTimeWebAttackTests {
    /// curl over TLS to the admin page; its status ("000": none), and how long it took.
    static func curl(_ port: Int, _ path: String, _ args: [String]) throws -> (code: String, seconds: Double) {
        let t = Date()
        let r = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"),
                                            ["-sk", "--max-time", "20", "-o", "/dev/null", "-w", "%{http_code}"] + args + ["https://127.0.0.1:\(port)\(path)"],
                                            timeout: 30)
        return (r.stdout, Date().timeIntervalSince(t))
    }

    static func header(bytes: Int) -> String { "X-Big: " + String(repeating: "a", count: bytes) + "\r\n" }

    @Test("Headers of 512 KB, two to each port at once: refused within seconds while /healthz answers within a second throughout; 64 KB gets 431, a 16 KB URL 414")
    func largeHeaders() throws {
        let d = try WebDaemon()
        defer { d.stop() }
        let probe = HealthProbe(port: d.screenPort)
        let headerFile = d.directory + "/big-header"
        try Self.header(bytes: 512 * 1024).dropLast(2).write(toFile: headerFile, atomically: true, encoding: .utf8)
        let big = Array(("GET / HTTP/1.1\r\nHost: unit\r\n" + Self.header(bytes: 512 * 1024) + "\r\n").utf8)
        let results = Mutex<[String]>([])
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            if i < 2 {
                let r = try? RawHTTP.exchange(port: d.screenPort, big)
                results.withLock { $0.append("screen \(r?.status ?? -1)") }
            } else {
                let r = try? Self.curl(d.adminPort, "/", ["-H", "@\(headerFile)"])
                results.withLock { $0.append("admin \(r?.code ?? "?")") }
            }
        }
        let took = Date().timeIntervalSince(started)
        usleep(500_000)
        let health = probe.stop()
        #expect(took < 5, "the four answered in \(took) s: \(results.withLock { $0 })")
        #expect(results.withLock { $0 }.filter { $0 == "screen 431" }.count == 2, "\(results.withLock { $0 })")
        // curl may still be sending when the server ends its side: 431, or no status at all.
        #expect(results.withLock { $0 }.filter { $0 == "admin 431" || $0 == "admin 000" }.count == 2, "\(results.withLock { $0 })")
        #expect(health.failed == 0 && health.ok >= 3 && health.slowest < 1, "healthz: \(health)")

        let t = Date()
        let h64 = try RawHTTP.exchange(port: d.screenPort, Array(("GET / HTTP/1.1\r\nHost: unit\r\n" + Self.header(bytes: 64 * 1024) + "\r\n").utf8))
        #expect(h64.status == 431, "\(h64.head)")
        #expect(h64.head.contains("Content-Security-Policy: default-src 'none'"), "the server's own headers: \(h64.head)")
        let url = try RawHTTP.exchange(port: d.screenPort, Array(("GET /" + String(repeating: "x", count: 16 * 1024) + " HTTP/1.1\r\nHost: unit\r\n\r\n").utf8))
        #expect(url.status == 414, "\(url.head)")
        #expect(Date().timeIntervalSince(t) < 1, "both answered in under a second")
        let admin64 = try Self.curl(d.adminPort, "/", ["-H", "X-Big: " + String(repeating: "b", count: 20 * 1024)])
        #expect(admin64.code == "431", "\(admin64)")
    }

    @Test("A method other than GET (or POST on the admin page) gets 405 with the security headers, an unknown one too")
    func methods() throws {
        let d = try WebDaemon()
        defer { d.stop() }
        for method in ["FOO", "PUT", "DELETE", "HEAD"] {
            let r = try RawHTTP.exchange(port: d.screenPort, Array("\(method) / HTTP/1.1\r\nHost: unit\r\nConnection: close\r\n\r\n".utf8))
            #expect(r.status == 405, "\(method): \(r.head)")
            #expect(r.head.contains("Content-Security-Policy: default-src 'none'") && r.head.contains("X-Content-Type-Options: nosniff"), "\(method): \(r.head)")
        }
        let admin = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"),
                                                ["-sk", "-X", "FOO", "-D", "-", "-o", "/dev/null", "https://127.0.0.1:\(d.adminPort)/"], timeout: 30)
        #expect(admin.stdout.hasPrefix("HTTP/1.1 405") && admin.stdout.lowercased().contains("content-security-policy: default-src 'none'"), "\(admin.stdout)")
    }

    @Test("An idle connection is closed at its timeout (10 s), not before, not much after")
    func idleTimeout() throws {
        let d = try WebDaemon()
        defer { d.stop() }
        let fd = try RawHTTP.connect(port: d.screenPort)
        defer { close(fd) }
        var tv = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let t = Date()
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        let waited = Date().timeIntervalSince(t)
        #expect(n == 0, "closed by the server")
        #expect(waited > 9 && waited < 14, "\(waited) s")
    }

    @Test("SIGTERM in the middle of a large request: the daemon exits within 2 s")
    func sigtermMidRequest() throws {
        let d = try WebDaemon()
        let fd = try RawHTTP.connect(port: d.screenPort)
        defer { close(fd) }
        let admin = Process()
        admin.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A 100 MB body to the admin page, sent slowly (curl's rate limit).
        admin.arguments = ["-c", "head -c 100000000 /dev/zero | curl -sk --limit-rate 200k --max-time 60 -o /dev/null -X POST --data-binary @- https://127.0.0.1:\(d.adminPort)/login"]
        admin.standardOutput = FileHandle.nullDevice
        admin.standardError = FileHandle.nullDevice
        try admin.run()
        defer { if admin.isRunning { admin.terminate() } }
        RawHTTP.send(fd, "GET / HTTP/1.1\r\nHost: unit\r\nX-Slow: ")
        // And 512 KB headers at full speed, one for each core: a server that parses them
        // slowly on Swift's cooperative pool (as wide as the cores) keeps every thread of it busy.
        let port = d.screenPort
        for _ in 0..<max(2, ProcessInfo.processInfo.activeProcessorCount) {
            Thread.detachNewThread {
                _ = try? RawHTTP.exchange(port: port, Array(("GET / HTTP/1.1\r\nHost: unit\r\n" + Self.header(bytes: 512 * 1024) + "\r\n").utf8))
            }
        }
        usleep(1_500_000)
        let t = Date()
        kill(d.process.processIdentifier, SIGTERM)
        while d.process.isRunning, Date().timeIntervalSince(t) < 10 { usleep(20_000) }
        let took = Date().timeIntervalSince(t)
        #expect(!d.process.isRunning && took < 2, "exited \(took) s after SIGTERM")
        #expect(d.log.contains("state saved") || d.log.contains("stopped"), "\(d.log.suffix(500))")
    }

    @Test("32 slow TLS clients from 4 addresses (a byte every second, never a whole hello) do not keep a normal login out")
    func slowTLSClients() throws {
        let d = try WebDaemon()
        defer { d.stop() }
        var fds: [Int32] = []
        for i in 0..<32 { fds.append(try RawHTTP.connect(port: UInt16(d.adminPort), from: "127.0.2.\(i % 4 + 1)")) }
        defer { for fd in fds { close(fd) } }
        final class Stop: Sendable { let flag = Atomic<Bool>(false) }
        let stop = Stop()
        let all = fds
        Thread.detachNewThread {
            // The first bytes of a TLS handshake record, one a second on each.
            for byte: UInt8 in [0x16, 0x03, 0x01, 0x02, 0x00] where !stop.flag.load(ordering: .relaxed) {
                for fd in all { _ = withUnsafePointer(to: byte) { Foundation.send(fd, $0, 1, Int32(MSG_NOSIGNAL)) } }
                sleep(1)
            }
        }
        defer { stop.flag.store(true, ordering: .relaxed) }
        usleep(1_000_000)
        let jar = d.directory + "/cookies"
        let page = try MihrabBinary.runProgram(URL(fileURLWithPath: "/usr/bin/curl"),
                                               ["-sk", "--max-time", "10", "--interface", "127.0.2.9", "-c", jar, "https://127.0.0.1:\(d.adminPort)/"], timeout: 20)
        let csrf = page.stdout.range(of: #"name="csrf" value="[0-9a-f]{64}""#, options: .regularExpression).map { String(page.stdout[$0].dropLast().suffix(64)) }
        #expect(csrf != nil, "the login page: \(page.stdout.prefix(200))")
        let t = Date()
        let login = try Self.curl(d.adminPort, "/login", ["--interface", "127.0.2.9", "-b", jar, "-c", jar, "--data-urlencode", "user=admin",
                                                          "--data-urlencode", "password=\(WebDaemon.password)", "--data-urlencode", "csrf=\(csrf ?? "")"])
        #expect(login.code == "303", "logged in: \(login)")
        #expect(Date().timeIntervalSince(t) < 5)
    }
}
