import Foundation
import Service
import Testing
import TOMLKit
@testable import Admin
import UnitModel

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
        let form = try SettingsForm(fields: Self.fields(["ann_text_0": "Eid \"prayer\" at 08:00 \"\"\" [evil] x = 1", "ann_from_0": "2026-03-18",
                                                         "jumuah": "13:00, 14:00"]))
        let toml = try form.toml(base: base, current: SettingsForm(effective: effective), effective: effective)
        let t = try TOMLTable(string: toml)
        #expect(t["calculation"]?["method"]?.string == "mwl")
        #expect(t["iqamah"]?["fajr"]?.int == 20)
        #expect(t["iqamah"]?["dhuhr"]?.string == "13:30")
        #expect(t["iqamah"]?["isha"] == nil)
        #expect(t["jumuah"]?["times"]?.array?.map { $0.string } == ["13:00", "14:00"])
        #expect(t["announcements"]?.array?.first?["text"]?.string == "Eid \"prayer\" at 08:00 \"\"\" [evil] x = 1")
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

    @Test("A date-only end is shown as that date (the end of it), not as the next day's: the form gives back what the file says")
    func dateOnlyEnd() throws {
        let base = "[[announcements]]\ntext = \"Eid\"\nfrom = \"2026-11-20\"\nto = \"2026-12-01\"\n\n[[announcements]]\ntext = \"Late\"\nto = \"2026-12-31T23:30\"\n"
        let effective = try SiteConfig.parse(base, file: "/nonexistent/site.toml")
        let shown = SettingsForm(effective: effective)
        #expect(shown.announcements.map(\.to) == ["2026-12-01", "2026-12-31T23:30"])
        #expect(shown.announcements.map(\.from) == ["2026-11-20", ""])
        // Shown, saved, read again: the same instant, every time.
        var form = shown
        form.iqamah[.fajr] = "15"
        for _ in 0..<3 {
            let toml = try form.toml(base: base, current: shown, effective: effective)
            let again = SettingsForm(effective: try SiteConfig.parse(toml, file: "/nonexistent/site.toml"))
            #expect(again.announcements == shown.announcements)
            #expect(try SiteConfig.parse(toml, file: "/nonexistent/site.toml").announcements == effective.announcements)
            form = again
            form.iqamah[.fajr] = "15"
        }
    }

    @Test("A form that changes nothing gives the site's TOML back byte for byte, comments and spacing included; a change rewrites only its own section")
    func unchangedIsVerbatim() throws {
        let base = "# the mosque's settings\n[iqamah]\nfajr   = 20 # after the adhan\n\n[[announcements]]\ntext = 'Eid'\nto = \"2026-12-01\"\n"
        let effective = try SiteConfig.parse(base, file: "/nonexistent/site.toml")
        let current = SettingsForm(effective: effective)
        #expect(try current.toml(base: base, current: current, effective: effective) == base)
        var louder = current
        louder.volume = "90"
        let t = try TOMLTable(string: try louder.toml(base: base, current: current, effective: effective))
        #expect(t["sounds"]?["volume"]?.int == 90)
        #expect(t["announcements"]?.array?.first?["to"]?.string == "2026-12-01")
        #expect(t["iqamah"]?["fajr"]?.int == 20)
    }

    @Test("The fields are checked before anything is made of them: unknown names and control characters refused, naming the field")
    func checked() {
        func refusal(_ extra: [String: String]) -> String? {
            do { _ = try SettingsForm(fields: Self.fields(extra)); return nil } catch { return error.description }
        }
        #expect(refusal([:]) == nil)
        #expect(refusal(["csrf": "x", "base": "3", "ann_text_19": "last row", "volume_fajr": "40"]) == nil)
        #expect(refusal(["latitude": "51.5"]) == "admin page: latitude: is not a field of the settings form: nothing was saved")
        #expect(refusal(["ann_text_0": "a\u{0}b"])?.hasPrefix("admin page: ann_text_0: holds a control character (U+0000)") == true)
        #expect(refusal(["volume": "80\t"])?.hasPrefix("admin page: volume: holds a control character (U+0009)") == true)
        #expect(refusal(["jumuah": "dhuhr\u{7F}"])?.hasPrefix("admin page: jumuah: holds a control character (U+007F)") == true)
        // A name with a control character in it is escaped in the line, not printed raw.
        #expect(refusal(["x\u{1B}[2J": "1"]) == "admin page: x\\u{1b}[2J: is not a field of the settings form: nothing was saved")
    }

    @Test("An announcement must end after it starts, read as the config reads a date alone (from: its start; to: its end)")
    func ranges() {
        func refusal(_ from: String, _ to: String, row: Int = 0) -> String? {
            do { try SettingsForm.checkRanges(["ann_text_\(row)": "x", "ann_from_\(row)": from, "ann_to_\(row)": to]); return nil } catch { return error.description }
        }
        #expect(refusal("2026-12-01", "2026-12-01") == nil, "all of that day")
        #expect(refusal("2026-12-01T10:00", "2026-12-01") == nil)
        #expect(refusal("2026-12-01", "2026-12-01T00:01") == nil)
        #expect(refusal("", "2026-12-01") == nil)
        #expect(refusal("2026-12-01", "") == nil)
        #expect(refusal("someday", "2026-11-01") == nil, "left to the config's check, which says what a date is")
        #expect(refusal("2026-12-01", "2026-11-30", row: 3) == "admin page: ann_to_3: announcement 4 ends ('2026-11-30') before it starts ('2026-12-01'): nothing was saved")
        #expect(refusal("2026-12-01T10:00", "2026-12-01T10:00") != nil)
        #expect(refusal("2026-12-02", "2026-12-01T23:59") != nil)
        // A row without text is not saved, so not checked.
        #expect((try? SettingsForm.checkRanges(["ann_from_0": "2026-12-01", "ann_to_0": "2026-11-01"])) != nil)
    }
}
