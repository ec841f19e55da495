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
    /// Commands taken without a signature: harmless ones only (Home Assistant's stop button and TV switch
    /// cannot sign). `[]` takes every command signed.
    public var unsignedCommands: [String] = ["stop", "identify", "display"]
    /// The commands that may be taken unsigned (the others change what the unit runs or sounds).
    /// `message` (the site's urgent message) only where a unit's file lists it: Home
    /// Assistant's text entity cannot sign, and anyone who can publish on the broker could then
    /// put a message on the screens.
    public static let harmlessCommands = ["stop", "identify", "display", "message"]
    public init() {}

    public var enabled: Bool { !mqtt.isEmpty }

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
    /// Who may log in: lines "user:hash" written by `mihrab admin passwd` or the setup page;
    /// "" (the default): `admin.passwd` in the state directory (`passwordFile(state:)`), which
    /// the unit's own user can write (the setup page) and remove (the stop button's reset).
    public var passwordFile = ""
    /// The installer's certificate and key (PEM); both "" (the default): a self-signed pair
    /// made on first start in the state directory.
    public var certificate = ""
    public var key = ""
    /// A session ends this long after login.
    public var sessionMinutes = 30
    public init() {}

    /// The password file in force: `password_file`, or the state directory's `admin.passwd`.
    public func passwordFile(state: String) -> String {
        guard passwordFile.isEmpty else { return passwordFile }
        return (state.hasSuffix("/") ? state : state + "/") + "admin.passwd"
    }
}
