import Foundation
import Testing
import Languages
@testable import Screen
import Service
import UnitModel

@Suite("Language files")
struct LanguageFileTests {
    static func keys(_ value: Any, _ prefix: String = "") -> Set<String> {
        guard let d = value as? [String: Any] else { return [prefix] }
        return d.reduce(into: Set<String>()) { $0.formUnion(keys($1.value, prefix + "/" + $1.key)) }
    }

    @Test("One file per configured language, all with the same keys; Arabic and Urdu right to left")
    func sameKeys() throws {
        let files = UnitLanguages.files.map { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        #expect(files.allSatisfy { $0 != nil }, "a language file is not a JSON object")
        let docs = files.compactMap { $0 }
        #expect(Set(docs.compactMap { $0["code"] as? String }) == Set(ScreenConfig.languages))
        #expect(Set(PageAssets.shared.languages.keys) == Set(ScreenConfig.languages))
        let english = try #require(docs.first { $0["code"] as? String == "en" })
        for d in docs {
            #expect(Self.keys(d) == Self.keys(english), "\(d["code"] ?? "?"): keys differ from English's: \(Self.keys(d).symmetricDifference(Self.keys(english)).sorted())")
            #expect((d["weekdays"] as? [String])?.count == 7 && (d["months"] as? [String])?.count == 12 && (d["hijriMonths"] as? [String])?.count == 12)
        }
        #expect(PageAssets.shared.languages["ar"]?.dir == "rtl" && PageAssets.shared.languages["ur"]?.dir == "rtl")
        #expect(["en", "tr", "ms", "id", "fr"].allSatisfy { PageAssets.shared.languages[$0]?.dir == "ltr" })
    }
}
