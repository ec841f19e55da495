import Foundation
import Testing
import TestSupport
import WebFront
@testable import Admin

/// The admin page's connections over real TLS: the versions it takes, and how long a
/// connection may hold on (silent, busy, one address at its limit).
@Suite("RealTime admin connections", .serialized)
struct RealTimeAdminConnectionTests {
    @Test("TLS only, 1.2 or newer: TLS 1.1 and plain HTTP get no page; a client that never handshakes holds nobody else; one address is served 8 connections at a time, its next waits its turn while another address is served at once")
    func tls() async throws {
        var limits = WebLimits.admin
        limits.idleSeconds = 3
        let h = try await AdminHarness(limits: limits)
        defer { h.remove() }
        #expect(try await h.curl("/", ["--tlsv1.2"]).code == 200)
        #expect(try await h.curl("/", ["--tls-max", "1.1", "--tlsv1.0", "--ciphers", "DEFAULT@SECLEVEL=0"]).code == 0)
        let plain = Process()
        plain.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        plain.arguments = ["-s", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(h.server.port)/"]
        let out = Pipe()
        plain.standardOutput = out
        try plain.run()
        plain.waitUntilExit()
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "000")

        // Silent TCP clients (no ClientHello): each holds only its own thread.
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        func connectSilently() {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = in_port_t(UInt16(h.server.port).bigEndian)
            a.sin_addr.s_addr = inet_addr("127.0.0.1")
            let rc = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            #expect(rc == 0)
            silent.append(fd)
        }
        for _ in 0..<5 { connectSilently() }
        let started = Date()
        #expect(try await h.curl("/").code == 200)
        #expect(Date().timeIntervalSince(started) < 5)

        // One address is served 8 connections at a time: with 8 silent ones open, its next waits
        // unread, while another address (127.0.0.2) gets the page at once. It is answered when
        // the oldest silent one is closed at its idle time (3 s here).
        try await Task.sleep(nanoseconds: 500_000_000)  // curl's own connection over
        for _ in 0..<3 { connectSilently() }
        try await Task.sleep(nanoseconds: 300_000_000)
        let other = Date()
        #expect(try await h.curl("/", from: "127.0.0.2").code == 200)
        #expect(Date().timeIntervalSince(other) < 1.5, "another address is not kept waiting")
        let same = Date()
        #expect(try await h.curl("/").code == 200)
        let waited = Date().timeIntervalSince(started), queued = Date().timeIntervalSince(same)
        #expect(waited >= 2.5 && queued >= 0.5 && waited < 8, "answered when a silent one was closed: \(waited) s after they came, \(queued) s waiting")
        await h.stop()
    }

    /// `openssl s_client` to the front, fed by a shell `feed` (its stdin); how long it stayed
    /// connected and how many pages it got (its output goes to a file: nothing to drain).
    /// Awaited, not waited for (the pool stays free). SIGKILL after 20 s: a child of the test
    /// process may inherit SIGTERM blocked; a feed must end by itself once its pipe is closed
    /// (SIGPIPE may be ignored in the test process, and so in its children).
    static func client(port: Int, feed: String, dir: String) async throws -> (seconds: Double, pages: Int) {
        let out = dir + "/s_client.out"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "\(feed) | timeout -s KILL 20 openssl s_client -connect 127.0.0.1:\(port) -quiet -ign_eof > \(out) 2>/dev/null"]
        let started = Date()
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
            p.terminationHandler = { _ in c.resume() }
            do { try p.run() } catch { c.resume(throwing: error) }
        }
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        return (Date().timeIntervalSince(started), text.components(separatedBy: "HTTP/1.1 200").count - 1)
    }

    @Test("A connection is answered while it asks, and closed once silent for the idle time (handshaken or not)")
    func connectionTimes() async throws {
        var limits = WebLimits.admin
        limits.idleSeconds = 1
        let h = try await AdminHarness(limits: limits)
        defer { h.remove() }
        // Eight pages asked for 0.25 s apart on one connection, then nothing (-ign_eof keeps it
        // connected): all answered, then closed a second after the last answer.
        let busy = try await Self.client(port: h.server.port, feed: "for i in 1 2 3 4 5 6 7 8; do printf 'GET / HTTP/1.1\\r\\nHost: unit\\r\\n\\r\\n'; sleep 0.25; done",
                                         dir: h.dir)
        #expect(busy.pages == 8, "answered while it asked")
        #expect(busy.seconds >= 2 && busy.seconds < 10, "ended when idle, not by timeout(1): \(busy.seconds) s")
        // Handshaken, then nothing: closed after the idle second.
        let silent = try await Self.client(port: h.server.port, feed: "true", dir: h.dir)
        #expect(silent.pages == 0)
        #expect(silent.seconds >= 1 && silent.seconds < 10, "ended when idle: \(silent.seconds) s")
        // Connected, and not even a TLS hello: closed after the idle second too.
        let started = Date()
        let fd = try RawHTTP.connect(port: UInt16(h.server.port))
        defer { close(fd) }
        var byte: UInt8 = 0
        #expect(recv(fd, &byte, 1, 0) <= 0, "closed, not answered")
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 10, "\(waited) s")
        await h.stop()
    }
}
