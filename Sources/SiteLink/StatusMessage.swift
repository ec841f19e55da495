import FoundationEssentials
import Glibc
import UnitModel

/// What a unit publishes on `mihrab/v1/unit/<id>/status`: status.json's report (with the
/// software's `version` and the `site` object), and beside it at the top level
/// `config_version`, the site config version in force (0: none), under the name the topic's
/// description gives it, for a Home Assistant template or a script that reads one key.
struct StatusMessage: Encodable {
    let report: StatusReport

    private enum Key: String, CodingKey { case configVersion = "config_version" }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var top = encoder.container(keyedBy: Key.self)
        try top.encode(report.site?.configVersion ?? 0, forKey: .configVersion)
    }

    /// The payload (sorted keys, as status.json).
    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? report.json()  // finite numbers and strings: always encodes
    }
}
