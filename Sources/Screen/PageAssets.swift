import FoundationEssentials
import Glibc
import Languages
import UnitModel

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
            .replacing("{{STYLE}}", with: text(PackageResources.screen_css))
            // The fit, the QR drawing and the views first (events, khutbah, announcements, setup,
            // the urgent message, the times not to pray, the large layout): screen.js uses them.
            .replacing("{{SCRIPT}}", with: [PackageResources.screen_fit_js, PackageResources.screen_qr_js, PackageResources.screen_events_js,
                                            PackageResources.screen_khutbah_js, PackageResources.screen_announcements_js,
                                            PackageResources.screen_setup_js, PackageResources.screen_message_js,
                                            PackageResources.screen_forbidden_js, PackageResources.screen_large_js,
                                            PackageResources.screen_js].map(text).joined(separator: "\n"))
        struct Head: Decodable { var code: String; var dir: String }
        var out: [String: Language] = [:]
        for bytes in UnitLanguages.files {
            // Embedded at build time and checked by the tests: a broken file is left out, not fatal.
            guard let head = try? JSONDecoder().decode(Head.self, from: Data(bytes)) else { continue }
            out[head.code] = Language(code: head.code, dir: head.dir == "rtl" ? "rtl" : "ltr", json: text(bytes))
        }
        languages = out
    }

    /// The page for a model in a language (falling back to English); with `audit`, the
    /// layout check the browser tests read.
    func page(model: ScreenModel, language code: String, audit: Bool = false) -> String {
        let lang = languages[code] ?? languages["en"] ?? Language(code: "en", dir: "ltr", json: "{}")
        let json = (try? JSONEncoder.screen.encode(model)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return template
            .replacing("{{LANG}}", with: lang.code)
            .replacing("{{DIR}}", with: lang.dir)
            .replacing("{{MODEL}}", with: PageAssets.scriptSafe(json))
            .replacing("{{LANGUAGE}}", with: PageAssets.scriptSafe(lang.json))
            .replacing("</body>", with: audit ? "<script>\(PageAssets.auditScript)</script></body>" : "</body>")
    }

    static let auditScript = String(decoding: PackageResources.audit_js, as: UTF8.self)

    /// JSON inside a <script> element: "</" could end the element early ("</script>" in an
    /// announcement), so it is written "<\/", which JSON reads as the same text.
    static func scriptSafe(_ json: String) -> String { json.replacing("</", with: "<\\/") }
}
