import FoundationEssentials
import Glibc

/// The unit's language files (one per language: the wall screen's words, its direction, the
/// prayers' names), embedded at build time. The wall screen serves them to its page; the admin
/// page takes the prayers' names from them so the two say the same. A module of its own so that
/// neither reaches into the other.
public enum UnitLanguages {
    /// Every file's bytes, English first.
    public static var files: [[UInt8]] {
        [PackageResources.en_json, PackageResources.ar_json, PackageResources.ur_json, PackageResources.tr_json,
         PackageResources.ms_json, PackageResources.id_json, PackageResources.fr_json]
    }

    /// The prayers' names in a language ("dhuhr" → "الظهر"); empty for a language without a file.
    public static func prayerNames(_ code: String) -> [String: String] {
        struct File: Decodable { var code: String; var prayers: [String: String] }
        for bytes in files {
            if let f = try? JSONDecoder().decode(File.self, from: Data(bytes)), f.code == code { return f.prayers }
        }
        return [:]
    }
}
