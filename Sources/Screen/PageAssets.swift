import Foundation
import Service

/// The page and its language files, embedded in the binary at build time (SwiftPM's
/// `embedInCode`): nothing is read from disk, nothing is loaded from the internet.
struct PageAssets: Sendable {
    struct Language: Sendable {
        var code: String
        var dir: String
        var json: String
    }

    let template: String
    let languages: [String: Language]

    static let shared = PageAssets()

    private init() {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        template = text(PackageResources.screen_html)
            .replacingOccurrences(of: "{{STYLE}}", with: text(PackageResources.screen_css))
            .replacingOccurrences(of: "{{SCRIPT}}", with: text(PackageResources.screen_js))
        struct Head: Decodable { var code: String; var dir: String }
        var out: [String: Language] = [:]
        for bytes in PageAssets.languageFiles {
            // Embedded at build time and checked by the tests: a broken file is left out, not fatal.
            guard let head = try? JSONDecoder().decode(Head.self, from: Data(bytes)) else { continue }
            out[head.code] = Language(code: head.code, dir: head.dir == "rtl" ? "rtl" : "ltr", json: text(bytes))
        }
        languages = out
    }

    static var languageFiles: [[UInt8]] {
        [PackageResources.en_json, PackageResources.ar_json, PackageResources.ur_json, PackageResources.tr_json,
         PackageResources.ms_json, PackageResources.id_json, PackageResources.fr_json]
    }

    /// The page for a model in a language (falling back to English); with `audit`, the
    /// layout check the browser tests read.
    func page(model: ScreenModel, language code: String, audit: Bool = false) -> String {
        let lang = languages[code] ?? languages["en"] ?? Language(code: "en", dir: "ltr", json: "{}")
        let json = (try? JSONEncoder.screen.encode(model)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return template
            .replacingOccurrences(of: "{{LANG}}", with: lang.code)
            .replacingOccurrences(of: "{{DIR}}", with: lang.dir)
            .replacingOccurrences(of: "{{MODEL}}", with: PageAssets.scriptSafe(json))
            .replacingOccurrences(of: "{{LANGUAGE}}", with: PageAssets.scriptSafe(lang.json))
            .replacingOccurrences(of: "</body>", with: audit ? "<script>\(PageAssets.auditScript)</script></body>" : "</body>")
    }

    static let auditScript = String(decoding: PackageResources.audit_js, as: UTF8.self)

    /// JSON inside a <script> element: "</" could end the element early ("</script>" in an
    /// announcement), so it is written "<\/", which JSON reads as the same text.
    static func scriptSafe(_ json: String) -> String { json.replacingOccurrences(of: "</", with: "<\\/") }
}

/// What other modules may read of the screen's language files.
public enum ScreenLanguages {
    /// The prayers' names in a language ("dhuhr" → "الظهر"); empty for a language without a file.
    public static func prayerNames(_ code: String) -> [String: String] {
        struct File: Decodable { var code: String; var prayers: [String: String] }
        for bytes in PageAssets.languageFiles {
            if let f = try? JSONDecoder().decode(File.self, from: Data(bytes)), f.code == code { return f.prayers }
        }
        return [:]
    }
}
