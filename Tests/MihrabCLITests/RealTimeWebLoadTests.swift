import Foundation
import Synchronization
import TestSupport
import Testing

/// The real daemon's web servers under load: many connections, idle or never reading, many
/// requests at once, a port that is taken. The descriptors and memory stay bounded, and the
/// screen's /healthz answers again within seconds.
@Suite("RealTime web servers under load", .serialized)
struct RealTimeWebLoadTests {
    @Test("1,100 idle connections under ulimit -n 1024: the daemon's descriptors stay bounded; closed, /healthz answers again within 5 s")
    func manyIdleConnections() throws {
        Self.allowOpenFiles(4096)
        let d = try WebDaemon(openFiles: 1024)
        defer { d.stop() }
        var fds: [Int32] = []
        for i in 0..<1100 {
            // From 11 addresses, 100 each: more than the server holds at once from one or all.
            if let fd = try? RawHTTP.connect(port: d.screenPort, from: "127.0.1.\(i % 11 + 1)") { fds.append(fd) }
        }
        #expect(fds.count == 1100, "\(fds.count) connected")
        usleep(500_000)
        let open = d.openFiles
        #expect(open > 0 && open < 600, "the daemon holds \(open) descriptors")
        for fd in fds { close(fd) }
        let t = Date()
        var status = 0
        while Date().timeIntervalSince(t) < 5 {
            status = (try? RawHTTP.request(port: d.screenPort, "/healthz"))?.status ?? 0
            if status == 200 { break }
            usleep(100_000)
        }
        #expect(status == 200, "healthz \(status) \(Date().timeIntervalSince(t)) s after the close; \(d.log.suffix(500))")
    }

    @Test("1,000 parallel /healthz all answer 200; four rounds of 2,000 parallel pages cost bounded memory")
    func parallelRequests() throws {
        Self.allowOpenFiles(4096)
        let d = try WebDaemon()
        defer { d.stop() }
        /// All connected and asked first (from 20 addresses), then every answer read.
        func round(_ path: String, _ count: Int) -> [Int: Int] {
            var fds: [Int32] = []
            for i in 0..<count {
                guard let fd = try? RawHTTP.connect(port: d.screenPort, from: "127.0.5.\(i % 20 + 1)") else { continue }
                RawHTTP.send(fd, "GET \(path) HTTP/1.1\r\nHost: unit\r\nConnection: close\r\n\r\n")
                fds.append(fd)
            }
            var statuses: [Int: Int] = [0: count - fds.count]
            var buf = [UInt8](repeating: 0, count: 65_536)
            for fd in fds {
                var head = ""
                while true {
                    let n = recv(fd, &buf, buf.count, 0)
                    if n <= 0 { break }
                    if head.count < 16 { head += String(decoding: buf[0..<min(n, 16)], as: UTF8.self) }
                }
                close(fd)
                statuses[Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0, default: 0] += 1
            }
            return statuses.filter { $0.value > 0 }
        }
        let t = Date()
        let health = round("/healthz", 1000)
        #expect(health == [200: 1000], "\(health) in \(Date().timeIntervalSince(t)) s")
        let before = Self.rss(d.process.processIdentifier)
        for _ in 0..<4 {
            let pages = round("/", 2000)
            #expect(pages == [200: 2000], "\(pages)")
        }
        let after = Self.rss(d.process.processIdentifier)
        #expect(before > 0 && after - before < 30 * 1024, "RSS \(before) kB before four rounds of 2,000 pages, \(after) kB after")
    }

    /// This test process may hold `count` descriptors (its clients' sockets), up to the hard limit.
    static func allowOpenFiles(_ count: rlim_t) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, count))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// A process's resident memory, kB.
    static func rss(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("500 event-stream clients that never read cost bounded memory")
    func eventStreamsThatNeverRead() throws {
        Self.allowOpenFiles(4096)
        let d = try WebDaemon()
        defer { d.stop() }
        func rss() -> Int { Self.rss(d.process.processIdentifier) }
        usleep(2_000_000)
        let before = rss()
        var fds: [Int32] = []
        for i in 0..<500 {
            guard let fd = try? RawHTTP.connect(port: d.screenPort, from: "127.0.3.\(i % 50 + 1)") else { continue }
            var small: Int32 = 4096
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
            RawHTTP.send(fd, "GET /events HTTP/1.1\r\nHost: unit\r\n\r\n")
            fds.append(fd)
        }
        defer { for fd in fds { close(fd) } }
        // Half a minute of events (the model once, the time every second) none of them reads.
        sleep(30)
        let after = rss()
        #expect(before > 0 && after - before < 40 * 1024, "RSS \(before) kB before, \(after) kB after")
        #expect((try? RawHTTP.request(port: d.screenPort, "/healthz", from: "127.0.4.1"))?.status == 200)
    }

    @Test("A screen port that is taken: the server is down in status.json and mihrab status, and listens by itself once the port is free")
    func serverDownAndBack() throws {
        // A listening socket holding a port.
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, len) == 0 && listen(holder, 1) == 0 && getsockname(holder, $0, &len) == 0 }
        }
        #expect(bound)
        let port = UInt16(bigEndian: a.sin_port)
        let d = try WebDaemon(screen: "127.0.0.1:\(port)")
        defer { d.stop() }
        func screenState() -> String? {
            guard let data = FileManager.default.contents(atPath: d.directory + "/status.json"),
                  let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let servers = doc["servers"] as? [[String: Any]] else { return nil }
            return servers.first { $0["server"] as? String == "screen" }?["state"] as? String
        }
        var t = Date()
        while screenState() != "down", Date().timeIntervalSince(t) < 10 { usleep(200_000) }
        #expect(screenState() == "down", "\(d.log.suffix(600))")
        let status = try MihrabBinary.run(["status", "--file", d.directory + "/status.json"])
        #expect(status.stdout.contains("screen server down") && status.stdout.contains("Server: screen on 127.0.0.1:\(port) down: "), "\(status.stdout)")
        #expect(d.log.components(separatedBy: "the unit runs on without its screen, and tries again").count - 1 == 1, "said once: \(d.log.suffix(800))")
        close(holder)
        t = Date()
        while screenState() != "listening", Date().timeIntervalSince(t) < 15 { usleep(200_000) }
        #expect(screenState() == "listening", "\(Date().timeIntervalSince(t)) s after the port came free")
        #expect((try? RawHTTP.request(port: port, "/healthz"))?.status == 200)
        #expect(d.log.contains("screen server: listening again on 127.0.0.1:\(port)"), "\(d.log.suffix(600))")
    }
}
