import Foundation
import Service
import Testing
@testable import Admin
import UnitModel

/// The admin page's languages: a file for every language the wall screen has, each with every
/// key of English's and the same placeholders; the reader's browser chooses.
@Suite("Admin page languages")
struct AdminTextTests {
    static func placeholders(_ s: String) -> Set<String> {
        var out = Set<String>()
        var rest = s[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    @Test("Every screen language has an admin file with exactly English's keys and placeholders; Arabic and Urdu right to left")
    func complete() throws {
        let english = try #require(AdminText.all["en"])
        #expect(english.words.count >= 60)
        #expect(Set(AdminText.all.keys) == Set(ScreenConfig.languages), "an admin file for each language the screen has, and no other")
        for code in ScreenConfig.languages {
            let t = try #require(AdminText.all[code], "\(code).json decodes")
            #expect(Set(t.words.keys) == Set(english.words.keys), "\(code): keys")
            for (k, v) in english.words {
                #expect(Self.placeholders(t.words[k] ?? "") == Self.placeholders(v), "\(code): \(k)")
                // Words that are the same in English and some of ours: GPS, Volume, Iqamah, adhan, TV (Malay and Indonesian say TV),
                // Latitude and Longitude, Message and Minutes (French).
                if code != "en" && !["unit.gps", "settings.volumeTitle", "settings.iqamah", "event.iqamah", "event.adhan", "unit.display",
                                     "setup.iqamah", "setup.latitude", "setup.longitude", "message.text", "message.minutes"].contains(k) {
                    #expect(t.words[k] != v, "\(code): \(k) still in English")
                }
            }
            #expect(t.dir == (["ar", "ur"].contains(code) ? "rtl" : "ltr"), "\(code)")
            #expect(t.prayers.count == 7, "\(code): the screen's prayer names")
        }
        #expect(AdminText.all["ar"]?.prayer("dhuhr") == "الظهر")
        #expect(AdminText.all["tr"]?.prayer("isha") == "Yatsı")
    }

    @Test("Accept-Language: the first language we have by weight, then order; else the unit's; else English")
    func choice() {
        func pick(_ header: String?, unit: String = "en") -> String { AdminText.choose(acceptLanguage: header, unit: unit).code }
        #expect(pick("ar-SA,ar;q=0.9,en;q=0.8") == "ar")
        #expect(pick("fr;q=0.5, ur-PK") == "ur", "a higher weight first")
        #expect(pick("de-DE,de;q=0.9,ms;q=0.4") == "ms", "a language we have, further down")
        #expect(pick("ar;q=0, tr;q=0.2") == "tr", "q=0: not this one")
        #expect(pick("de-DE,de;q=0.9", unit: "ur") == "ur", "none we have: the unit's")
        #expect(pick(nil, unit: "id") == "id")
        #expect(pick("*", unit: "fr") == "fr")
        #expect(pick(nil, unit: "xx") == "en")
        #expect(pick(String(repeating: "zz,", count: 5000) + "ar") == "en", "only the first 20 entries are looked at")
        #expect(pick("AR-sa;Q=0, TR") == "tr", "case does not matter")
        #expect(pick("in-ID,en;q=0.5") == "id", "Indonesian's old code")
        #expect(pick("ar" + String(repeating: ";", count: 500_000)) == "ar", "a header of half a megabyte: its start only")
    }

    @Test("Placeholders are filled in one pass: a value holding braces is left as it is; unknown ones stay; formats stay whole")
    func placeholdersFilled() throws {
        let en = try #require(AdminText.all["en"])
        #expect(en("home.saved", ["version": "7"]) == "Settings saved: version 7, applied.")
        #expect(en("units.failed", ["command": "Stop", "unit": "{unit}", "error": "{command} x"]) == "Stop to {unit}: {command} x")
        #expect(en("no.such.key") == "no.such.key")
        // Formats kept whole and apart (a right-to-left sentence broke "YYYY-MM-DDTHH:MM" at a hyphen); the rest escaped.
        #expect(HTML.prose("<b> YYYY-MM-DDTHH:MM or HH:MM") == "&lt;b&gt; <bdi class=\"literal\">YYYY-MM-DDTHH:MM</bdi> or <bdi class=\"literal\">HH:MM</bdi>")
        let ar = try #require(AdminText.all["ar"])
        #expect(ar("next.at", ["prayer": ar.prayer("dhuhr"), "event": ar("event.adhan"), "time": "13:05"]) == "أذان الظهر الساعة 13:05")
    }
}
