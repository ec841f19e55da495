import Foundation
import PrayerTimes
import Service
import Testing
@testable import Admin
import UnitModel

/// POST /setup: good answers become the unit's settings (parsed back by the config's own
/// parser) and one finish; each bad answer gets its one line, the form again with its values
/// (never the passwords), and no finish.
@Suite("Setup page: the form")
struct SetupFormTests {
    @Test("Good answers: the done page, finish called once with the account, TOML that the config's parser and the site settings' check read back as typed")
    func good() async throws {
        let h = SetupHarness()
        let title = "Masjid \"Jamek\" ] [x] = 1 # not a comment"
        let fields = SetupHarness.replacing(await h.kualaLumpurForm(),
                                            ["user": "imam", "iqamah_dhuhr": "13:30", "language": "ms", "title": title])
        let r = await h.post("/setup", fields)
        #expect(r.status == 200)
        #expect(r.body.contains("Set up. Log in with the name and password you chose."))
        #expect(r.body.contains("href=\"/\""))
        #expect(h.setup.codesAsked == ["K7P2QX"])
        let finished = h.setup.finished
        #expect(finished.count == 1)
        let result = try #require(finished.first)
        #expect(result.user == "imam" && result.password == "correct horse battery")

        let c = try SiteConfig.parse(result.siteTOML, file: "setup")
        #expect(c.locationSource == .fixed)
        #expect(c.latitude == 3.1412 && c.longitude == 101.68653)
        #expect(c.zone == "Asia/Kuala_Lumpur")
        #expect(c.parameters.method == .jakim && c.jakimZone == "WLY01")
        #expect(c.iqamah[.fajr] == .minutesAfterAdhan(20) && c.iqamah[.dhuhr] == .fixed(13 * 60 + 30))
        #expect(c.iqamah[.asr] == .minutesAfterAdhan(15) && c.iqamah[.maghrib] == .minutesAfterAdhan(5) && c.iqamah[.isha] == .minutesAfterAdhan(15))
        #expect(c.screen.language == "ms" && c.screen.title == title)
        let (_, sections) = try SiteSettings.check(result.siteTOML, file: "setup")
        #expect(sections == ["location", "time", "calculation", "iqamah", "screen"])
    }

    @Test("Another method chosen in Malaysia: no jakim_zone written; an empty iqamah left out")
    func otherMethod() async throws {
        let h = SetupHarness()
        let fields = SetupHarness.replacing(await h.kualaLumpurForm(), ["method": "mwl", "iqamah_asr": "", "title": ""])
        let r = await h.post("/setup", fields)
        #expect(r.status == 200)
        let toml = try #require(h.setup.finished.first?.siteTOML)
        let c = try SiteConfig.parse(toml, file: "setup")
        #expect(c.parameters.method == .mwl && c.jakimZone == nil)
        #expect(c.iqamah[.asr] == nil && c.screen.title == nil)
        #expect(!toml.contains("jakim_zone"))
    }

    /// One bad answer posted: its status, the line shown, no finish, and the code not asked
    /// (the form's own faults come first).
    func refused(_ changes: [String: String], status: Int, line: String, language: String = "en",
                 sourceLocation: SourceLocation = #_sourceLocation) async {
        let h = SetupHarness()
        let r = await h.post("/setup", SetupHarness.replacing(await h.kualaLumpurForm(language: language), changes), language: language)
        #expect(r.status == status, sourceLocation: sourceLocation)
        #expect(Self.text(r.body).contains(HTML.escape(line)), "\(line) not in the page", sourceLocation: sourceLocation)
        #expect(h.setup.finished.isEmpty, sourceLocation: sourceLocation)
        #expect(h.setup.codesAsked.isEmpty, sourceLocation: sourceLocation)
        #expect(!r.body.contains("correct horse battery"), "a password shown again", sourceLocation: sourceLocation)
        #expect(r.body.contains("<form method=\"post\" action=\"/setup\">"), sourceLocation: sourceLocation)
    }

