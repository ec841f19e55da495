import Foundation
import TOMLKit

/// The mosque's shared settings, as published on `mihrab/v1/site/<site>/config` (retained):
/// a TOML text with the keys a site may set, in the local file's syntax, with a version. The
/// TOML travels as it was written, so a unit checks it with the very parser (and gives the
/// very messages) the file check does.
public struct SiteSettings: Codable, Sendable, Equatable {
    public var version: Int
    public var site: String
    /// The name it was published from: the file in every message about it.
    public var file: String
    public var toml: String
    /// ISO 8601 UTC, and who published it (the CLI's user, or the admin page's).
    public var published: String
    public var by: String

    public init(version: Int, site: String, file: String, toml: String, published: String, by: String) {
        (self.version, self.site, self.file, self.toml, self.published, self.by) = (version, site, file, toml, published, by)
    }

    /// The top-level tables a site config may set (its keys over the unit file's: `merged`),
    /// except the keys in `unitKeys`, which only the unit's own file sets.
    public static let sections: [String] = ["calculation", "iqamah", "jumuah", "reminders", "sounds", "patterns", "quiet",
                                            "screen", "announcements"]
    /// Keys inside those sections that belong to each unit (its hardware, its own server).
    public static let unitKeys: [String: [String]] = [
        "calculation": ["timetable"], "sounds": ["device", "keep_awake", "warm_up_s", "directories"], "screen": ["listen"],
    ]
    /// Larger payloads are refused unread.
    public static let maximumBytes = 256 * 1024

    /// Checks a site config's text exactly as the local file is checked (same parser, same
    /// messages), after refusing the keys a site may not set. Returns the sections it sets.
    @discardableResult
    public static func check(_ text: String, file: String) throws(ConfigError) -> (config: SiteConfig, sections: Set<String>) {
        let root = try TableReader.root(of: text, file: file)
        for key in root.table.keys.sorted() {
            guard sections.contains(key) else {
                throw root.error(key, "a site config may set only \(sections.joined(separator: ", ")); \(key) belongs to each unit's own file")
            }
            for unitKey in unitKeys[key] ?? [] where root.table[key]?.table?.contains(key: unitKey) == true {
                throw ConfigError(file: file, line: root.lines.line(of: "\(key).\(unitKey)"), path: "\(key).\(unitKey)",
                                  message: "belongs to each unit's own file, not to the site config")
            }
        }
        let config = try SiteConfig.parse(text, file: file, lenientSounds: true)
        return (config, Set(root.table.keys))
    }

    /// A payload from the broker: JSON with version and toml, checked like the file.
    public static func decode(_ payload: Data, topic: String) throws(ConfigError) -> (SiteSettings, SiteConfig, Set<String>) {
        guard payload.count <= maximumBytes else {
            throw ConfigError(file: topic, line: nil, path: "", message: "\(payload.count) bytes: larger than a site config may be (\(maximumBytes))")
        }
        let s: SiteSettings
        do { s = try JSONDecoder().decode(SiteSettings.self, from: payload) } catch {
            throw ConfigError(file: topic, line: nil, path: "", message: "not a site config (JSON with version, site, file, toml, published, by): \(Self.reason(error))")
        }
        guard s.version > 0 else { throw ConfigError(file: topic, line: nil, path: "version", message: "must be 1 or more") }
        let (config, sections) = try check(s.toml, file: s.file)
        return (s, config, sections)
    }

    /// The one-line refusal of a version that is not newer than the one applied.
    public static func notNewer(_ s: SiteSettings, applied: Int) -> ConfigError {
        ConfigError(file: s.file, line: nil, path: "version",
                    message: "\(s.version) is not newer than the version applied (\(applied)): kept version \(applied)")
    }

    public func encoded() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data()
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "\(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        case DecodingError.dataCorrupted(let c): return c.underlyingError.map { "\($0.localizedDescription)" } ?? c.debugDescription
        default: return "\(error)"
        }
    }
}

extension SiteSettings {
    /// The unit's file with the site config over it, as one TOML text: a key the site sets
    /// replaces the unit's, a table is merged key by key, a list (`[[announcements]]`,
    /// `[[quiet]]`, `jumuah.times`) is replaced whole.
    public static func merged(local: String, localFile: String, site: String, siteFile: String) throws(ConfigError) -> String {
        let base = try TableReader.root(of: local, file: localFile).table
        let over = try TableReader.root(of: site, file: siteFile).table
        func merge(_ into: TOMLTable, _ from: TOMLTable) {
            for (key, value) in from {
                if let t = value.table, let mine = into[key]?.table { merge(mine, t) } else { into[key] = value }
            }
        }
        merge(base, over)
        return base.convert(to: .toml)
    }
}
