import NIOCore
import NIOEmbedded
import Testing
@testable import WebFront

/// Who is served, who waits, and who goes when a server is full: the registry alone, over
/// NIO's embedded channels (no sockets, no time).
@Suite("Connection registry")
struct ConnectionRegistryTests {
    static func limits(connections: Int, perClient: Int) -> WebLimits {
        var l = WebLimits()
        l.connections = connections
        l.connectionsPerClient = perClient
        return l
    }

    static func channel() throws -> EmbeddedChannel {
        let c = EmbeddedChannel()
        try c.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return c
    }

    @Test("One address is served its share; its next waits, and is let in, in order, as its own close")
    func perClientShare() throws {
        let r = ConnectionRegistry(limits: Self.limits(connections: 10, perClient: 2))
        let a = try (0..<4).map { _ in try Self.channel() }
        #expect(a.enumerated().map { r.opened($0.element, address: "10.0.0.1", now: UInt64($0.offset)) } == [.serve, .serve, .wait, .wait])
        // Another address is not held up by the first one's queue.
        #expect(r.opened(try Self.channel(), address: "10.0.0.2", now: 5) == .serve)
        #expect(r.isWaiting(a[2]) && r.isWaiting(a[3]))
        r.closed(a[0])
        #expect(!r.isWaiting(a[2]) && r.isWaiting(a[3]), "the first to wait is the first let in")
        r.closed(a[3])  // a waiting one leaving frees nobody's turn
        #expect(r.opened(try Self.channel(), address: "10.0.0.1", now: 6) == .wait)
        #expect(r.count == 4)
    }

    @Test("Full: the connection idle longest is closed for a new one; then an event stream; never a request being answered")
    func eviction() throws {
        let r = ConnectionRegistry(limits: Self.limits(connections: 3, perClient: 3))
        let c = try (0..<3).map { _ in try Self.channel() }
        for (i, ch) in c.enumerated() { #expect(r.opened(ch, address: "10.0.0.\(i)", now: UInt64(10 + i)) == .serve) }
        r.idle(c[1], now: 5)   // c[1] has been idle since 5, the others since they came
        r.busy(c[0])
        let d = try Self.channel()
        #expect(r.hasRoom)
        #expect(r.opened(d, address: "10.0.0.9", now: 20) == .serve)
        #expect(!c[1].isActive && c[0].isActive && c[2].isActive, "the one idle longest went")
        // Now c[0] answers a request, c[2] an event stream, d a request: the stream goes.
        r.busy(c[2]); r.streaming(c[2]); r.busy(d)
        let f = try Self.channel()
        #expect(r.opened(f, address: "10.0.0.8", now: 21) == .serve)
        #expect(!c[2].isActive && c[0].isActive && d.isActive)
        r.busy(f)
        // Nothing left to close: refused, and the server stops accepting.
        #expect(!r.hasRoom)
        let e = try Self.channel()
        #expect(r.opened(e, address: "10.0.0.7", now: 22) == .refuse)
        #expect(r.count == 3)
    }
}
