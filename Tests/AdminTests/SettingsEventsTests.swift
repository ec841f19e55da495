import Foundation
import Service
import Testing
import TOMLKit
@testable import Admin
import UnitModel

/// `[[events]]` and `calculation.hijri_offset` on the settings page: shown from the config in
/// force, written back as the site's TOML, judged by the config's own check.
@Suite("Admin settings: special events and the Hijri offset")
struct SettingsEventsTests {
    static let site = """
        [calculation]
        hijri_offset = 1

        [[events]]
        name = "Eid al-Fitr prayer"
        hijri = "10-01"
        times = ["07:30", "09:00"]
        sound = "reminder"

        [[events]]
        name = "Taraweeh"
        ramadan_nights = true
        times = ["isha+20"]
        minutes = 90

        [[events]]
        name = "Open day"
        date = "2027-05-01"
        times = ["fajr-30", "dhuhr", "14:00"]

        """

    /// The site's, and a takbir on Eid's eve (a kind of date of its own on the page).
    static let withEve = site + """
        [[events]]
        name = "Takbir"
        hijri = "10-01"
        eve = true
        times = ["maghrib+5"]

        """

    static func start() throws -> (StoreBackend, RouteHarness) {
        let backend = try StoreBackend()
        _ = try backend.store.storeNext(above: .none) { v throws(ConfigError) in StoreBackend.settings(version: v.version, toml: site, by: "cli") }
        return (backend, try RouteHarness(backend: backend))
    }

    @Test("The config's events become the form's rows and, written back as TOML, parse as the same events")
    func roundTrip() throws {
        let effective = try SiteConfig.parse(Self.withEve, file: "/nonexistent/site.toml", lenientSounds: true)
        #expect(effective.events.count == 4)
        let shown = SettingsForm(effective: effective)
        #expect(shown.hijriOffset == "1")
        #expect(shown.events == [
            .init(name: "Eid al-Fitr prayer", kind: "hijri", date: "10-01", times: "07:30, 09:00", sound: "reminder", minutes: "30"),
            .init(name: "Taraweeh", kind: "ramadan_nights", date: "", times: "isha+20", sound: "", minutes: "90"),
            .init(name: "Open day", kind: "date", date: "2027-05-01", times: "fajr-30, dhuhr, 14:00", sound: "", minutes: "30"),
            .init(name: "Takbir", kind: "hijri_eve", date: "10-01", times: "maghrib+5", sound: "", minutes: "30"),
        ])
        // Against a form without events, every row is written: the TOML parses as the same events.
        var none = shown
        none.events = []
        let toml = try shown.toml(base: "", current: none, effective: effective)
        let (config, sections) = try SiteSettings.check(toml, file: "admin")
        #expect(sections == ["events"])
        #expect(config.events == effective.events)
        #expect(SettingsForm(effective: config).events == shown.events)
        // Unchanged: the site's text itself.
        #expect(try shown.toml(base: Self.withEve, current: shown, effective: effective) == Self.withEve)
    }

    @Test("Through the page: the rows and two empty ones shown, saved unchanged stores nothing; a new row, a removed one and the offset are stored and shown")
    func route() async throws {
        let (backend, h) = try Self.start()
        defer { backend.remove() }
        let page = await h.get("/settings")
        #expect(page.body.contains("name=\"ev_name_4\"") && !page.body.contains("name=\"ev_name_5\""), "three rows and two empty ones")
        var fields = try await SettingsRouteTests.form(h)
        #expect(fields.contains { $0 == ("ev_kind_1", "ramadan_nights") } && fields.contains { $0 == ("hijri_offset", "1") })
        let before = try #require(backend.file)
        #expect(await h.post("/settings", fields).headers[.location] == "/?saved=1")
        #expect(backend.file == before, "nothing changed, nothing stored")

        fields = SettingsRouteTests.replacing(fields, "ev_name_2", with: "")  // removes Open day
        for (k, v) in [("ev_name_3", "Takbir"), ("ev_kind_3", "hijri"), ("ev_date_3", "12-10"), ("ev_times_3", "fajr+30"), ("hijri_offset", "-1")] {
            fields = SettingsRouteTests.replacing(fields, k, with: v)
        }
        #expect(await h.post("/settings", fields).headers[.location] == "/?saved=2")
        let stored = try SiteConfig.parse(try #require(backend.store.settings).toml, file: "/nonexistent/site.toml", lenientSounds: true)
        #expect(stored.events.map(\.name) == ["Eid al-Fitr prayer", "Taraweeh", "Takbir"])
        #expect(stored.events.last?.dates == .hijri(year: nil, month: 12, day: 10) && stored.events.last?.times == [.relative(.fajr, 30)])
        #expect(stored.hijriOffset == -1)
        let shown = try await SettingsRouteTests.form(h)
        #expect(shown.contains { $0 == ("hijri_offset", "-1") } && shown.contains { $0 == ("ev_name_2", "Takbir") })
        let after = try #require(backend.file)
        #expect(await h.post("/settings", shown).status == 303)
        #expect(backend.file == after && backend.store.version == 2)
    }

    @Test("A bad row or offset is refused with the config's own line (or the form's, for a kind it does not have); the typed values shown again, nothing stored")
    func refusals() async throws {
        let cases: [(field: String, value: String, line: String)] = [
            ("ev_times_0", "25:00", "events[0].times: '25:00': must be a list of one to 6 times"),
            ("ev_date_0", "13-01", "events[0].hijri: must be a quoted Hijri date"),
            ("ev_times_1", "", "events[1].times: must be a list of one to 6 times"),
            ("ev_minutes_2", "lots", "events[2].minutes: must be a whole number from 0 to 600"),
            ("ev_name_2", "Taraweeh", "events[2].name: 'Taraweeh' is the name of another event"),
            ("hijri_offset", "3", "calculation.hijri_offset: 3 is out of range (-2 to 2)"),
            ("ev_kind_0", "weekly", "admin page: ev_kind_0: event 1: 'weekly' is not a kind of date (date, hijri, hijri_eve, ramadan_nights): nothing was saved"),
        ]
        for c in cases {
            let (backend, h) = try Self.start()
            defer { backend.remove() }
            let before = try #require(backend.file)
            let r = await h.post("/settings", SettingsRouteTests.replacing(try await SettingsRouteTests.form(h), c.field, with: c.value))
            #expect(r.status == 422, "\(c.line)")
            let body = RouteHarness.unescape(r.body)
            #expect(body.contains(c.line), "\(c.line): \(body.prefix(600))")
            #expect(body.contains("name=\"\(c.field)\" value=\"\(c.value)\"") || c.field.hasPrefix("ev_kind") || c.field == "hijri_offset",
                    "what was typed is shown again")
            #expect(backend.file == before && backend.store.version == 1, "\(c.line): nothing stored")
        }
    }
}
