import FoundationEssentials
import Glibc
import Languages
import Platform

/// The admin page's words in one language: Sources/Admin/Languages/<code>.json (embedded at
/// build time; a test checks every file has every key of en.json), the prayers' names from
/// the wall screen's language file so the two say the same. The reader's browser chooses
/// (Accept-Language); a language we have no file for falls back to the unit's screen language,
/// then English.
struct AdminText: Sendable {
    let code: String
    /// "rtl" or "ltr".
    let dir: String
    let words: [String: String]
    let prayers: [String: String]

    private struct File: Decodable {
        var code: String
        var dir: String
        var text: [String: String]
    }

    /// Every language the admin page has, by code.
    static let all: [String: AdminText] = {
        var out: [String: AdminText] = [:]
        for bytes in files {
            // Embedded at build time and checked by the tests: a broken file is left out, not fatal.
            guard let f = try? JSONDecoder().decode(File.self, from: Data(bytes)) else { continue }
            out[f.code] = AdminText(code: f.code, dir: f.dir == "rtl" ? "rtl" : "ltr", words: f.text,
                                    prayers: UnitLanguages.prayerNames(f.code))
        }
        return out
    }()

    static var files: [[UInt8]] {
        [PackageResources.en_json, PackageResources.ar_json, PackageResources.ur_json, PackageResources.tr_json,
         PackageResources.ms_json, PackageResources.id_json, PackageResources.fr_json]
    }

    static let english = all["en"] ?? AdminText(code: "en", dir: "ltr", words: [:], prayers: [:])

    /// The first language of an Accept-Language header we have (by weight, then order), else
    /// the unit's, else English.
    static func choose(acceptLanguage: String?, unit: String) -> AdminText {
        for code in preferred(acceptLanguage) { if let t = all[code] { return t } }
        return all[unit] ?? english
    }

    /// "ar-SA,ar;q=0.9,en;q=0.8" → ["ar", "ar", "en"]: primary subtags, lowercased, highest
    /// weight first (a weight of 0 means "not this one"). Only the header's first 512 bytes
    /// and 20 entries are looked at: a request may carry a header of most of a megabyte.
    static func preferred(_ header: String?) -> [String] {
        guard let header else { return [] }
        let head = String(decoding: header.utf8.prefix(512), as: UTF8.self)
        var tags: [(code: String, q: Double, order: Int)] = []
        for (i, part) in head.split(separator: ",", maxSplits: 20).prefix(20).enumerated() {
            let pieces = part.split(separator: ";", maxSplits: 4).map { $0.trimmingSpaces().lowercased() }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { continue }
            var q = 1.0
            for p in pieces.dropFirst() where p.hasPrefix("q=") { q = Double(p.dropFirst(2)) ?? 0 }
            guard q > 0 else { continue }
            let primary = tag.split(separator: "-").first.map(String.init) ?? ""
            // "in" is Indonesian's old code, still sent by some phones.
            tags.append((primary == "in" ? "id" : primary, q, i))
        }
        return tags.sorted { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }.map(\.code)
    }

    /// The text for a key, its `{name}` placeholders filled (values are inserted as given:
    /// the pages escape the result). A key missing here is taken from English.
    func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String {
        let template = words[key] ?? AdminText.english.words[key] ?? key
        guard !values.isEmpty else { return template }
        // One pass over the template: a value that itself holds "{…}" is left as it is.
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), let v = values[String(rest[rest.index(after: open)..<close])] else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += v
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// A prayer's name in this language ("dhuhr" → "الظهر").
    func prayer(_ raw: String) -> String { prayers[raw] ?? AdminText.english.prayers[raw] ?? raw.capitalized }
}

/// A-Z, a-z or 0-9.
func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
}
