import NIOCore

/// First in every connection's pipeline (before TLS): registers the connection with its
/// server's registry, and holds back reading while the connection waits for its client's turn.
/// Nothing is read from a waiting connection, so its client's bytes cost nothing but the socket.
final class ConnectionGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer

    /// Sent down the pipeline by the registry when a waiting connection may be read.
    struct YourTurn {}

    private let registry: ConnectionRegistry
    private var registered = false
    private var waiting = false
    private var readPending = false

    init(registry: ConnectionRegistry) { self.registry = registry }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if registered { registry.closed(context.channel) }
        registered = false
        context.fireChannelInactive()
    }

    func read(context: ChannelHandlerContext) {
        if waiting { readPending = true } else { context.read() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is YourTurn else { return context.fireUserInboundEventTriggered(event) }
        waiting = false
        if readPending {
            readPending = false
            context.read()
        }
    }

    private func register(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        switch registry.opened(context.channel, address: address, now: NIODeadline.now().uptimeNanoseconds) {
        case .serve: break
        case .wait: waiting = true
        case .refuse: context.close(promise: nil)
        }
    }
}
