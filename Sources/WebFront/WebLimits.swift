/// What every connection to one of the unit's web servers may take. The defaults are the
/// servers' own; tests shorten the times.
public struct WebLimits: Sendable {
    /// A request line (method, URL, version) longer than this gets 414; so does a URL.
    public var urlBytes = 8 * 1024
    /// A header section (request line included) larger than this gets 431.
    public var headerBytes = 16 * 1024
    /// A connection with no request in flight is closed after this long. A request's head must
    /// also arrive within it, so a client sending its header a byte at a time is closed too.
    public var idleSeconds: Int64 = 10
    /// A request's body must have arrived this long after its head.
    public var bodySeconds: Int64 = 30
    /// A body must also keep coming at this rate once its first `bodyGraceSeconds` are over
    /// (as Apache's `MinRate`: its time grows by a second for each `bodyBytesPerSecond` that
    /// came), or its connection is closed: a client trickling it holds its slot seconds, not 30.
    public var bodyBytesPerSecond = 1024
    /// A body's first seconds, whatever its rate (a small form arrives whole in them).
    public var bodyGraceSeconds: Int64 = 5
    /// Connections open at once. A new one beyond this closes another (`ConnectionRegistry`'s
    /// order: idle first, the kiosk's event stream last); with none to close, accepting waits
    /// (the kernel's backlog holds the rest).
    public var connections = 256
    /// Connections from one address being served at once. Its further ones wait unread, in the
    /// order they came, until one of its others closes (or their idle time runs out).
    public var connectionsPerClient = 32
    /// A new connection's time to make its first request (a phone's TLS handshake, its head):
    /// within it, a full server closes slow bodies for a newcomer before it; after it, it is
    /// as idle as any.
    public var newConnectionSeconds: Int64 = 2
    /// Pending connections the kernel holds while accepting waits.
    public var backlog = 128

    public init() {}

    /// The wall screen: several screens and phones per mosque, each with an event stream.
    public static let screen = WebLimits()

    /// The admin page: a few people at a time.
    public static var admin: WebLimits {
        var l = WebLimits()
        l.connections = 32
        l.connectionsPerClient = 8
        l.backlog = 32
        return l
    }
}
