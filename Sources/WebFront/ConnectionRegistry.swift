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
        var waiting: Bool
        var busy = false
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
        state.withLock { s in s.entries.count < limits.connections || Self.evictable(s) != nil }
    }

    /// The connection to close for a new one: the one idle longest; with none idle, the oldest
    /// event stream (its page reconnects by itself) or answer its client does not read (NIO
    /// holds the channel unwritable). A request being answered is never cut short, and a
    /// waiting connection has cost nothing yet.
    private static func evictable(_ s: State) -> ObjectIdentifier? {
        if let idle = s.entries.filter({ !$0.value.waiting && !$0.value.busy }).min(by: { $0.value.idleSince < $1.value.idleSince }) {
            return idle.key
        }
        return s.entries.filter { $0.value.busy && ($0.value.streaming || !$0.value.channel.isWritable) }.min { $0.value.order < $1.value.order }?.key
    }

    /// A new connection from `address`. At the cap, one is closed for it (`evictable`; none:
    /// this one is refused). Beyond its client's share, it waits unread.
    func opened(_ channel: any Channel, address: String, now: UInt64) -> Admission {
        let (admission, evicted, letIn) = state.withLock { s -> (Admission, (any Channel)?, (any Channel)?) in
            var evicted: (any Channel)?
            var letIn: (any Channel)?
            if s.entries.count >= limits.connections {
                guard let oldest = Self.evictable(s), let channel = s.entries[oldest]?.channel else { return (.refuse, nil, nil) }
                evicted = channel
                letIn = remove(oldest, from: &s)
            }
            s.order += 1
            let waiting = s.served[address, default: 0] >= limits.connectionsPerClient
            if !waiting { s.served[address, default: 0] += 1 }
            s.entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address, waiting: waiting, idleSince: now, order: s.order)
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
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.busy = true }
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
