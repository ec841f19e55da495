import Foundation
import Testing
@testable import Admin

/// GET /setup, step by step, in English and in Arabic (right to left): the search with the
/// places near the unit, the places of a name (or none, and the position typed instead), and
/// the form for a chosen place with its country's method suggested.
@Suite("Setup page: the steps")
struct SetupPageTests {
    @Test("Step 1 in English: the search, the code carried hidden, the place near the unit's fix as a link to the form")
    func searchEnglish() async throws {
        let h = SetupHarness()
        let r = await h.get("/setup?code=K7P2QX")
        #expect(r.status == 200)
        #expect(r.body.contains("<html lang=\"en\" dir=\"ltr\">"))
        #expect(r.body.contains("Where is the mosque?"))
        #expect(r.body.contains("<form method=\"get\" action=\"/setup\"><input type=\"hidden\" name=\"code\" value=\"K7P2QX\">"))
        #expect(r.body.contains("name=\"q\""))
        #expect(r.body.contains("Near this unit"))
        #expect(r.body.contains("href=\"/setup?code=K7P2QX&amp;place=London&amp;country=GB&amp;lat=51.50853&amp;lon=-0.12574&amp;tz=Europe%2FLondon&amp;method=mwl\""))
        #expect(!r.body.contains("<script"))
        #expect(r.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
    }

    @Test("Step 1 in Arabic: dir=\"rtl\" and the words of ar.json")
    func searchArabic() async throws {
        let r = await SetupHarness().get("/setup?code=K7P2QX", language: "ar")
        #expect(r.status == 200)
        #expect(r.body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(r.body.contains("أين المسجد؟"))
        #expect(r.body.contains("بحث"))
    }

    @Test("Step 2: the places of a name as links carrying their fields (\"+\" a space, as a GET form sends it), in English and Arabic")
    func matches() async throws {
        let h = SetupHarness()
        for language in ["en", "ar"] {
            let r = await h.get("/setup?code=K7P2QX&q=Kuala+Lumpur", language: language)
            #expect(r.status == 200)
            #expect(r.body.contains("dir=\"\(language == "ar" ? "rtl" : "ltr")\""))
            #expect(r.body.contains("href=\"/setup?code=K7P2QX&amp;place=Kuala%20Lumpur&amp;country=MY&amp;lat=3.1412&amp;lon=101.68653&amp;tz=Asia%2FKuala_Lumpur&amp;method=jakim&amp;jakim_zone=WLY01\""))
            #expect(r.body.contains("value=\"Kuala Lumpur\""), "the search field keeps the name")
            #expect(!r.body.contains("place=London"), "the place near the unit is on step 1 only")
        }
    }

    @Test("Step 2 with no such place: the line saying so, the search again, and the position typed by hand (opened)")
    func noSuchPlace() async throws {
        let h = SetupHarness()
        let r = await h.get("/setup?code=K7P2QX&q=Atlantis")
        #expect(r.status == 200)
        #expect(r.body.contains("No place named “Atlantis”. Search again, or type the position."))
        #expect(r.body.contains("<details open><summary>Type the position</summary>"))
        #expect(r.body.contains("name=\"lat\"") && r.body.contains("name=\"lon\"") && r.body.contains("name=\"tz\""))
        let ar = await h.get("/setup?code=K7P2QX&q=%3Cb%3EAtlantis", language: "ar")
        #expect(ar.body.contains("لا يوجد مكان باسم «&lt;b&gt;Atlantis»"), "the name escaped, the Arabic line")
        #expect(!ar.body.contains("<b>Atlantis"))
    }

    @Test("Step 3 for Kuala Lumpur: the code editable, JAKIM's method preselected and labelled suggested for MY, zone WLY01 selected, the iqamah defaults")
    func formEnglish() async throws {
        let h = SetupHarness()
        let page = await h.get("/setup?code=K7P2QX&place=Kuala%20Lumpur&country=MY&lat=3.1412&lon=101.68653&tz=Asia%2FKuala_Lumpur&method=jakim&jakim_zone=WLY01")
        #expect(page.status == 200)
        #expect(page.body.contains("<form method=\"post\" action=\"/setup\">"))
        #expect(page.body.contains("<option value=\"jakim\" selected>jakim — Jabatan Kemajuan Islam Malaysia (JAKIM) (suggested for MY)</option>"))
        #expect(page.body.contains("<option value=\"WLY01\" selected>"))
        let fields = Dictionary(RouteHarness.inputs(page.body), uniquingKeysWith: { a, _ in a })
        #expect(fields["code"] == "K7P2QX")
        #expect(fields["lat"] == "3.1412" && fields["lon"] == "101.68653" && fields["tz"] == "Asia/Kuala_Lumpur")
        #expect(fields["iqamah_fajr"] == "20" && fields["iqamah_dhuhr"] == "15" && fields["iqamah_asr"] == "15")
        #expect(fields["iqamah_maghrib"] == "5" && fields["iqamah_isha"] == "15")
        #expect(fields["language"] == "en" && fields["user"] == "admin" && fields["password"] == "")
        #expect(page.body.contains("type=\"text\" id=\"code\" name=\"code\" value=\"K7P2QX\""), "the code visible, not hidden")
        #expect(page.body.contains("<details><summary>Position and time zone</summary>"))
    }

    @Test("Step 3 in Arabic: right to left, the language list on Arabic, the suggestion in Arabic; no JAKIM list outside Malaysia")
    func formArabic() async throws {
        let h = SetupHarness()
        let page = await h.get("/setup?code=K7P2QX&place=Mecca&country=SA&lat=21.42664&lon=39.82563&tz=Asia%2FRiyadh&method=umm-al-qura", language: "ar")
        #expect(page.status == 200)
        #expect(page.body.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(page.body.contains("<option value=\"umm-al-qura\" selected>umm-al-qura — Umm al-Qura University, Makkah (المقترحة لـ SA)</option>"))
        #expect(page.body.contains("<option value=\"ar\" selected>العربية</option>"))
        #expect(!page.body.contains("name=\"jakim_zone\""))
        #expect(page.body.contains("إنهاء الإعداد"))
    }

    @Test("A position typed by hand: the form with no method suggested (mwl chosen) and the details open")
    func typedPosition() async throws {
        let page = await SetupHarness().get("/setup?code=&lat=-6.2&lon=106.85&tz=Asia%2FJakarta")
        #expect(page.status == 200)
        #expect(page.body.contains("<option value=\"mwl\" selected>mwl — Muslim World League</option>"))
        #expect(!page.body.contains("suggested for"))
        #expect(page.body.contains("<details open>"))
    }
}