    /// A page's text without its tags (a line's label and reason are isolated apart).
    static func text(_ page: String) -> String {
        page.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    @Test("A control character in any field: its line, nothing stored")
    func control() async {
        await refused(["title": "Masjid\u{07}"], status: 422, line: "Title (the mosque's name): holds a control character (U+0007)")
        await refused(["place": "Kuala\nLumpur"], status: 422, line: "Place: holds a control character (U+000A)")
        await refused(["password": "correct horse\u{0}battery"], status: 422, line: "Password: holds a control character (U+0000)")
    }

    @Test("An impossible iqamah (25:99, 500, -5, 7:30): its line naming the prayer, nothing stored")
    func iqamah() async {
        await refused(["iqamah_isha": "25:99"], status: 422, line: "Iqamah Isha: '25:99' must be minutes after the adhan (0 to 120) or a time \"HH:MM\"")
        await refused(["iqamah_fajr": "500"], status: 422, line: "Iqamah Fajr: '500' must be minutes after the adhan")
        await refused(["iqamah_asr": "-5"], status: 422, line: "Iqamah Asr: '-5' must be")
        await refused(["iqamah_dhuhr": "7:30"], status: 422, line: "Iqamah Dhuhr: '7:30' must be")
    }

    @Test("An oversized field (a title of 81 characters, a place of 101): its line, nothing stored")
    func oversized() async {
        await refused(["title": String(repeating: "م", count: 81)], status: 422, line: "Title (the mosque's name): over 80 characters (81)")
        await refused(["place": String(repeating: "a", count: 101)], status: 422, line: "Place: over 100 characters (101)")
    }

    @Test("A latitude or longitude out of range, a zone or method that is not one: its line")
    func place() async {
        await refused(["lat": "91"], status: 422, line: "Latitude: '91' is not a latitude (a number from -90 to 90)")
        await refused(["lon": "east"], status: 422, line: "Longitude: 'east' is not a longitude")
        await refused(["tz": "Mars/Olympus"], status: 422, line: "Time zone: 'Mars/Olympus' is not an IANA time zone")
        await refused(["tz": "../../etc/passwd"], status: 422, line: "Time zone: '../../etc/passwd' is not an IANA time zone")
        await refused(["method": "guesswork"], status: 422, line: "Calculation method: 'guesswork' is not one of the list's methods")
        await refused(["jakim_zone": "XYZ99"], status: 422, line: "JAKIM zone: 'XYZ99' is not a JAKIM zone of the list")
    }

    @Test("A refused position opens the place's details (closed for a place chosen by name) so that the field is in sight")
    func positionShown() async throws {
        let h = SetupHarness()
        let good = await h.kualaLumpurForm()
        let r = await h.post("/setup", SetupHarness.replacing(good, ["lat": "91"]))
        #expect(r.body.contains("<details open><summary>Position and time zone</summary>"))
        let other = await h.post("/setup", SetupHarness.replacing(good, ["title": "Masjid\u{07}"]))
        #expect(other.body.contains("<details><summary>Position and time zone</summary>"))
    }

    @Test("The passwords: differing, too short (the rule of mihrab admin passwd), an admin name a password file cannot hold")
    func account() async {
        await refused(["password2": "correct horse batterY"], status: 422, line: "Password again: the two passwords differ")
        await refused(["password": "short", "password2": "short"], status: 422, line: "Password: must be at least 10 characters (got 5)")
        await refused(["user": "imam:root"], status: 422, line: "Admin name: 'imam:root' is not 1 to 64 letters")
        await refused(["password2": "x"], status: 422, line: "كلمة المرور مرة أخرى: the two passwords differ", language: "ar")
    }

    @Test("A wrong code: 403, the form again with its values but not the passwords, the line; no finish")
    func wrongCode() async throws {
        let h = SetupHarness()
        let fields = SetupHarness.replacing(await h.kualaLumpurForm(), ["code": "AAAAAA", "title": "Masjid Jamek"])
        let r = await h.post("/setup", fields)
        #expect(r.status == 403)
        #expect(r.body.contains("That is not the code on the screen."))
        #expect(h.setup.codesAsked == ["AAAAAA"] && h.setup.finished.isEmpty)
        let shown = Dictionary(RouteHarness.inputs(r.body), uniquingKeysWith: { a, _ in a })
        #expect(shown["title"] == "Masjid Jamek" && shown["code"] == "AAAAAA" && shown["lat"] == "3.1412" && shown["jakim_zone"] == "WLY01")
        #expect(shown["password"] == "" && shown["password2"] == "")
        #expect(!r.body.contains("correct horse battery"))
    }

    @Test("No code typed: its line, and the unit is not asked")
    func noCode() async throws {
        let h = SetupHarness()
        let r = await h.post("/setup", SetupHarness.replacing(await h.kualaLumpurForm(), ["code": " "]))
        #expect(r.status == 422 && r.body.contains("Type the setup code shown on the unit&#39;s screen."))
        #expect(h.setup.codesAsked.isEmpty && h.setup.finished.isEmpty)
    }

    @Test("Throttled: 429 and how long to wait, in English and Arabic; no finish")
    func throttled() async throws {
        let setup = FakeSetup()
        setup.throttled = 30
        let h = SetupHarness(setup: setup)
        let r = await h.post("/setup", await h.kualaLumpurForm())
        #expect(r.status == 429 && r.body.contains("Too many wrong codes: wait 30 s."))
        let ar = await h.post("/setup", await h.kualaLumpurForm(language: "ar"), language: "ar")
        #expect(ar.status == 429 && ar.body.contains("رموز خاطئة كثيرة: انتظر 30 ثانية."))
        #expect(setup.finished.isEmpty)
    }

    @Test("The unit's own check refuses: its one line on the form again")
    func finishRefused() async throws {
        let setup = FakeSetup()
        setup.finishFailure = SetupFailure("setup:3: time.zone: no such zone in the system's tzdata")
        let h = SetupHarness(setup: setup)
        let r = await h.post("/setup", await h.kualaLumpurForm())
        #expect(r.status == 422)
        #expect(r.body.contains("setup:3: time.zone: no such zone in the system&#39;s tzdata"))
        #expect(setup.finished.count == 1)
        #expect(RouteHarness.inputs(r.body).contains { $0 == ("password", "") })
    }
}
