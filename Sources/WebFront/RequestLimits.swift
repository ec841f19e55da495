import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Before the HTTP decoder: notes whether the request line being read has run past the URL
/// limit, so that the decoder's refusal (its limits end the request either way) can say 414
/// rather than 431. It only looks for the line's end; the bytes go on untouched.
final class RequestLineWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: Int
    private var inRequestLine = true
    private var lineBytes = 0
    private(set) var lineTooLong = false

    init(limit: Int) { self.limit = limit }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if inRequestLine {
            let bytes = unwrapInboundIn(data).readableBytesView
            if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                lineBytes += end - bytes.startIndex
                inRequestLine = false
            } else {
                lineBytes += bytes.count
            }
            lineTooLong = lineTooLong || lineBytes > limit
        }
        context.fireChannelRead(data)
    }

    /// The request was read whole: the next bytes begin another request line.
    func nextRequest() {
        (inRequestLine, lineBytes, lineTooLong) = (true, 0, false)
    }
}

/// After the HTTP codec: a request's body has `bodyTimeout` from its head, and must keep
/// coming at the limits' `bodyBytesPerSecond` once its grace is over (a client sending it a byte
/// at a time does not keep the connection); the connection is busy from a request's head to
/// the end of its response, and receiving until its body has all come; a request the decoder
/// refuses gets 414, 431 or 400 with the server's own headers, and the connection ends.
final class RequestLimits: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let watch: RequestLineWatch
    private let registry: ConnectionRegistry
    private let bodyTimeout: TimeAmount
    private let bodyGrace: TimeAmount
    private let bodyRate: Int64
    private let refusalHeaders: HTTPFields
    private var bodyDeadline: Scheduled<Void>?
    private var paceCheck: Scheduled<Void>?
    private var bodyStarted = NIODeadline.uptimeNanoseconds(0)
    private var bodyBytes: Int64 = 0
    private var refused = false

    init(watch: RequestLineWatch, registry: ConnectionRegistry, limits: WebLimits, refusalHeaders: HTTPFields) {
        (self.watch, self.registry, self.refusalHeaders) = (watch, registry, refusalHeaders)
        bodyTimeout = .seconds(limits.bodySeconds)
        bodyGrace = .seconds(limits.bodyGraceSeconds)
        bodyRate = Int64(max(1, limits.bodyBytesPerSecond))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            registry.busy(context.channel)
            registry.receiving(context.channel, true)
            stopBodyTimers()
            let channel = context.channel
            bodyDeadline = context.eventLoop.scheduleTask(in: bodyTimeout) { channel.close(promise: nil) }
            (bodyStarted, bodyBytes) = (.now(), 0)
            checkPace(context, at: bodyStarted + bodyGrace)
        case .body(let bytes): bodyBytes += Int64(bytes.readableBytes)
        case .end:
            stopBodyTimers()
            registry.receiving(context.channel, false)
            watch.nextRequest()
        }
        context.fireChannelRead(data)
    }

    /// At `deadline`, the body is due to have come at `bodyRate` since its grace ended (a
    /// second more for each `bodyRate` bytes, as Apache's `MinRate`): short of it, the
    /// connection is closed; otherwise it is looked at again when the next part is due.
    private func checkPace(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let channel = context.channel
        paceCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            // An hour's worth at most: the body's own timeout ends it long before.
            let paid = min(bodyBytes, bodyRate * 3_600)
            let due = bodyStarted + bodyGrace + .seconds(paid / bodyRate) + .nanoseconds(paid % bodyRate * 1_000_000_000 / bodyRate)
            if due > .now() { checkPace(context, at: due) } else { channel.close(promise: nil) }
        }
    }

    private func stopBodyTimers() {
        bodyDeadline?.cancel()
        paceCheck?.cancel()
        (bodyDeadline, paceCheck) = (nil, nil)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { registry.idle(context.channel, now: NIODeadline.now().uptimeNanoseconds) }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopBodyTimers()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After a refusal the decoder reports each further read as an error: all dropped.
        if refused { return }
        guard let parse = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        refused = true
        let (status, why): (HTTPResponse.Status, String) = switch parse {
        case .headerOverflow where watch.lineTooLong: (.uriTooLong, "request line over the limit")
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "request header over the limit")
        case .invalidMethod: (.methodNotAllowed, "method not allowed")
        default: (.badRequest, "not an HTTP/1.1 request")
        }
        let body = context.channel.allocator.buffer(string: why + "\n")
        var fields = refusalHeaders  // with Allow: the methods the server serves
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        // The answer first, then the end of our side only: closing outright while the client is
        // still sending would reset the connection, and it might never read the answer. What it
        // sends on is dropped, and the idle timeout ends the connection if it never stops.
        let channel = context.channel
        let closed = context.eventLoop.makePromise(of: Void.self)
        closed.futureResult.whenFailure { _ in channel.close(promise: nil) }
        context.close(mode: .output, promise: closed)
    }
}
