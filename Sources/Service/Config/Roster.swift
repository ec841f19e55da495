import TOMLKit
import UnitModel

/// `[units]`: the site's roster, each unit's id and the public half of its own key (what
/// `mihrab unit key` prints; `mihrab site enroll` writes the line). Usually in the site's signed
/// settings, so every unit and the admin page know which reports are a unit's own.
extension SiteConfig {
    /// At most this many units on a site's roster.
    public static let maximumRoster = 256

    mutating func readRoster(_ root: TableReader) throws(ConfigError) {
        guard let t = try root.subtable("units") else { return }
        let ids = t.table.keys.sorted()
        guard ids.count <= SiteConfig.maximumRoster else {
            throw root.error("units", "\(ids.count) units: a roster has at most \(SiteConfig.maximumRoster)")
        }
        for id in ids {
            guard NetworkConfig.validName(id) else { throw t.error(id, "is not a unit id (1 to 64 letters, digits, \"-\" or \"_\")") }
            guard let key = try t.string(id) else { continue }
            if case .failure(let problem) = PublicKeyText.parse(key) { throw t.error(id, "\(problem)") }
            roster[id] = key
        }
        try t.finish()
    }
}
