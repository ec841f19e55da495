import FoundationEssentials
import Glibc

/// `[network]`: the unit on the mosque's MQTT broker. Off ("") by default: nothing is sent.
public struct NetworkConfig: Sendable, Equatable {
    /// "" (off), "mqtt://host[:1883]" or "mqtts://host[:8883]" (TLS).
    public var mqtt = ""
    /// This unit's name in the topics (letters, digits, "-" and "_"); "" until set (a unit
    /// with MQTT needs one).
    public var unitID = ""
    /// The site (mosque) whose shared settings this unit follows.
    public var site = ""
    /// A file "username:password" readable only by the unit's user; "" for no login.
    public var credentials = ""
    /// The site's admin account ("" for none): a unit whose admin page publishes the site
    /// config needs it (the units' own accounts may not write the site's topics).
    public var adminCredentials = ""
    /// mqtts: the CA file that signed the broker's certificate ("" for the system's CAs).
    public var caFile = ""
    /// The site key's public half, `ed25519:BASE64` (`mihrab site keygen` prints it): the
    /// only key whose signed settings and commands this unit takes. "" takes none.
    public var siteKey = ""
    /// The site key's private half (a file of mode 600), for a unit whose admin page
    /// publishes the site's settings and signs its commands; "" for none.
    public var signingKey = ""
    /// Commands taken without a signature: harmless ones only (Home Assistant's stop button
    /// cannot sign). `[]` takes every command signed.
    public var unsignedCommands: [String] = ["stop", "identify"]
    /// The commands that may be taken unsigned (the others change what the unit runs or sounds).
    public static let harmlessCommands = ["stop", "identify"]
    public init() {}

    public var enabled: Bool { !mqtt.isEmpty }

    /// The 32 bytes of an `ed25519:BASE64` public key, nil when it is not one.
    /// Keys of small order are not keys (`PublicKeyText`).
    public static func publicKeyBytes(_ text: String) -> Data? {
        guard case .success(let bytes) = PublicKeyText.parse(text) else { return nil }
        return Data(bytes)
    }
    public var broker: BrokerURL? { BrokerURL(mqtt) }

    /// A topic level we write ourselves: no wildcards, no "/", not empty.
    public static func validName(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 64 && s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}

/// mqtt://host[:port] or mqtts://host[:port]; IPv6 hosts in brackets.
public struct BrokerURL: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        (self.host, self.port, self.tls) = (host, port, tls)
    }

    public init?(_ s: String) {
        let tls: Bool
        let rest: Substring
        if s.hasPrefix("mqtt://") { (tls, rest) = (false, s.dropFirst(7)) } else if s.hasPrefix("mqtts://") {
            (tls, rest) = (true, s.dropFirst(8))
        } else { return nil }
        var host = rest
        var port = tls ? 8883 : 1883
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else { return nil }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = Int(rest[rest.index(after: colon)...]) else { return nil }
            port = p
        }
        let allowed = host.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-:_".unicodeScalars.contains($0)
        }
        guard !host.isEmpty, allowed, (1...65535).contains(port) else { return nil }
        self.init(host: String(host), port: port, tls: tls)
    }

    public var description: String { "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}

/// `[admin]`: the page for the people who run the mosque. Off ("") by default.
public struct AdminConfig: Sendable, Equatable {
    /// "ADDRESS:PORT" (HTTPS); "" turns it off.
    public var listen = ""
    /// Who may log in: lines "user:hash" written by `mihrab admin passwd`.
    public var passwordFile = "/etc/mihrab/admin.passwd"
    /// The installer's certificate and key (PEM); both "" (the default): a self-signed pair
    /// made on first start in the state directory.
    public var certificate = ""
    public var key = ""
    /// A session ends this long after login.
    public var sessionMinutes = 30
    public init() {}
}

extension SiteConfig {
    mutating func readNetwork(_ root: TableReader) throws(ConfigError) {
        if let t = try root.subtable("network") {
            if let v = try t.string("mqtt") {
                guard v.isEmpty || BrokerURL(v) != nil else {
                    throw t.error("mqtt", "\(quoted(v)) is not \"mqtt://HOST[:PORT]\" or \"mqtts://HOST[:PORT]\", or \"\" for none")
                }
                network.mqtt = v
            }
            for (key, set) in [("unit_id", { (c: inout NetworkConfig, v: String) in c.unitID = v }),
                               ("site", { (c: inout NetworkConfig, v: String) in c.site = v })] {
                if let v = try t.string(key) {
                    guard v.isEmpty || NetworkConfig.validName(v) else {
                        throw t.error(key, "\(quoted(v)) must be 1 to 64 letters, digits, \"-\" or \"_\"")
                    }
                    set(&network, v)
                }
            }
            if let v = try t.string("credentials") {
                guard v.isEmpty || v.hasPrefix("/") else { throw t.error("credentials", "must be an absolute path (or \"\" for no login)") }
                network.credentials = v
            }
            if let v = try t.string("admin_credentials") {
                guard v.isEmpty || v.hasPrefix("/") else { throw t.error("admin_credentials", "must be an absolute path (or \"\" for none)") }
                network.adminCredentials = v
            }
            if let v = try t.string("ca_file") {
                guard v.isEmpty || v.hasPrefix("/") else { throw t.error("ca_file", "must be an absolute path (or \"\" for the system's CAs)") }
                network.caFile = v
            }
            if let v = try t.string("site_key") {
                if !v.isEmpty, case .failure(let problem) = PublicKeyText.parse(v) { throw t.error("site_key", "\(problem) (or \"\" for none)") }
                network.siteKey = v
            }
            if let v = try t.string("signing_key") {
                guard v.isEmpty || v.hasPrefix("/") else { throw t.error("signing_key", "must be an absolute path (or \"\" for none)") }
                network.signingKey = v
            }
            if let v = try t.strings("unsigned_commands") {
                for c in v where !NetworkConfig.harmlessCommands.contains(c) {
                    throw t.error("unsigned_commands", "\(quoted(c)): only \(NetworkConfig.harmlessCommands.joined(separator: " and ")) may be taken unsigned (the others change what the unit runs or sounds)")
                }
                network.unsignedCommands = v
            }
            if network.enabled {
                if network.unitID.isEmpty { throw t.error("unit_id", "is needed with mqtt (this unit's name in the topics)") }
                if network.site.isEmpty { throw t.error("site", "is needed with mqtt (the mosque whose settings this unit follows)") }
            }
            try t.finish()
        }
        if let t = try root.subtable("admin") {
            if let v = try t.string("listen") {
                if !v.isEmpty, ListenAddress(v) == nil {
                    throw t.error("listen", "\(quoted(v)) is not \"ADDRESS:PORT\" (e.g. \"0.0.0.0:8443\"), or \"\" for no admin page")
                }
                admin.listen = v
            }
            for key in ["password_file", "certificate", "key"] {
                guard let v = try t.string(key) else { continue }
                guard v.hasPrefix("/") || (v.isEmpty && key != "password_file") else { throw t.error(key, "must be an absolute path") }
                switch key {
                case "password_file": admin.passwordFile = v
                case "certificate": admin.certificate = v
                default: admin.key = v
                }
            }
            if admin.certificate.isEmpty != admin.key.isEmpty {
                throw t.error(admin.certificate.isEmpty ? "certificate" : "key", "certificate and key go together (both empty: a self-signed pair)")
            }
            if let v = try t.int("session_minutes", in: 5...1440) { admin.sessionMinutes = v }
            try t.finish()
        }
    }
}
