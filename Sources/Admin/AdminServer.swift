import CCrypto
import FoundationEssentials
import Glibc
import Platform
import Logging
import NIOSSL
import Service
import Synchronization
import WebFront
import HTTPTypes
import UnitModel

/// The admin page: HTTPS on `[admin] listen`, for the people who run the mosque.
///
/// `WebFront` serves it: Hummingbird over SwiftNIO with NIOSSL's TLS (1.2 or newer), on an
/// event loop of its own, every connection under `WebLimits.admin` (32 at once, 8 from one
/// address, the TLS handshake and the request's head within the idle timeout).
public final class AdminServer: Sendable {
    public let config: AdminConfig
    let limits: WebLimits
    let address: ListenAddress
    let stateDirectory: String
    let logger: Logger
    let routes: AdminRoutes

    struct State {
        var server: WebServer?
        var task: Task<Void, Never>?
    }
    private let state = Mutex(State())

    /// The certificate and key in use (set by `start`).
    public var certificatePaths: (certificate: String, key: String) {
        config.certificate.isEmpty && config.key.isEmpty
            ? (joinedPath(stateDirectory, "admin-cert.pem"), joinedPath(stateDirectory, "admin-key.pem"))
            : (config.certificate, config.key)
    }

    /// `now`: seconds on a monotonic clock (sessions and lockouts are lengths of time: a wall
    /// clock set by NTP or GPS must not end or stretch them); tests give their own, and their
    /// own `logins` (the login throttle's limits). `setup`: the unit's setup mode (while it is
    /// active the page serves /setup alone).
    public init(config: AdminConfig, stateDirectory: String, backend: any AdminBackend, logger: Logger,
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }, limits: WebLimits = .admin,
                logins: LoginThrottle.Limits = .init(), setup: (any SetupBackend)? = nil) throws(AdminError) {
        guard let address = ListenAddress(config.listen) else {
            throw AdminError("[admin] listen: \"\(config.listen)\" is not \"ADDRESS:PORT\"")
        }
        guard config.certificate.isEmpty == config.key.isEmpty else {
            throw AdminError("[admin] certificate and key: give both (PEM files), or neither for a self-signed pair")
        }
        self.config = config
        self.limits = limits
        self.address = address
        self.stateDirectory = stateDirectory
        self.logger = logger
        routes = AdminRoutes(backend: backend, sessions: Sessions(minutes: config.sessionMinutes, now: now),
                             throttle: LoginThrottle(limits: logins, now: now), passwords: PasswordSource(path: config.passwordFile, logger: logger),
                             logger: logger, setup: setup)
    }

    /// The TCP port bound (the one chosen for port 0); 0 while it does not listen.
    public var port: Int { state.withLock { $0.server?.listeningPort } ?? 0 }

    /// For status.json: listening, or down and why (nil before `start`).
    public var condition: StatusReport.Server? {
        guard let server = state.withLock({ $0.server }) else { return nil }
        let c = server.condition
        return StatusReport.Server(server: "admin", listen: config.listen, state: .init(c.state), problem: c.problem, connections: server.connections)
    }

    /// Listens: returns once the server takes connections, or has said why it cannot (it tries
    /// again by itself). Throws only for what retrying cannot mend (the certificate or key).
    public func start() async throws(AdminError) {
        guard state.withLock({ $0.server == nil }) else { return }  // started already
        if mihrab_crypto_library_error() != nil { throw Crypto.libraryMissing() }
        let (cert, key) = certificatePaths
        try prepareCertificate(cert, key)
        let tls = try tlsConfiguration(cert, key)
        let routes = self.routes
        let server = WebServer(name: "admin page", host: address.host, port: Int(address.port), limits: limits, tls: tls, methods: [.get, .post],
                               refusalHeaders: AdminRoutes.securityHeaders, logger: logger,
                               clientHandler: { request, client in await routes.respond(request, client: client) })
        let task = Task { await server.runKeptUp(meanwhile: "the unit runs on without its admin page") }
        state.withLock { $0 = State(server: server, task: task) }
        guard let port = try? await server.waitUntilListening() else { return }
        _ = routes.passwords.current()  // "no admin password" said at start, not at the first login
        let fingerprint = (try? Crypto.fingerprint(certificate: cert)) ?? "?"
        logger.notice("admin page on https://\(address.isIPv6 ? "[\(address.host)]" : address.host):\(port) (certificate SHA-256 \(fingerprint))")
    }

    /// Stops listening (open connections end); safe to call twice.
    public func stop() async {
        let task = state.withLock { s in
            defer { s.task = nil }
            return s.task
        }
        task?.cancel()
        await task?.value
    }

    /// The certificate chain and key, read (size-checked) and loaded for TLS 1.2 or newer.
    private func tlsConfiguration(_ cert: String, _ key: String) throws(AdminError) -> TLSConfiguration {
        let (certBytes, keyBytes) = (try Crypto.readPEM(cert), try Crypto.readPEM(key))
        do {
            let chain = try NIOSSLCertificate.fromPEMBytes(certBytes)
            guard !chain.isEmpty else { throw AdminError("\(cert): no certificate in it") }
            let privateKey = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
            var c = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
            c.minimumTLSVersion = .tlsv12
            return c
        } catch let e as AdminError {
            throw e
        } catch {
            throw AdminError("admin page: \(cert) and \(key) do not load: \(error)")
        }
    }

    /// The installer's pair, readable; or ours, made once and kept.
    private func prepareCertificate(_ cert: String, _ key: String) throws(AdminError) {
        if !config.certificate.isEmpty {
            for path in [cert, key] where access(path, R_OK) != 0 {
                throw AdminError("[admin] \(path == cert ? "certificate" : "key"): \(path): \(String(cString: strerror(errno)))")
            }
            return
        }
        if access(cert, R_OK) == 0, access(key, R_OK) == 0 { return }
        if let problem = makeDirectory(stateDirectory, intermediate: true) {
            throw AdminError("admin page: \(stateDirectory): \(problem)")
        }
        var host = [CChar](repeating: 0, count: 256)
        let name = gethostname(&host, host.count - 1) == 0 ? stringFromCBuffer(host) : "mihrab"
        try Crypto.makeCertificate(certificate: cert, key: key, host: name.isEmpty ? "mihrab" : name)
        logger.notice("admin page: made a self-signed certificate for \(name) in \(cert)")
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
