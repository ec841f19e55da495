import FoundationEssentials
import Glibc
import TOMLKit
import UnitModel

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
    /// The printed timetable that `calculation.timetable` names, carried with the config (a
    /// unit never reads a site's timetable from its own disk); nil when the config names none.
    public var timetable: TimetableText?
    /// Raised by a signed reset (`mihrab site publish --reset`): versions start again at 1 in
    /// the next series, and every unit takes it as newer (nil: series 0).
    public var series: Int?
    /// The site key's signature (`ed25519:BASE64`, over `signingInput`) and the public key
    /// that made it (`ed25519:BASE64`); nil for settings stored by this unit's own admin page
    /// without a site network.
    public var signature: String?
    public var key: String?

    public init(version: Int, site: String, file: String, toml: String, published: String, by: String,
                timetable: TimetableText? = nil, series: Int = 0) {
        (self.version, self.site, self.file, self.toml, self.published, self.by) = (version, site, file, toml, published, by)
        self.timetable = timetable
        self.series = series == 0 ? nil : series
    }

    /// Where it stands among the site's configs: a later series first, then a higher version.
    public var order: SiteVersion { SiteVersion(series: series ?? 0, version: version) }

    /// The top-level tables a site config may set (its keys over the unit file's: `merged`),
    /// except the keys in `unitKeys`, which only the unit's own file sets.
    /// `location` and `time`: the mosque's place and clock are the site's (the setup page
    /// writes them with the method; every unit of a mosque stands at the same place).
    public static let sections: [String] = ["location", "time", "calculation", "iqamah", "jumuah", "reminders", "sounds", "patterns", "quiet",
                                            "screen", "announcements", "events", "units"]
    /// Keys inside those sections that belong to each unit (its hardware, its own server).
    public static let unitKeys: [String: [String]] = [
        "sounds": ["device", "keep_awake", "warm_up_s", "directories"], "screen": ["listen"],
    ]
    /// Versions run from 1 to this (a site publishing every minute for 1900 years): a version
    /// beyond it is refused, so that no one can make the next one overflow.
    public static let maximumVersion = 1_000_000_000
    /// Larger payloads are refused unread (a year's timetable, CSV or JSON, is 20 to 150 KiB).
    public static let maximumBytes = 1024 * 1024

    /// Checks a site config's text exactly as the local file is checked (same parser, same
    /// messages), after refusing the keys a site may not set; the timetable it names must be
    /// `timetable`. Returns the sections it sets.
    @discardableResult
    public static func check(_ text: String, file: String, timetable: TimetableText? = nil) throws(ConfigError)
        -> (config: SiteConfig, sections: Set<String>) {
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
        if let name = timetableName(in: root), timetable?.name != name {
            throw ConfigError(file: file, line: root.lines.line(of: "calculation.timetable"), path: "calculation.timetable",
                              message: "\(quoted(name)) did not come with the site config (mihrab site publish sends the file it names, read beside the site config)")
        }
        let config = try SiteConfig.parse(text, file: file, lenientSounds: true, timetable: timetable)
        return (config, Set(root.table.keys))
    }

    /// The timetable a site config's text names (`calculation.timetable`), nil for none.
    public static func timetableName(_ text: String, file: String) throws(ConfigError) -> String? {
        timetableName(in: try TableReader.root(of: text, file: file))
    }

    private static func timetableName(in root: TableReader) -> String? {
        let name = root.table["calculation"]?.table?["timetable"]?.string
        return name?.isEmpty == false ? name : nil
    }

    /// A payload from the broker: JSON with version and toml, checked like the file, after
    /// `verify` (the signature: a forgery is refused before its TOML is parsed).
    public static func decode(_ payload: Data, topic: String, verify: (SiteSettings) throws(ConfigError) -> Void = { _ in })
        throws(ConfigError) -> (SiteSettings, SiteConfig, Set<String>) {
        let s = try envelope(payload, topic: topic)
        try verify(s)
        let (config, sections) = try check(s.toml, file: s.file, timetable: s.timetable)
        return (s, config, sections)
    }

    /// A payload's JSON, its size and its version's range checked; its TOML not yet.
    public static func envelope(_ payload: Data, topic: String) throws(ConfigError) -> SiteSettings {
        guard payload.count <= maximumBytes else {
            throw ConfigError(file: topic, line: nil, path: "", message: "\(payload.count) bytes: larger than a site config may be (\(maximumBytes))")
        }
        let s: SiteSettings
        do { s = try JSONDecoder().decode(SiteSettings.self, from: payload) } catch {
            throw ConfigError(file: topic, line: nil, path: "", message: "not a site config (JSON with version, site, file, toml, published, by): \(Self.reason(error))")
        }
        guard (1...maximumVersion).contains(s.version) else {
            throw ConfigError(file: topic, line: nil, path: "version", message: "\(s.version) is not a version (1 to \(maximumVersion))")
        }
        guard (0...maximumVersion).contains(s.series ?? 0) else {
            throw ConfigError(file: topic, line: nil, path: "series", message: "\(s.series ?? 0) is not a series (0 to \(maximumVersion))")
        }
        return s
    }

    /// The one-line refusal of a version that is not newer than the one applied.
    public static func notNewer(_ s: SiteSettings, applied: SiteVersion) -> ConfigError {
        ConfigError(file: s.file, line: nil, path: "version",
                    message: "\(s.order) is not newer than the version applied (\(applied)): kept version \(applied)")
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
        case DecodingError.dataCorrupted(let c): return c.underlyingError.map { "\($0)" } ?? c.debugDescription
        default: return "\(error)"
        }
    }
}

extension SiteSettings {
    /// The text of the unit's own file ("" for none), or "cannot be read".
    public static func localText(_ path: String?) throws(ConfigError) -> String {
        try path.map { (p: String) throws(ConfigError) -> String in try TableReader.text(of: p) } ?? ""
    }

    /// The unit's own file (its text, "" for none) with these settings over it, checked as a
    /// whole; an error names both.
    public func over(localText: String, localFile: String?) throws(ConfigError) -> SiteConfig {
        try Self.check(toml, file: file, timetable: timetable)
        let name = localFile ?? "mihrab.toml"
        let text = try Self.merged(local: localText, localFile: name, site: toml, siteFile: file)
        do {
            return try SiteConfig.parse(text, file: name, lenientSounds: true, timetable: timetable)
        } catch {
            throw ConfigError(file: "\(file) (site config version \(version)) over \(name)", line: nil, path: error.path,
                              message: error.message, details: error.details)
        }
    }

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

/// A site config's place in the site's history: versions count up within a series; a signed
/// reset starts the next series at version 1 (README, "Starting the versions again").
public struct SiteVersion: Comparable, Sendable, Hashable, CustomStringConvertible {
    public var series: Int
    public var version: Int
    public init(series: Int = 0, version: Int) { (self.series, self.version) = (series, version) }
    public static let none = SiteVersion(version: 0)

    public static func < (a: SiteVersion, b: SiteVersion) -> Bool { (a.series, a.version) < (b.series, b.version) }
    /// "7", or "2 of series 1" after a reset.
    public var description: String { series == 0 ? "\(version)" : "\(version) of series \(series)" }
}

/// A timetable file's name (as `calculation.timetable` gives it) and its text.
public struct TimetableText: Codable, Sendable, Equatable {
    public var name: String
    public var text: String

    public init(name: String, text: String) { (self.name, self.text) = (name, text) }
}
