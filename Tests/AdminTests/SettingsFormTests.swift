import Foundation
import Service
import Testing
import TOMLKit
@testable import Admin

@Suite("Admin settings form")
struct SettingsFormTests {
    static func fields(_ extra: [String: String]) -> [String: String] {
        var f = ["iqamah_fajr": "20", "iqamah_dhuhr": "13:30", "iqamah_asr": "15", "iqamah_maghrib": "5", "iqamah_isha": "",
                 "jumuah": "dhuhr", "volume": "100"]
        for (k, v) in extra { f[k] = v }
        return f
    }

    @Test("The form's values become the site TOML's sections; sections it does not cover are kept as written")
    func builds() throws {
        let base = "[calculation]\nmethod = \"mwl\"\n\n[iqamah]\nfajr = 10\n"
        let effective = try SiteConfig.parse(base, file: "/nonexistent/site.toml")
        let form = SettingsForm(fields: Self.fields(["ann_text_0": "Eid \"prayer\" at 08:00\n[evil]\nx = 1", "ann_from_0": "2026-03-18",
                                                     "jumuah": "13:00, 14:00"]))
        let toml = try form.toml(base: base, current: SettingsForm(effective: effective), effective: effective)
        let t = try TOMLTable(string: toml)
        #expect(t["calculation"]?["method"]?.string == "mwl")
        #expect(t["iqamah"]?["fajr"]?.int == 20)
        #expect(t["iqamah"]?["dhuhr"]?.string == "13:30")
        #expect(t["iqamah"]?["isha"] == nil)
        #expect(t["jumuah"]?["times"]?.array?.map { $0.string } == ["13:00", "14:00"])
        #expect(t["announcements"]?.array?.first?["text"]?.string == "Eid \"prayer\" at 08:00 [evil] x = 1")
        #expect(t["evil"] == nil)
        // What it makes passes the site check.
        let (config, sections) = try SiteSettings.check(toml, file: "admin")
        #expect(sections.contains("announcements"))
        #expect(config.iqamah[.fajr] == .minutesAfterAdhan(20))
    }

    @Test("The form filled from the config in force changes nothing; a volume keeps the unit's sound names")
    func unchanged() throws {
        let local = "[sounds]\nadhan = \"makkah\"\nvolume = 80\n"
        let effective = try SiteConfig.parse(local, file: "/nonexistent/site.toml", lenientSounds: true)
        let current = SettingsForm(effective: effective)
        #expect(try current.toml(base: "", current: current, effective: effective).trimmingCharacters(in: .whitespacesAndNewlines) == "")
        var louder = current
        louder.volume = "90"
        louder.volumes[.fajr] = "40"
        let t = try TOMLTable(string: try louder.toml(base: "", current: current, effective: effective))
        #expect(t["sounds"]?["adhan"]?.string == "makkah")
        #expect(t["sounds"]?["volume"]?.int == 90)
        #expect(t["sounds"]?["volumes"]?["fajr"]?.int == 40)
        #expect(t["iqamah"] == nil)
    }
}
