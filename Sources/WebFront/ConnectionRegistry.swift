import HummingbirdCore
import NIOCore
import Synchronization

/// The connections of one server: which are served, which wait for their client's turn, and
/// which has been idle longest. Connections report here from their own pipelines
/// (`ConnectionGate`, `RequestLimits`); the server asks before it accepts another.
final class ConnectionRegistry: Sendable {
    enum Admission: Equatable { case serve, wait, refuse }

    private struct Entry {
        let channel: any Channel
        let address: String
        /// From the unit itself (`isKiosk`): the wall's own browser, the last to be closed.
        let kiosk: Bool
        var waiting: Bool
        /// No request yet: a new connection on its way to its first (a TLS handshake, a head).
        var fresh = true
        var busy = false
        /// A request's head was read and its body has not all come yet.
        var receiving = false
        /// Answering with an event stream: busy for as long as the page is open.
        var streaming = false
        var idleSince: UInt64
        let order: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var served: [String: Int] = [:]
        var order: UInt64 = 0
    }

    let limits: WebLimits
    private let state = Mutex(State())

    init(limits: WebLimits) { self.limits = limits }

    var count: Int { state.withLock { $0.entries.count } }

    /// Room for one more: below the cap, or a connection to close for it.
    var hasRoom: Bool {
        state.withLock { s in s.entries.count < limits.connections || s.entries.values.contains { rank($0, now: 0) != nil } }
    }

    /// The unit's own loopback addresses, where the kiosk's browser connects from. The rest of
    /// 127/8 is the unit too, but nothing of the unit's uses it: it counts as any other client
    /// (the tests use it to stand for machines on the LAN, as an attacker's many addresses).
    static func isKiosk(_ address: String) -> Bool {
        address == "127.0.0.1" || address == "::1" || address == "::ffff:127.0.0.1"
    }

    /// Which connection goes first when the server is full (lower first; nil: never): idle ones
    /// (new ones past their `newConnectionSeconds` too), then answers (event streams too) their
    /// client does not read (NIO holds the channel unwritable), then bodies still coming (a
    /// client sending slowly), then new connections within their time, then event streams read
    /// as they come. The kiosk's own go after all others' but idle or unread ones, so that no
    /// number of new clients closes the wall's stream. A request being answered is never cut
    /// short, and a waiting connection has cost nothing yet.
    private func rank(_ e: Entry, now: UInt64) -> Int? {
        let rank: Int
        if e.waiting { return nil }
        if !e.busy {
            let young = e.fresh && now < e.idleSince &+ UInt64(max(0, limits.newConnectionSeconds)) * 1_000_000_000
            rank = young ? 3 : 0
        } else if !e.channel.isWritable {
            rank = 1
        } else if e.receiving {
            rank = 2
        } else if e.streaming {
            rank = 4
        } else {
            return nil
        }
        return e.kiosk && rank >= 2 ? rank + 10 : rank
    }

    /// The connection to close for a new one: the lowest `rank`; within it the one idle longest
    /// (idle ones) or the oldest (the rest).
    private func evictable(_ s: State, now: UInt64) -> ObjectIdentifier? {
        var best: (key: ObjectIdentifier, rank: Int, time: UInt64)?
        for (key, e) in s.entries {
            guard let rank = rank(e, now: now) else { continue }
            let time = rank == 0 ? e.idleSince : e.order
            if let b = best, (b.rank, b.time) <= (rank, time) { continue }
            best = (key, rank, time)
        }
        return best?.key
    }

    /// A new connection from `address`. At the cap, one is closed for it (`evictable`; none:
    /// this one is refused). Beyond its client's share (bodies still coming count in it), it
    /// waits unread.
    func opened(_ channel: any Channel, address: String, now: UInt64) -> Admission {
        let (admission, evicted, letIn) = state.withLock { s -> (Admission, (any Channel)?, (any Channel)?) in
            var evicted: (any Channel)?
            var letIn: (any Channel)?
            if s.entries.count >= limits.connections {
                guard let oldest = evictable(s, now: now), let channel = s.entries[oldest]?.channel else { return (.refuse, nil, nil) }
                evicted = channel
                letIn = remove(oldest, from: &s)
            }
            s.order += 1
            let waiting = s.served[address, default: 0] >= limits.connectionsPerClient
            if !waiting { s.served[address, default: 0] += 1 }
            s.entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address, kiosk: Self.isKiosk(address), waiting: waiting, idleSince: now, order: s.order)
            return (waiting ? .wait : .serve, evicted, letIn)
        }
        evicted?.close(promise: nil)
        letIn?.pipeline.fireUserInboundEventTriggered(ConnectionGate.YourTurn())
        return admission
    }

    /// A connection closed: the next one of its client that waits is let in.
    func closed(_ channel: any Channel) {
        let next = state.withLock { s -> (any Channel)? in remove(ObjectIdentifier(channel), from: &s) }
        next?.pipeline.fireUserInboundEventTriggered(ConnectionGate.YourTurn())
    }

    /// Waits for its client's turn (tests).
    func isWaiting(_ channel: any Channel) -> Bool {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.waiting ?? false }
    }

    /// A request is being served (from its head to the end of its response).
    func busy(_ channel: any Channel) {
        state.withLock { s in
            s.entries[ObjectIdentifier(channel)]?.busy = true
            s.entries[ObjectIdentifier(channel)]?.fresh = false
        }
    }

    /// The request's body is still coming (from its head), or has all come.
    func receiving(_ channel: any Channel, _ pending: Bool) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.receiving = pending }
    }

    /// The answer is an event stream.
    func streaming(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.streaming = true }
    }

    func idle(_ channel: any Channel, now: UInt64) {
        state.withLock { s in
            s.entries[ObjectIdentifier(channel)]?.busy = false
            s.entries[ObjectIdentifier(channel)]?.streaming = false
            s.entries[ObjectIdentifier(channel)]?.idleSince = now
        }
    }

    /// Removes an entry; returns the connection of the same client let in for it, if any.
    private func remove(_ id: ObjectIdentifier, from s: inout State) -> (any Channel)? {
        guard let gone = s.entries.removeValue(forKey: id) else { return nil }
        if gone.waiting { return nil }
        if let next = s.entries.filter({ $0.value.address == gone.address && $0.value.waiting }).min(by: { $0.value.order < $1.value.order }) {
            s.entries[next.key]?.waiting = false
            return next.value.channel
        }
        s.served[gone.address, default: 1] -= 1
        if s.served[gone.address] == 0 { s.served[gone.address] = nil }
        return nil
    }
}

/// Hummingbird asks this before each accept: with the server full of busy or waiting
/// connections, new ones stay in the kernel's backlog until one closes.
struct RegistryRoom: AvailableConnectionsDelegate {
    let registry: ConnectionRegistry
    mutating func connectionOpened() {}
    mutating func connectionClosed() {}
    func isAcceptingNewConnections() -> Bool { registry.hasRoom }
}
