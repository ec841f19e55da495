import HTTPTypes
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// One of the unit's web servers: Hummingbird's HTTP/1.1 server (SwiftNIO) on an event loop
/// thread of its own, its Swift tasks on that thread too, every connection under `WebLimits`,
/// and TLS when given. Accepting backs off on its own when descriptors run out (NIO's
/// `AcceptBackoffHandler`) and resumes when they come free.
public final class WebServer: Sendable {
    public typealias Handler = @Sendable (Request) async -> Response
    /// A handler told the client's address too ("192.0.2.7", "::1"; "unknown" when the socket
    /// has none): what the admin page's login throttle counts failures by.
    public typealias ClientHandler = @Sendable (Request, _ client: String) async -> Response

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    enum State: Sendable {
        case starting, listening(Int), failed(String), stopped
    }

    let name: String
    let host: String
    let port: Int
    let limits: WebLimits
    let tls: TLSConfiguration?
    let refusalHeaders: HTTPFields
    let logger: Logger
    let handler: ClientHandler
    let registry: ConnectionRegistry
    private let state = Mutex(State.starting)

    /// `refusalHeaders`: what every response of this server carries (its security headers),
    /// given to the refusals the server makes itself (414, 431, 400).
    /// `methods`: the ones it serves (a method the parser does not know gets 405 with these).
    public convenience init(name: String, host: String, port: Int, limits: WebLimits, tls: TLSConfiguration? = nil, methods: [HTTPRequest.Method],
                            refusalHeaders: HTTPFields, logger: Logger, handler: @escaping Handler) {
        self.init(name: name, host: host, port: port, limits: limits, tls: tls, methods: methods, refusalHeaders: refusalHeaders, logger: logger,
                  clientHandler: { request, _ in await handler(request) })
    }

    public init(name: String, host: String, port: Int, limits: WebLimits, tls: TLSConfiguration? = nil, methods: [HTTPRequest.Method],
                refusalHeaders: HTTPFields, logger: Logger, clientHandler handler: @escaping ClientHandler) {
        (self.name, self.host, self.port, self.limits, self.tls) = (name, host, port, limits, tls)
        (self.logger, self.handler) = (logger, handler)
        var refusal = refusalHeaders
        refusal[.allow] = methods.map(\.rawValue).joined(separator: ", ")
        self.refusalHeaders = refusal
        registry = ConnectionRegistry(limits: limits)
    }

    /// Connections open now (served or waiting).
    public var connections: Int { registry.count }

    /// Serves until cancelled. Throws when it cannot listen, or stops on its own.
    public func run() async throws(Failure) {
        state.withLock { $0 = .starting }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let outcome: Failure?
        do {
            try await serve(on: group)
            outcome = nil
        } catch {
            outcome = Failure(description: "\(name): \(error)")
        }
        try? await group.shutdownGracefully()
        state.withLock { $0 = outcome.map { .failed($0.description) } ?? .stopped }
        if let outcome { throw outcome }
    }

    /// Serves until cancelled, and when it stops (it cannot listen: the port taken, the
    /// address gone) starts again after `retry`, doubled up to a minute while it keeps failing.
    /// Logged when it goes down (with `meanwhile`: what the unit does without it) and when it
    /// listens again.
    public func runKeptUp(retry: Duration = .seconds(2), meanwhile: String) async {
        var wait = retry
        var wasDown: String?
        while !Task.isCancelled {
            let started = ContinuousClock.now
            state.withLock { $0 = .starting }
            let watcher = Task { [self, wasDown] in
                if wasDown != nil, let port = try? await waitUntilListening(timeout: .seconds(60)) {
                    logger.notice("\(name): listening again on \(host):\(port)")
                }
            }
            do throws(Failure) {
                try await run()
            } catch {
                if error.description != wasDown { logger.error("\(error); \(meanwhile), and tries again") }
                wasDown = error.description
            }
            watcher.cancel()
            if Task.isCancelled { return }
            // A server that ran a while before it stopped is retried soon.
            if ContinuousClock.now - started > .seconds(60) { wait = retry }
            try? await Task.sleep(for: wait)
            wait = min(wait * 2, .seconds(60))
        }
    }

