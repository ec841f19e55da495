import FoundationEssentials
import Glibc
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import QRCode
import Service
import WebFront
import UnitModel

/// The wall screen's HTTP server (`WebFront`: Hummingbird on an event loop of its own, every
/// connection under `WebLimits.screen`). It only reads the feed: a slow, idle or hostile
/// client holds its own connection, never the control loop.
///
/// GET /, /api/v1/screen, /api/v1/times, /timetable, /calendar.ics, /events (SSE), /healthz; anything else 404, any
/// other method 405. Nothing it serves loads anything from elsewhere (see `securityHeaders`).
public final class ScreenServer: Sendable {
    let feed: ScreenFeed
    let hub: EventHub
    let server: WebServer
    let logger: Logger
    let listen: String

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(feed: ScreenFeed, address: ListenAddress, logger: Logger, limits: WebLimits = .screen) throws(StartError) {
        self.feed = feed
        self.logger = logger
        listen = address.isIPv6 ? "[\(address.host)]:\(address.port)" : "\(address.host):\(address.port)"
        let codes = AnnouncementCodes(logger: logger)
        hub = EventHub(feed: feed, codes: codes)
        do {
            _ = try SocketAddress(ipAddress: address.host, port: Int(address.port))
        } catch {
            throw StartError(description: "screen server: \(address.host) is not an address to listen on: \(error)")
        }
        let routes = Routes(feed: feed, hub: hub, codes: codes)
        server = WebServer(name: "screen server", host: address.host, port: Int(address.port), limits: limits, methods: [.get],
                           refusalHeaders: Routes.securityHeaders, logger: logger) { request in routes.respond(request) }
    }

    /// Serves until cancelled. A server that cannot listen (or stops) is logged and started
    /// again by itself: the unit runs on without its screen meanwhile.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [hub] in await hub.run() }
            group.addTask { [server] in await server.runKeptUp(meanwhile: "the unit runs on without its screen") }
            await group.next()
            group.cancelAll()
        }
    }

    /// For status.json: listening, or down and why.
    public var condition: StatusReport.Server {
        let c = server.condition
        return StatusReport.Server(server: "screen", listen: listen, state: .init(c.state), problem: c.problem, connections: server.connections)
    }

    /// Waits until the socket listens; returns its port (the one chosen for port 0).
    public func waitUntilListening() async throws -> UInt16 {
        UInt16(try await server.waitUntilListening())
    }

    public var openEventStreams: Int { hub.count }

    /// Connections open now.
    public var connections: Int { server.connections }
}

/// The routes, one small function each.
struct Routes: Sendable {
    let feed: ScreenFeed
    let hub: EventHub
    var codes = AnnouncementCodes()

    func respond(_ request: Request) -> Response {
        guard request.method == .get else {
            var extra = HTTPFields()
            extra[.allow] = "GET"
            return Routes.text(.methodNotAllowed, "only GET: this server changes nothing", extra: extra)
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        switch request.uri.path {
        case "/": return page(query)
        case "/api/v1/screen": return screen()
        case "/api/v1/times": return times(query)
        case "/calendar.ics": return calendar(query)
        case "/timetable": return timetable(query)
        case "/events": return events()
        case "/healthz": return health()
        case "/setup-qr.svg": return setupQR()
        default: return Routes.text(.notFound, "not found")
        }
    }

    private func page(_ query: [String: String]) -> Response {
        guard let model = feed.model().map(codes.decorate) else { return Routes.text(.serviceUnavailable, "starting") }
        let lang = query["lang"].flatMap { PageAssets.shared.languages[$0] != nil ? $0 : nil } ?? model.language
        return Routes.response(.ok, "text/html; charset=utf-8", Array(PageAssets.shared.page(model: model, language: lang, audit: query["audit"] != nil).utf8))
    }

    /// Setup mode's QR code (the setup page's address with the code in it), as the page draws
    /// it; 404 outside setup mode.
    private func setupQR() -> Response {
        guard let setup = feed.model()?.setup else { return Routes.text(.notFound, "not in setup mode") }
        do throws(QRError) {
            return Routes.response(.ok, "image/svg+xml", Array(try QRMatrix.encode(setup.url).svg().utf8))
        } catch {
            return Routes.text(.serviceUnavailable, error.description)
        }
    }

    private func screen() -> Response {
        guard let model = feed.model().map(codes.decorate) else { return Routes.json(.serviceUnavailable, ["error": "starting"]) }
        return Routes.json(.ok, model)
    }

    private func times(_ query: [String: String]) -> Response {
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

    /// The calendar feed (Calendar/CalendarFeed.swift): read-only, as everything here.
    private func calendar(_ query: [String: String]) -> Response {
        let p = feed.read()
        guard let input = p.input else { return Routes.text(.serviceUnavailable, "starting") }
        do {
            return Routes.response(.ok, CalendarFeed.contentType, try CalendarFeed.make(query: query, input: input, wall: p.wall))
        } catch .query(let why) {
            return Routes.text(.badRequest, why)
        } catch {
            return Routes.text(.serviceUnavailable, error.description)
        }
    }

    /// The page's event stream: written as the hub hands it events, at the pace the client
    /// reads (a write waits while the connection is full; the hub keeps the newest few meanwhile).
    private func events() -> Response {
        var headers = Routes.securityHeaders
        headers[.contentType] = "text/event-stream; charset=utf-8"
        let stream = hub.subscribe()
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            for await chunk in stream where !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        })
    }

    private func health() -> Response {
        struct Health: Encodable { var status: String; var now: String; var notices: [StatusCondition] }
        guard let m = feed.model() else { return Routes.json(.serviceUnavailable, Health(status: "starting", now: "", notices: [])) }
        return Routes.json(.ok, Health(status: "ok", now: m.now, notices: m.notices))
    }

    /// Nothing from elsewhere: scripts and styles only inline, connections only back here.
    static let securityHeaders: HTTPFields = [
        .cacheControl: "no-store",
        .xContentTypeOptions: "nosniff",
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]

    static func response(_ status: HTTPResponse.Status, _ type: String, _ body: [UInt8], extra: HTTPFields = [:]) -> Response {
        var headers = securityHeaders
        headers[.contentType] = type
        headers[.contentLength] = String(body.count)
        for field in extra { headers[field.name] = field.value }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        response(status, "application/json", Array((try? JSONEncoder.screen.encode(value)) ?? Data("{}".utf8)))
    }

    static func text(_ status: HTTPResponse.Status, _ s: String, extra: HTTPFields = [:]) -> Response {
        response(status, "text/plain; charset=utf-8", Array((s + "\n").utf8), extra: extra)
    }
}

extension StatusReport.ServerState {
    /// The web front's readiness in status.json's words.
    init(_ readiness: WebServer.Readiness) {
        self = switch readiness {
        case .listening: .listening
        case .starting: .starting
        case .down: .down
        }
    }
}
