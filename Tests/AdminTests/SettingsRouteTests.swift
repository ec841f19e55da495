import Foundation
import Service
import Testing
import TOMLKit
@testable import Admin

/// POST /settings against a real store: what the page shows comes back unchanged, and what it
/// refuses leaves the stored file as it was.
@Suite("Admin settings saved through the page")
struct SettingsRouteTests {
    static let site = """
        [iqamah]
        fajr = 20
        dhuhr = "13:30"

        [[announcements]]
        text = "Eid prayer at 08:00 in the hall"
        from = "2026-11-20"
        to = "2026-12-01"

        [[announcements]]
        text = "Class after Isha"
        from = "2026-11-01T18:00"
        to = "2026-11-30T21:30"
        qr = "https://masjid.example/class"

        [sounds]
        volume = 80

        """

    /// A store holding `site` as version 1, and the page's routes over it.
    static func start() throws -> (StoreBackend, RouteHarness) {
        let backend = try StoreBackend()
        _ = try backend.store.storeNext(above: .none) { v throws(ConfigError) in StoreBackend.settings(version: v.version, toml: site, by: "cli") }
        return (backend, try RouteHarness(backend: backend))
    }

    /// The settings form's fields as the page fills them (what a browser sends untouched).
    static func form(_ h: RouteHarness) async throws -> [(String, String)] {
        let page = await h.get("/settings")
        #expect(page.status == 200)
        let start = try #require(page.body.range(of: "action=\"/settings\""))
        let end = try #require(page.body.range(of: "</form>", range: start.upperBound..<page.body.endIndex))
        return RouteHarness.inputs(String(page.body[start.lowerBound..<end.lowerBound]))
    }

    static func replacing(_ fields: [(String, String)], _ name: String, with value: String) -> [(String, String)] {
        fields.map { $0.0 == name ? ($0.0, value) : $0 }
    }

    @Test("Saving the page unchanged 5 times stores nothing: the file byte for byte the same, still version 1; a date-only end stays that date")
    func unchangedFiveTimes() async throws {
        let (backend, h) = try Self.start()
        defer { backend.remove() }
        let before = try #require(backend.file)
        let fields = try await Self.form(h)
        #expect(fields.contains { $0 == ("ann_to_0", "2026-12-01") }, "the end as written, not the day after: \(fields)")
        #expect(fields.contains { $0 == ("ann_to_1", "2026-11-30T21:30") })
        for _ in 0..<5 {
            let r = await h.post("/settings", try await Self.form(h))
            #expect(r.status == 303)
            #expect(r.headers[.location] == "/?saved=1")
        }
        #expect(backend.file == before)
        #expect(backend.store.version == 1)
        #expect(!FileManager.default.fileExists(atPath: backend.store.previousPath), "nothing was stored")
    }

