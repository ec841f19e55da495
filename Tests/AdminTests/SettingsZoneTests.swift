import Foundation
import PrayerTimes
import Service
import Testing
import TOMLKit
@testable import Admin
import UnitModel

@Suite("Admin settings: the JAKIM zone")
struct SettingsZoneTests {
    @Test("A zone chosen brings JAKIM's method and drops the site's keys that contradict it; none takes the zone away")
    func form() throws {
        let base = "[calculation]\nmethod = \"mwl\"\nfajr_angle = 19\nhijri_offset = 1\n\n[calculation.precautions]\nfajr = 1\n"
        let effective = try SiteConfig.parse(base, file: "/nonexistent/site.toml")
        let current = SettingsForm(effective: effective)
        #expect(current.jakimZone == "")
        let chosen = try SettingsForm(fields: SettingsFormTests.fields(["jakim_zone": "wly01"]))
        let toml = try chosen.toml(base: base, current: current, effective: effective)
        let t = try TOMLTable(string: toml)
        #expect(t["calculation"]?["jakim_zone"]?.string == "WLY01")
        #expect(t["calculation"]?["method"]?.string == "jakim")
        #expect(t["calculation"]?["fajr_angle"] == nil && t["calculation"]?["precautions"] == nil)
        #expect(t["calculation"]?["hijri_offset"]?.int == 1)
        let (config, _) = try SiteSettings.check(toml, file: "admin")
        #expect(config.jakimZone == "WLY01" && config.parameters.referencePoints == JakimZone.named("WLY01")?.points)
        #expect(SettingsForm(effective: config).jakimZone == "WLY01")

        let none = try SettingsForm(fields: SettingsFormTests.fields(["jakim_zone": ""]))
        let back = try TOMLTable(string: try none.toml(base: toml, current: SettingsForm(effective: config), effective: config))
        #expect(back["calculation"]?["jakim_zone"] == nil)
        #expect(back["calculation"]?["method"]?.string == "jakim")
    }

    @Test("The page lists none and every zone as 'CODE — area', the form's selected, in the reader's language")
    func page() throws {
        var form = SettingsForm()
        form.jakimZone = "WLY01"
        let html = Pages.settings(try #require(AdminText.all["ms"]), user: "admin", csrf: "x", form: form, version: 1, error: nil)
        #expect(html.contains("<select id=\"jakim_zone\" name=\"jakim_zone\""))
        #expect(html.contains("Zon JAKIM (Malaysia)") && html.contains("<option value=\"\">Tiada (kedudukan unit)</option>"))
        let wly = try #require(JakimZone.named("WLY01"))
        #expect(html.contains("<option value=\"WLY01\" selected>WLY01 — \(HTML.escape(wly.area))</option>"))
        #expect(JakimZone.all.allSatisfy { html.contains("<option value=\"\($0.code)\"") })
        let sent = try #require(RouteHarness.selects(html).first)
        #expect(sent == ("jakim_zone", "WLY01"))
    }

    @Test("Through the page: a zone chosen is stored and shown chosen, saving again stores nothing; an unknown code is refused with the list")
    func route() async throws {
        let (backend, h) = try SettingsRouteTests.start()
        defer { backend.remove() }
        let chosen = SettingsRouteTests.replacing(try await SettingsRouteTests.form(h), "jakim_zone", with: "WLY01")
        #expect(await h.post("/settings", chosen).headers[.location] == "/?saved=2")
        let t = try TOMLTable(string: try #require(backend.store.settings).toml)
        #expect(t["calculation"]?["jakim_zone"]?.string == "WLY01")
        let shown = try await SettingsRouteTests.form(h)
        #expect(shown.contains { $0 == ("jakim_zone", "WLY01") })
        let after = try #require(backend.file)
        #expect(await h.post("/settings", shown).status == 303)
        #expect(backend.file == after && backend.store.version == 2)

        let bad = await h.post("/settings", SettingsRouteTests.replacing(shown, "jakim_zone", with: "XYZ99"))
        #expect(bad.status == 422)
        let codes = JakimZone.all.map(\.code).joined(separator: ", ")
        #expect(RouteHarness.unescape(bad.body).contains("calculation.jakim_zone: 'XYZ99' is not a JAKIM zone: \(codes)"), "\(bad.body)")
        #expect(backend.store.version == 2)
    }
}
