import FoundationEssentials
import Glibc
import Service

/// The highest site config version a site key has signed, kept beside its private half
/// (`KEY.version`, mode 600): `site publish` signs above it whatever the broker holds, so a
/// broker whose retained configs were cleared or replaced cannot make it sign a version the
/// units already have, which they would refuse.
struct SignedFloor {
    let path: String
    init(keyFile: String) { path = keyFile + ".version" }

    /// "SERIES VERSION"; `.none` when there is no file yet (or it cannot be read).
    func read() -> SiteVersion {
        guard case .success(let data?) = readSmallFile(path, limit: 256) else { return .none }
        let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0.isNewline }).compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 0 && $0 <= SiteSettings.maximumVersion }) else { return .none }
        return SiteVersion(series: parts[0], version: parts[1])
    }

    /// Keeps `v`; the one-line problem when it cannot.
    func write(_ v: SiteVersion) -> String? {
        do { try writeAtomically(Data("\(v.series) \(v.version)\n".utf8), to: path, mode: 0o600) } catch {
            return "\(path): cannot be written (\(error)): nothing published, so that no version is signed twice"
        }
        return nil
    }
}
