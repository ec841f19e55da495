import FlyingFox
import FlyingSocks
import Foundation
import Logging
import Service

/// The wall screen's HTTP server (FlyingFox: Swift concurrency over non-blocking sockets,
/// no SwiftNIO, so a small binary and a small footprint on a Pi Zero). It only reads the
/// feed: a slow, idle or hostile client holds its own connection, never the control loop.
///
/// GET /, /api/v1/screen, /api/v1/times, /events (SSE), /healthz; anything else 404, any
/// other method 405. Nothing it serves loads anything from elsewhere (see `securityHeaders`).
public final class ScreenServer: Sendable {
    let feed: ScreenFeed
    let hub: EventHub
    let server: HTTPServer
    let logger: Logger

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(feed: ScreenFeed, address: ListenAddress, logger: Logger) throws(StartError) {
        self.feed = feed
        self.logger = logger
        hub = EventHub(feed: feed)
        let socket: any SocketAddress
        do {
            socket = address.isIPv6 ? try sockaddr_in6.inet6(ip6: address.host, port: address.port)
                : try sockaddr_in.inet(ip4: address.host, port: address.port)
        } catch {
            throw StartError(description: "screen server: \(address.host) is not an address to listen on: \(error)")
        }
        server = HTTPServer(address: socket, timeout: 10, logger: .disabled, handler: Routes(feed: feed, hub: hub))
    }

    /// Serves until cancelled. Returns (or throws) only when the server stops.
    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [hub] in await hub.run() }
            group.addTask { [server] in try await server.run() }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Waits until the socket listens; returns its port (the one chosen for port 0).
    public func waitUntilListening() async throws -> UInt16 {
        try await server.waitUntilListening(timeout: 10)
        guard let a = await server.listeningAddress else { throw StartError(description: "screen server: no listening address") }
        switch a {
        case .ip4(_, let port), .ip6(_, let port): return port
        default: throw StartError(description: "screen server: not an IP socket")
        }
    }

    public var openEventStreams: Int { hub.count }
}

/// The routes, one small function each.
struct Routes: HTTPHandler {
    let feed: ScreenFeed
    let hub: EventHub

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET else {
            return Routes.text(.methodNotAllowed, "only GET: this server changes nothing", extra: [HTTPHeader("Allow"): "GET"])
        }
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        switch request.path {
        case "/": return page(query)
        case "/api/v1/screen": return screen()
        case "/api/v1/times": return times(query)
        case "/events": return events()
        case "/healthz": return health()
        default: return Routes.text(.notFound, "not found")
        }
    }

    private func page(_ query: [String: String]) -> HTTPResponse {
        guard let model = feed.model() else { return Routes.text(.serviceUnavailable, "starting") }
        let lang = query["lang"].flatMap { PageAssets.shared.languages[$0] != nil ? $0 : nil } ?? model.language
        return Routes.response(.ok, "text/html; charset=utf-8", Data(PageAssets.shared.page(model: model, language: lang, audit: query["audit"] != nil).utf8))
    }

    private func screen() -> HTTPResponse {
        guard let model = feed.model() else { return Routes.json(.serviceUnavailable, ["error": "starting"]) }
        return Routes.json(.ok, model)
    }

    private func times(_ query: [String: String]) -> HTTPResponse {
        let p = feed.read()
        guard let input = p.input else { return Routes.json(.serviceUnavailable, ["error": "starting"]) }
        do {
            return Routes.json(.ok, try TimesResponse.make(query: query, input: input, wall: p.wall))
        } catch .query(let why) {
            return Routes.json(.badRequest, ["error": why])
        } catch {
            return Routes.json(.serviceUnavailable, ["error": error.description])
        }
    }

    private func events() -> HTTPResponse {
        var headers = Routes.securityHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: ByteStream(chunks: hub.subscribe())))
    }

    private func health() -> HTTPResponse {
        struct Health: Encodable { var status: String; var now: String; var notices: [String] }
        guard let m = feed.model() else { return Routes.json(.serviceUnavailable, Health(status: "starting", now: "", notices: [])) }
        return Routes.json(.ok, Health(status: "ok", now: m.now, notices: m.notices))
    }

    /// Nothing from elsewhere: scripts and styles only inline, connections only back here.
    static let securityHeaders: HTTPHeaders = [
        .cacheControl: "no-store",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
        HTTPHeader("Content-Security-Policy"):
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        HTTPHeader("Referrer-Policy"): "no-referrer",
    ]

    static func response(_ status: HTTPStatusCode, _ type: String, _ body: Data, extra: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = securityHeaders
        headers[.contentType] = type
        for (k, v) in extra { headers[k] = v }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    static func json(_ status: HTTPStatusCode, _ value: some Encodable) -> HTTPResponse {
        response(status, "application/json", (try? JSONEncoder.screen.encode(value)) ?? Data("{}".utf8))
    }

    static func text(_ status: HTTPStatusCode, _ s: String, extra: HTTPHeaders = [:]) -> HTTPResponse {
        response(status, "text/plain; charset=utf-8", Data((s + "\n").utf8), extra: extra)
    }
}