    @Test("A change is stored once, the announcements' dates as they were; saving that page again stores nothing")
    func changeKeepsDates() async throws {
        let (backend, h) = try Self.start()
        defer { backend.remove() }
        var fields = Self.replacing(try await Self.form(h), "iqamah_fajr", with: "25")
        fields = Self.replacing(fields, "ann_text_2", with: "Fundraising dinner")
        fields = Self.replacing(fields, "ann_to_2", with: "2026-12-24")
        let r = await h.post("/settings", fields)
        #expect(r.status == 303)
        #expect(r.headers[.location] == "/?saved=2")
        let stored = try #require(backend.store.settings)
        let t = try TOMLTable(string: stored.toml)
        #expect(t["iqamah"]?["fajr"]?.int == 25)
        let list = try #require(t["announcements"]?.array)
        #expect(list.count == 3)
        #expect(list[0]?["to"]?.string == "2026-12-01", "a date-only end kept, not a day later")
        #expect(list[0]?["from"]?.string == "2026-11-20")
        #expect(list[1]?["to"]?.string == "2026-11-30T21:30")
        #expect(list[2]?["to"]?.string == "2026-12-24")
        #expect(t["sounds"]?["volume"]?.int == 80)
        let after = try #require(backend.file)
        for _ in 0..<2 { #expect(await h.post("/settings", try await Self.form(h)).status == 303) }
        #expect(backend.file == after)
        #expect(backend.store.version == 2)
    }

    @Test("An announcement's qr is in the form: kept when another field changes, saved when typed, a bad one refused with its line")
    func qr() async throws {
        let (backend, h) = try Self.start()
        defer { backend.remove() }
        let form = try await Self.form(h)
        #expect(form.contains { $0 == ("ann_qr_1", "https://masjid.example/class") }, "\(form)")
        var fields = Self.replacing(form, "iqamah_fajr", with: "25")
        fields = Self.replacing(fields, "ann_text_2", with: "The roof appeal")
        fields = Self.replacing(fields, "ann_qr_2", with: "https://masjid.example/donate")
        #expect(await h.post("/settings", fields).status == 303)
        let stored = try #require(backend.store.settings)
        let list = try #require(try TOMLTable(string: stored.toml)["announcements"]?.array)
        #expect(list[1]?["qr"]?.string == "https://masjid.example/class", "kept")
        #expect(list[2]?["qr"]?.string == "https://masjid.example/donate", "saved")
        #expect(list[0]?["qr"] == nil)
        let bad = await h.post("/settings", Self.replacing(try await Self.form(h), "ann_qr_0", with: "https://a.example/ d"))
        #expect(bad.status == 422 && bad.body.contains("announcements[0].qr") && bad.body.contains("holds a space"), Comment(rawValue: String(bad.body.prefix(2000))))
    }

    @Test("An end before the start, a NUL, a control character, a line break, a field the form does not have: each refused with one line naming the field; nothing stored")
    func refusals() async throws {
        typealias Fields = [(String, String)]
        let cases: [(edit: @Sendable (Fields) -> Fields, line: String)] = [
            ({ Self.replacing($0, "ann_to_0", with: "2026-11-19") },
             "admin page: ann_to_0: announcement 1 ends (&#39;2026-11-19&#39;) before it starts (&#39;2026-11-20&#39;)"),
            ({ Self.replacing($0, "ann_to_1", with: "2026-11-01T17:59") }, "admin page: ann_to_1: announcement 2 ends"),
            ({ Self.replacing($0, "ann_text_0", with: "Eid prayer\u{0}[evil] at 08:00") }, "admin page: ann_text_0: holds a control character (U+0000)"),
            ({ Self.replacing($0, "ann_text_1", with: "Class\u{1B}[2J after Isha") }, "admin page: ann_text_1: holds a control character (U+001B)"),
            ({ Self.replacing($0, "ann_text_1", with: "Class\nafter Isha") }, "admin page: ann_text_1: holds a control character (U+000A)"),
            ({ Self.replacing($0, "volume", with: "80\t") }, "admin page: volume: holds a control character (U+0009)"),
            ({ Self.replacing($0, "iqamah_isha", with: "10\u{85}") }, "admin page: iqamah_isha: holds a control character (U+0085)"),
            ({ $0 + [("latitude", "51.5")] }, "admin page: latitude: is not a field of the settings form"),
            ({ $0 + [("ann_text_20", "One too many")] }, "admin page: ann_text_20: is not a field of the settings form"),
        ]
        // Each on a store of its own: one wrongly stored would not make the next a conflict (409).
        for c in cases {
            let (backend, h) = try Self.start()
            defer { backend.remove() }
            let before = try #require(backend.file)
            let r = await h.post("/settings", c.edit(try await Self.form(h)))
            #expect(r.status == 422, "\(c.line)")
            #expect(r.body.contains(c.line), "\(c.line): \(r.body)")
            #expect(backend.file == before, "\(c.line): nothing stored")
            #expect(backend.store.version == 1)
        }
    }

    @Test("A refused range keeps what was typed; a refused field shows the settings in force")
    func refusedPages() async throws {
        let (backend, h) = try Self.start()
        defer { backend.remove() }
        let before = try #require(backend.file)
        let fields = Self.replacing(try await Self.form(h), "iqamah_fajr", with: "30")
        let typed = await h.post("/settings", Self.replacing(fields, "ann_to_0", with: "2026-11-19"))
        #expect(typed.status == 422)
        #expect(typed.body.contains("name=\"iqamah_fajr\" value=\"30\""))
        let unknown = await h.post("/settings", fields + [("latitude", "1")])
        #expect(unknown.status == 422)
        #expect(unknown.body.contains("name=\"iqamah_fajr\" value=\"20\""))
        #expect(backend.file == before)
    }
}
