import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 connection (`HTTP1Channel`'s pipeline and its request loop), with
/// the limits of `WebLimits`: NIO's decoder limits for the URL and the header section,
/// Hummingbird's idle timeout, and `RequestLimits` for bodies and refusals.
struct LimitedHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: WebLimits
    let registry: ConnectionRegistry
    let refusalHeaders: HTTPFields
    let secure: Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            let watch = RequestLineWatch(limit: limits.urlBytes)
            try pipeline.addHandler(watch)
            var decoder = NIOHTTPDecoderLimitConfiguration()
            decoder.maxHeaderFieldSize = limits.urlBytes  // the URL counts as a field here
            decoder.maxHeaderListSize = limits.headerBytes
            decoder.maxHeaderFieldCount = 100
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoder)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: secure))
            try pipeline.addHandler(RequestLimits(watch: watch, registry: registry, limits: limits, refusalHeaders: refusalHeaders))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: .seconds(limits.idleSeconds), logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

/// Any connection of a server: the `ConnectionGate` goes first (before TLS), then the rest.
struct GatedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let registry: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(registry: registry))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
