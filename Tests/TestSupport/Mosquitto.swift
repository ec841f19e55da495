import Foundation

/// A real mosquitto broker (Debian's `mosquitto`) on a free loopback port, with a password
/// file and an ACL as the README tells a mosque to set one up: the admin account writes the
/// site's topics; each unit (its user name is its unit id) writes only its own
/// `mihrab/v1/unit/<id>/#` and its Home Assistant entries, and reads the rest.
public final class Mosquitto: @unchecked Sendable {
    public let directory: String
    public let port: Int
    public let accounts: [String: String]
    /// With `tls`: a second listener (TLS) and the CA file that signed its certificate.
    public private(set) var tlsPort: Int?
    public private(set) var caFile: String?
    private var process: Process?

    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public static let binary = ["/usr/sbin/mosquitto", "/usr/bin/mosquitto"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static var available: Bool { binary != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/mosquitto_passwd") }

    /// `units`: the unit ids that get an account; "admin" always has one. `open`: a broker as
    /// many are left, taking clients without an account and with no ACL (anyone reads and
    /// writes every topic).
    public init(units: [String], tls: Bool = false, open: Bool = false) throws {
        directory = NSTemporaryDirectory() + "mihrab-broker-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        port = try Mosquitto.freePort()
        var accounts = ["admin": "admin-\(UUID().uuidString.prefix(8))"]
        for u in units { accounts[u] = "\(u)-\(UUID().uuidString.prefix(8))" }
        self.accounts = accounts
        let passwd = directory + "/passwd"
        for (i, (user, password)) in accounts.sorted(by: { $0.key < $1.key }).enumerated() {
            let r = try Mosquitto.run("/usr/bin/mosquitto_passwd", (i == 0 ? ["-c"] : []) + ["-b", passwd, user, password])
            guard r == 0 else { throw Failure(description: "mosquitto_passwd failed (\(r))") }
        }
        try """
        # The admin account: the site's shared settings and commands to every unit.
        user admin
        topic readwrite mihrab/v1/#
        topic read homeassistant/#

        # Every unit (user name = unit id): its own topics and Home Assistant entries; reads the rest.
        pattern readwrite mihrab/v1/unit/%u/#
        pattern readwrite homeassistant/+/%u/#
        pattern read mihrab/v1/#

        """.write(toFile: directory + "/acl", atomically: true, encoding: .utf8)
        chmod(passwd, 0o600)
        chmod(directory + "/acl", 0o600)
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        var tlsListener = ""
        if tls {
            let (ca, cert, key) = try Mosquitto.makeCertificates(in: directory)
            let p = try Mosquitto.freePort()
            (tlsPort, caFile) = (p, ca)
            tlsListener = "listener \(p) 127.0.0.1\ncafile \(ca)\ncertfile \(cert)\nkeyfile \(key)\ntls_version tlsv1.2\n"
        }
        try """
        listener \(port) 127.0.0.1
        allow_anonymous \(open)
        password_file \(passwd)
        \(open ? "" : "acl_file \(directory)/acl")
        persistence false
        max_packet_size 1100000
        log_dest file \(directory)/mosquitto.log
        log_type error
        log_type warning
        log_type notice
        log_type information
        connection_messages true
        user \(user)
        \(tlsListener)

        """.write(toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try start()
    }

    /// Starts (or starts again) the broker and waits until it accepts connections.
    public func start() throws {
        guard let binary = Mosquitto.binary else { throw Failure(description: "mosquitto is not installed (make test-deps)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = ["-c", directory + "/mosquitto.conf"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        process = p
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if Mosquitto.accepts(port: port) { return }
            guard p.isRunning else { break }
            usleep(50_000)
        }
        throw Failure(description: "mosquitto did not start on port \(port): \(log)")
    }

    /// Kills the broker at once (SIGKILL: no goodbye to anyone).
    public func kill() {
        guard let p = process, p.isRunning else { return }
        Foundation.kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }

    public var url: String { "mqtt://127.0.0.1:\(port)" }
    public var log: String { (try? String(contentsOfFile: directory + "/mosquitto.log", encoding: .utf8)) ?? "" }

    /// A credentials file "user:password" (mode 600) for an account.
    public func credentialsFile(_ user: String) throws -> String {
        let path = directory + "/\(user).secret"
        try "\(user):\(accounts[user] ?? "")\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    /// The arguments mosquitto_pub and mosquitto_sub take to log in as an account.
    public func login(_ user: String) -> [String] {
        ["-h", "127.0.0.1", "-p", "\(port)", "-u", user, "-P", accounts[user] ?? ""]
    }

    deinit { kill() }

    /// A CA and a server certificate for 127.0.0.1 it signed (openssl's command line: an
    /// independent maker of what our client must verify).
    static func makeCertificates(in dir: String) throws -> (ca: String, cert: String, key: String) {
        let ssl = "/usr/bin/openssl"
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", dir + "/ca.key",
             "-out", dir + "/ca.pem", "-days", "2", "-subj", "/CN=Mihrab test CA"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", dir + "/server.key",
             "-out", dir + "/server.csr", "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.pem", "-CAkey", dir + "/ca.key", "-CAcreateserial",
             "-out", dir + "/server.pem", "-days", "2", "-extfile", dir + "/san.ext"],
        ]
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: dir + "/san.ext", atomically: true, encoding: .utf8)
        for args in steps {
            let r = try run(ssl, args)
            guard r == 0 else { throw Failure(description: "openssl \(args[0]) failed (\(r))") }
        }
        return (dir + "/ca.pem", dir + "/server.pem", dir + "/server.key")
    }

    static func run(_ path: String, _ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// A port nobody listens on now (the kernel's choice for port 0).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        a.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &a) { ptr in
            ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw Failure(description: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: a.sin_port))
    }

    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        a.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &a) { ptr in
            ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// `mosquitto_sub` as the admin account, on every topic, into a file: what a person watching
/// the broker sees, read independently of our own MQTT code.
public final class BrokerWatch: @unchecked Sendable {
    let process = Process()
    public let path: String

    public init(_ broker: Mosquitto, topics: [String] = ["#"]) throws {
        path = broker.directory + "/watch-\(UUID().uuidString.prefix(8)).log"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = broker.login("admin") + topics.flatMap { ["-t", $0] } + ["-v", "-q", "1"]
        process.standardOutput = FileHandle(forWritingAtPath: path)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Every (topic, payload) line so far.
    public var messages: [(topic: String, payload: String)] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// Waits up to `timeout` seconds for a message that `match` accepts, among those from
    /// index `from` on (`messages.count` before an action: only what came after it).
    public func wait(_ timeout: Double, from: Int = 0, _ match: (String, String) -> Bool) -> (topic: String, payload: String)? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let m = messages.dropFirst(from).first(where: { match($0.topic, $0.payload) }) { return m }
            usleep(50_000)
        } while Date() < deadline
        return nil
    }

    /// SIGKILL, not SIGTERM: a child started from a Swift Testing thread (a libdispatch worker,
    /// every signal blocked) inherits that mask, so mosquitto_sub would never see a SIGTERM and
    /// the wait would never end.
    public func stop() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
