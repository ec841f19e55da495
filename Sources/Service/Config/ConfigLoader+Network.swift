import UnitModel

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
                    throw t.error("unsigned_commands", "\(quoted(c)): only \(NetworkConfig.harmlessCommands.joined(separator: ", ")) may be taken unsigned (the others change what the unit runs or sounds)")
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
                guard v.hasPrefix("/") || v.isEmpty else { throw t.error(key, "must be an absolute path") }
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
