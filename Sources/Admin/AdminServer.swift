import CTLS
import FlyingFox
import FlyingSocks
import Foundation
import Logging
import Service
import Synchronization

/// The admin page: HTTPS on `[admin] listen`, for the people who run the mosque.
///
/// TLS ends in `hal/tls` (OpenSSL, a thread of its own, at most 32 connections, 8 from one
/// address, 5 minutes each), which relays each connection to FlyingFox on a unix socket in a
/// 0700 directory under the runtime directory: the HTTP server is never reachable except
/// through TLS. No SwiftNIO: a small
/// binary and little memory on a Pi Zero.
public final class AdminServer: Sendable {
    /// What the TLS front allows each connection (tests shorten the times).
    public struct FrontLimits: Sendable {
        public var connections = 32
        public var handshakeMilliseconds = 10_000
        public var idleMilliseconds = 60_000
        public var lifetimeMilliseconds = 5 * 60_000
        public init() {}
    }

    public let config: AdminConfig
    let limits: FrontLimits
    let address: ListenAddress
    let stateDirectory: String
    let runtimeDirectory: String
    let logger: Logger
    let routes: AdminRoutes

    struct State {
        var front: UInt = 0  // the C front's pointer (bit pattern); 0: none
        var port = 0
        var task: Task<Void, Never>?
        var server: HTTPServer?
    }
    private let state = Mutex(State())

    /// The certificate and key in use (set by `start`).
    public var certificatePaths: (certificate: String, key: String) {
        config.certificate.isEmpty && config.key.isEmpty
            ? ((stateDirectory as NSString).appendingPathComponent("admin-cert.pem"), (stateDirectory as NSString).appendingPathComponent("admin-key.pem"))
            : (config.certificate, config.key)
    }

    public var socketPath: String { (runtimeDirectory as NSString).appendingPathComponent("admin/http.sock") }

    /// `now`: seconds on a monotonic clock (sessions and lockouts are lengths of time: a wall
    /// clock set by NTP or GPS must not end or stretch them); tests give their own.
    public init(config: AdminConfig, stateDirectory: String, runtimeDirectory: String, backend: any AdminBackend, logger: Logger,
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }, limits: FrontLimits = FrontLimits()) throws(AdminError) {
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
        self.runtimeDirectory = runtimeDirectory
        self.logger = logger
        routes = AdminRoutes(backend: backend, sessions: Sessions(minutes: config.sessionMinutes, now: now),
                             throttle: LoginThrottle(now: now), passwords: PasswordSource(path: config.passwordFile, logger: logger),
                             logger: logger)
    }

    /// The TCP port bound (the one chosen for port 0); 0 before `start`.
    public var port: Int { state.withLock { $0.port } }

    /// Listens: returns once both the HTTP server (unix socket) and the TLS front are up.
    public func start() async throws(AdminError) {
        guard port == 0 else { return }  // started already
        let (cert, key) = certificatePaths
        try prepareCertificate(cert, key)
        let socket = socketPath
        try prepareSocketDirectory((socket as NSString).deletingLastPathComponent)
        unlink(socket)

        // A body up to the routes' limit is read (and replayable); a larger one is never read:
        // FlyingFox would otherwise drain (and keep) up to 2 MiB of it before sending the 413.
        let server = HTTPServer(config: .init(address: sockaddr_un.unix(path: socket), timeout: 30,
                                              sharedRequestReplaySize: AdminRoutes.maximumBody, logger: .disabled),
                                handler: routes)
        let task = Task { [logger] in
            do { try await server.run() } catch is CancellationError {} catch {
                logger.error("admin page: the HTTP server stopped: \(error)")
            }
        }
        do {
            try await server.waitUntilListening(timeout: 10)
        } catch {
            task.cancel()
            throw AdminError("admin page: the HTTP server did not listen on \(socket): \(error)")
        }
        chmod(socket, 0o600)

        var err = [CChar](repeating: 0, count: 512)
        guard let front = mihrab_tls_front_start(address.host, Int32(address.port), cert, key, socket, Int32(clamping: limits.connections),
                                                 Int32(clamping: limits.handshakeMilliseconds), Int32(clamping: limits.idleMilliseconds),
                                                 Int32(clamping: limits.lifetimeMilliseconds), &err, err.count) else {
            await server.stop()
            task.cancel()
            throw AdminError("admin page: \(Crypto.text(err))")
        }
        let port = Int(mihrab_tls_front_port(front))
        state.withLock { $0 = State(front: UInt(bitPattern: front), port: port, task: task, server: server) }
        _ = routes.passwords.current()  // "no admin password" said at start, not at the first login
        let fingerprint = (try? Crypto.fingerprint(certificate: cert)) ?? "?"
        logger.notice("admin page on https://\(address.isIPv6 ? "[\(address.host)]" : address.host):\(port) (certificate SHA-256 \(fingerprint))")
    }

    /// Stops listening (open connections end); safe to call twice.
    public func stop() async {
        let s = state.withLock { s in
            let old = s
            s = State()
            return old
        }
        if let front = OpaquePointer(bitPattern: s.front) { mihrab_tls_front_stop(front) }
        await s.server?.stop()
        s.task?.cancel()
        unlink(socketPath)
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
        do {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw AdminError("admin page: \(stateDirectory): \(error.localizedDescription)")
        }
        var host = [CChar](repeating: 0, count: 256)
        let name = gethostname(&host, host.count - 1) == 0 ? Crypto.text(host) : "mihrab"
        try Crypto.makeCertificate(certificate: cert, key: key, host: name)
        logger.notice("admin page: made a self-signed certificate for \(name) in \(cert)")
    }

    /// A directory only this user can enter: nobody else can reach the unix socket.
    private func prepareSocketDirectory(_ dir: String) throws(AdminError) {
        if mkdir(dir, 0o700) != 0, errno != EEXIST {
            throw AdminError("admin page: \(dir): \(String(cString: strerror(errno)))")
        }
        var st = stat()
        guard lstat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid() else {
            throw AdminError("admin page: \(dir): not a directory of this user's")
        }
        guard chmod(dir, 0o700) == 0 else { throw AdminError("admin page: \(dir): \(String(cString: strerror(errno)))") }
    }
}
