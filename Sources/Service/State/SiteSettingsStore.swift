import FoundationEssentials
import Glibc
import Synchronization
import UnitModel

/// The site's shared settings this unit applied, kept in the state directory
/// (`site-settings.json`, written atomically, the one before kept as
/// `site-settings.previous.json`), so that a reboot without the broker runs with them.
/// Thread-safe: the network's thread stores, the loop's reload reads.
public final class SiteSettingsStore: Sendable {
    public let path: String
    public let directory: String
    public var previousPath: String { path.replacing(".json", with: ".previous.json") }
    private let current: Mutex<SiteSettings?>
    /// Held while the files are written: one writer at a time (the network's queue, the admin page).
    private let writing = Mutex(())
    /// Why the stored file was not used at start (moved aside), if it was not.
    public let problem: String?

    public init(directory: String) {
        self.directory = directory
        path = directory + "/site-settings.json"
        var problem: String?
        var loaded: SiteSettings?
        switch readSmallFile(path, limit: SiteSettings.maximumBytes + 4096) {
        case .success(nil): break
        case .success(let data?):
            do {
                loaded = try SiteSettings.decode(data, topic: path).0
            } catch {
                let aside = moveAside(path, suffix: ".corrupt")
                problem = "\(error); moved to \(aside ?? "nowhere (cannot be moved)"), the unit's own file in force"
            }
        case .failure(let e): problem = "\(path): \(e); the unit's own file in force"
        }
        current = Mutex(loaded)
        self.problem = problem
    }

    public var settings: SiteSettings? { current.withLock { $0 } }

    /// The highest version signed with `key` that this unit stored (`site-settings.floor`:
    /// "KEY SERIES VERSION"), whatever it stored since without a signature (an admin page
    /// without the site key): nothing that key signed at or below it is taken again.
    public func signedFloor(key: String) -> SiteVersion {
        guard !key.isEmpty, case .success(let d?) = readSmallFile(floorPath, limit: 1024) else { return .none }
        let parts = String(decoding: d, as: UTF8.self).split(whereSeparator: { $0 == " " || $0.isNewline }).map(String.init)
        guard parts.count == 3, parts[0] == key, let series = Int(parts[1]), let version = Int(parts[2]) else { return .none }
        return SiteVersion(series: series, version: version)
    }
    var floorPath: String { directory + "/site-settings.floor" }
    public var version: Int { current.withLock { $0?.version ?? 0 } }
    /// The stored settings' place in the site's history (`.none` without any).
    public var order: SiteVersion { current.withLock { $0?.order ?? .none } }

    /// Stores new settings (the one before kept beside them).
    public func store(_ s: SiteSettings) throws(POSIXFailure) {
        try writing.withLock { _ throws(POSIXFailure) in try write(s) }
    }

    /// Stores `s` if it is newer than the stored one (compared and written as one step: two
    /// writers cannot both store the same version), or if `s` is signed with `key` and the
    /// stored one is not (the site's key was changed, or the settings came from before units
    /// took only signed ones: their versions do not count); false if it is not newer.
    public func storeIfNewer(_ s: SiteSettings, key: String? = nil) throws(POSIXFailure) -> Bool {
        try writing.withLock { _ throws(POSIXFailure) -> Bool in
            let stored = settings
            let otherKey = key != nil && stored != nil && stored?.key != key
            guard otherKey || s.order > order else { return false }
            if let key, s.signature != nil, s.key == key, s.order <= signedFloor(key: key) { return false }
            try write(s)
            return true
        }
    }

    /// Sets aside stored settings that were signed with a key other than `key` (the unit's
    /// `site_key` was changed): they stop counting at once, moved to
    /// `site-settings.other-key.json`, and the unit's own file is in force until the new key
    /// signs a config. Settings saved on this unit unsigned (an admin page without the key)
    /// stay. What was set aside, if anything.
    public func dropUnlessSigned(by key: String) -> SiteSettings? {
        writing.withLock { _ -> SiteSettings? in
            guard let s = settings, s.signature != nil, s.key != key else { return nil }
            let aside = directory + "/site-settings.other-key.json"
            if rename(path, aside) != 0 { unlink(path) }
            current.withLock { $0 = nil }
            return s
        }
    }

    /// Makes the next version (above the stored one and `floor`, in the later one's series)
    /// with `make`, which may refuse it, and stores it, as one step; what it stored.
    public func storeNext(above floor: SiteVersion, _ make: (SiteVersion) throws(ConfigError) -> SiteSettings) throws(ConfigError) -> SiteSettings {
        try writing.withLock { _ throws(ConfigError) -> SiteSettings in
            let top = max(order, floor)
            guard top.version < SiteSettings.maximumVersion else {
                throw ConfigError(file: path, line: nil, path: "version",
                                  message: "\(top) is the last version of its series: start the site's versions again with mihrab site publish --reset")
            }
            let s = try make(SiteVersion(series: top.series, version: top.version + 1))
            // What a unit would refuse from the broker (and this one at its next start) is not stored.
            let size = s.encoded().count
            guard size <= SiteSettings.maximumBytes else {
                throw ConfigError(file: s.file, line: nil, path: "", message: "\(size) bytes: larger than a site config may be (\(SiteSettings.maximumBytes))")
            }
            do { try write(s) } catch {
                throw ConfigError(file: path, line: nil, path: "", message: "cannot be written: \(error)")
            }
            return s
        }
    }

    /// With `writing` held.
    private func write(_ s: SiteSettings) throws(POSIXFailure) {
        if FileManager.default.fileExists(atPath: path) {
            if case .success(let old?) = readSmallFile(path, limit: SiteSettings.maximumBytes + 4096) {
                try writeAtomically(old, to: previousPath)
            }
        }
        if s.signature != nil, let key = s.key, s.order > signedFloor(key: key) {
            try writeAtomically(Data("\(key) \(s.order.series) \(s.order.version)\n".utf8), to: floorPath, mode: 0o600)
        }
        try writeAtomically(s.encoded(), to: path)
        current.withLock { $0 = s }
    }

    /// The unit's own file (nil: none) with the stored site settings over it, checked as a
    /// whole; nil when there are none. An error names both.
    public func effective(localFile: String?) throws(ConfigError) -> SiteConfig? {
        guard let settings else { return nil }
        return try settings.over(localText: try SiteSettings.localText(localFile), localFile: localFile)
    }
}
