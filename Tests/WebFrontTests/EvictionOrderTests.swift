import NIOCore
import NIOEmbedded
import Testing
@testable import WebFront

/// Which connection a full server closes for a new one, in order: idle, not read, bodies still
/// coming, others' event streams, and the kiosk's own stream last (issue 43: the wall's stream
/// was closed for an attacker's new ones, and slow bodies held the admin page's every slot).
@Suite("Connection registry: eviction order")
struct EvictionOrderTests {
    static func limits(connections: Int, perClient: Int) -> WebLimits {
        ConnectionRegistryTests.limits(connections: connections, perClient: perClient)
    }

    @Test("The kiosk is the unit's own loopback addresses only: the rest of 127/8 counts as any other client")
    func kioskAddresses() {
        for a in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] { #expect(ConnectionRegistry.isKiosk(a), "\(a)") }
        for a in ["127.0.0.2", "127.0.0.250", "127.1.0.1", "10.0.0.1", "::2", "unknown"] { #expect(!ConnectionRegistry.isKiosk(a), "\(a)") }
    }

    @Test("Full: idle (longest first), then an answer not read, then a body still coming, then a new connection within its time, then others' event streams (oldest first), the kiosk's last; a request being answered never")
    func order() throws {
        let r = ConnectionRegistry(limits: Self.limits(connections: 9, perClient: 9))
        var opened: [EmbeddedChannel] = []
        func open(_ address: String, _ now: UInt64) throws -> EmbeddedChannel {
            let c = try ConnectionRegistryTests.channel()
            #expect(r.opened(c, address: address, now: now) == .serve)
            opened.append(c)
            return c
        }
        let kiosk = try open("127.0.0.1", 1)
        r.busy(kiosk); r.streaming(kiosk)
        let stream = try open("127.0.0.2", 2)
        r.busy(stream); r.streaming(stream)
        let laterStream = try open("192.0.2.9", 3)
        r.busy(laterStream); r.streaming(laterStream)
        let body = try open("127.0.0.3", 4)
        r.busy(body); r.receiving(body, true)
        let unread = try open("127.0.0.4", 5)
        r.busy(unread); unread.isWritable = false
        let answering = try open("127.0.0.5", 6)
        r.busy(answering)
        let idle = try open("127.0.0.6", 20)  // new, no request in its 2 s: as idle as any
        let idleLonger = try open("127.0.0.7", 30)
        r.idle(idleLonger, now: 10)
        let second: UInt64 = 1_000_000_000
        let young = try open("127.0.0.8", 9 * second)  // new, a second old: not yet

        var gone: [EmbeddedChannel] = []
        for i in 0..<8 {
            let n = try ConnectionRegistryTests.channel()
            #expect(r.opened(n, address: "198.51.100.\(i)", now: 10 * second) == .serve)
            r.busy(n)  // each newcomer is answering a request: never closed itself
            let closed = opened.filter { c in !c.isActive && !gone.contains { $0 === c } }
            #expect(closed.count == 1, "step \(i): one closed for the newcomer")
            gone += closed
        }
        let expected = [idleLonger, idle, unread, body, young, stream, laterStream, kiosk]
        #expect(gone.map { ObjectIdentifier($0) } == expected.map { ObjectIdentifier($0) },
                "closed in order: \(gone.map { c in opened.firstIndex { $0 === c } ?? -1 })")
        #expect(answering.isActive, "a request being answered is never cut short")
        #expect(r.opened(try ConnectionRegistryTests.channel(), address: "198.51.100.99", now: 10 * second) == .refuse)
    }

    @Test("A stream its client does not read goes before a body still coming; the kiosk's stream goes after any number of others' new ones")
    func streams() throws {
        let r = ConnectionRegistry(limits: Self.limits(connections: 3, perClient: 3))
        let kiosk = try ConnectionRegistryTests.channel()
        #expect(r.opened(kiosk, address: "127.0.0.1", now: 1) == .serve)
        r.busy(kiosk); r.streaming(kiosk)
        let body = try ConnectionRegistryTests.channel()
        #expect(r.opened(body, address: "127.0.0.9", now: 2) == .serve)
        r.busy(body); r.receiving(body, true)
        let stuck = try ConnectionRegistryTests.channel()
        #expect(r.opened(stuck, address: "127.0.0.8", now: 3) == .serve)
        r.busy(stuck); r.streaming(stuck); stuck.isWritable = false
        let first = try ConnectionRegistryTests.channel()
        #expect(r.opened(first, address: "127.0.0.10", now: 4) == .serve)
        #expect(!stuck.isActive && body.isActive, "the stream not read went first")
        r.busy(first); r.streaming(first)
        // Many new streams from the rest of 127/8, each read: the newcomers take each other's place.
        var streams = [first]
        for i in 0..<200 {
            let c = try ConnectionRegistryTests.channel()
            #expect(r.opened(c, address: "127.0.\(i / 250 + 1).\(i % 250 + 2)", now: UInt64(5 + i)) == .serve)
            r.busy(c); r.streaming(c)
            if i == 0 { #expect(!body.isActive && first.isActive, "the slow body went before a stream") }
            streams.append(c)
        }
        #expect(kiosk.isActive, "the kiosk's stream outlasts them all")
        #expect(streams.filter(\.isActive).count == 2 && streams.last!.isActive, "the oldest of the others went each time")
        #expect(r.count == 3)
    }

    @Test("Bodies still coming count in their address's share: its next connection waits unread")
    func bodiesInShare() throws {
        let r = ConnectionRegistry(limits: Self.limits(connections: 10, perClient: 2))
        let a = try (0..<3).map { _ in try ConnectionRegistryTests.channel() }
        #expect(r.opened(a[0], address: "127.0.0.9", now: 1) == .serve)
        #expect(r.opened(a[1], address: "127.0.0.9", now: 2) == .serve)
        for c in a[0..<2] { r.busy(c); r.receiving(c, true) }
        #expect(r.opened(a[2], address: "127.0.0.9", now: 3) == .wait)
        r.closed(a[0])  // closed for its slow body: the waiting one is let in
        #expect(!r.isWaiting(a[2]))
    }
}