    /// What status.json says of a server (its words are the model's, `StatusReport.ServerState`).
    public enum Readiness: Sendable, Equatable {
        case listening, starting, down
    }

    /// Listening, starting or down, and why it is down.
    public var condition: (state: Readiness, problem: String?) {
        switch state.withLock({ $0 }) {
        case .listening: (.listening, nil)
        case .starting, .stopped: (.starting, nil)
        case .failed(let why): (.down, why)
        }
    }

    /// The port it listens on now.
    public var listeningPort: Int? {
        if case .listening(let p) = state.withLock({ $0 }) { return p }
        return nil
    }

    /// The port it listens on (the one chosen for port 0), once it does.
    public func waitUntilListening(timeout: Duration = .seconds(10)) async throws(Failure) -> Int {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            switch state.withLock({ $0 }) {
            case .listening(let port): return port
            case .failed(let why): throw Failure(description: why)
            case .starting, .stopped: try? await Task.sleep(for: .milliseconds(10))
            }
        }
        throw Failure(description: "\(name): not listening on \(host):\(port) after \(timeout)")
    }

    private func serve(on group: MultiThreadedEventLoopGroup) async throws {
        let (handler, registry) = (self.handler, self.registry)
        let responder: HTTPChannelHandler.Responder = { request, writer, channel in
            let response = await handler(request, channel.remoteAddress?.ipAddress ?? "unknown")
            let close = response.headers[.connection] == "close"
            if response.headers[.contentType]?.hasPrefix("text/event-stream") == true { registry.streaming(channel) }
            try await writer.write(response: response.head, body: response.body)
            // A response that ends the connection (a body refused unread): our side ends now;
            // what the client still sends is read and dropped until it stops, or the body's time is up.
            if close { try? await channel.close(mode: .output).get() }
        }
        let http = LimitedHTTPChannel(responder: responder, limits: limits, registry: registry, refusalHeaders: refusalHeaders, secure: tls != nil)
        let configuration = ServerConfiguration(address: .hostname(host, port: port), backlog: limits.backlog,
                                                availableConnectionsDelegate: RegistryRoom(registry: registry))
        var quiet = logger
        quiet.logLevel = .warning
        let running: @Sendable (any Channel) async -> Void = { [self] channel in
            state.withLock { $0 = .listening(channel.localAddress?.port ?? 0) }
        }
        if let tls {
            let child = GatedChannel(base: try TLSChannel(http, tlsConfiguration: tls), registry: registry)
            try await serve(child, configuration: configuration, group: group, running: running, logger: quiet)
        } else {
            try await serve(GatedChannel(base: http, registry: registry), configuration: configuration, group: group, running: running, logger: quiet)
        }
    }

    private func serve<Child: ServerChildChannel>(_ child: Child, configuration: ServerConfiguration, group: MultiThreadedEventLoopGroup,
                                                  running: @escaping @Sendable (any Channel) async -> Void, logger: Logger) async throws {
        let server = Server(childChannelSetup: child, configuration: configuration, onServerRunning: running, eventLoopGroup: group, logger: logger)
        let executor = EventLoopExecutor(loop: group.next())
        // Stopped by a graceful shutdown rather than by cancelling the task it accepts in, which
        // Hummingbird logs as an error ("Waiting on child channel: CancellationError()") on every
        // clean stop: the listening socket and the idle connections close; what is still open a
        // second later (a screen's event stream) is then cancelled.
        let serving = Task { try await withTaskExecutorPreference(executor) { try await server.run() } }
        try await withTaskCancellationHandler {
            try await serving.value
        } onCancel: {
            Task {
                async let quiesced: Void = { try? await server.shutdownGracefully() }()
                try? await Task.sleep(for: .seconds(1))
                serving.cancel()
                await quiesced
            }
        }
    }
}
