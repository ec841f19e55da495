import PrayerTimes
import Testing
@testable import Service
import UnitModel

@Suite("Screen config")
struct ScreenConfigTests {
    @Test("[screen] and [[announcements]] are read, with their defaults")
    func reads() throws {
        let c = try SiteConfig.parse("""
            [screen]
            listen = "0.0.0.0:80"
            language = "ur"
            digits = "eastern"
            clock = "12h"
            title = "Masjid"
            on = "04:00-23:30"
            hijri_changes_at = "midnight"
            adhan_minutes = 3
            jumuah_prayer_minutes = 45
            khutbah_minutes = 25
            azkar = "SubhanAllah"
            [[announcements]]
            text = "Eid"
            from = "2026-03-18"
            to = "2026-03-20T09:00"
            [[announcements]]
            text = "Always"
            """, file: "t.toml")
        #expect(c.screen.listen == "0.0.0.0:80" && c.screen.language == "ur" && c.screen.digits == .eastern && c.screen.clock == .h12)
        #expect(c.screen.on == .init(from: 240, to: 23 * 60 + 30) && c.screen.hijriChangesAt == .midnight)
        #expect(c.screen.adhanSeconds == 180 && c.screen.jumuahPrayerSeconds == 2700 && c.screen.azkar == "SubhanAllah")
        #expect(c.screen.khutbahSeconds == 1500 && SiteConfig().screen.khutbahSeconds == 0)
        #expect(c.announcements == [
            .init(text: "Eid", from: .init(date: CivilDate(iso: "2026-03-18")!, minute: 0), to: .init(date: CivilDate(iso: "2026-03-20")!, minute: 540)),
            .init(text: "Always"),
        ])
        // "to" a date alone shows all that day.
        let d = try SiteConfig.parse("[[announcements]]\ntext = \"x\"\nto = \"2026-03-20\"\n", file: "t.toml")
        #expect(d.announcements[0].to == .init(date: CivilDate(iso: "2026-03-21")!, minute: 0))
        #expect(SiteConfig().screen.listen == "127.0.0.1:8080")
    }

    @Test("Bad [screen] values: one line naming the file, line and key", arguments: [
        ("[screen]\nlisten = \"8080\"\n", "t.toml:2: screen.listen:"),
        ("[screen]\nlisten = \"999.1.1.1:80\"\n", "t.toml:2: screen.listen:"),
        ("[screen]\nlisten = \"127.0.0.1:70000\"\n", "t.toml:2: screen.listen:"),
        ("[screen]\nlanguage = \"de\"\n", "t.toml:2: screen.language:"),
        ("[screen]\non = \"4-23\"\n", "t.toml:2: screen.on:"),
        ("[screen]\ncolour = \"red\"\n", "t.toml:2: screen.colour: unknown key"),
        // The times not to pray (ScreenForbiddenTests).
        ("[screen]\nshow_forbidden = \"yes\"\n", "t.toml:2: screen.show_forbidden:"),
        ("[screen]\nshow_duha = 1\n", "t.toml:2: screen.show_duha:"),
        ("[screen]\nforbidden_after_sunrise_minutes = 61\n", "t.toml:2: screen.forbidden_after_sunrise_minutes: 61 is out of range (0 to 60)"),
        ("[screen]\nforbidden_before_dhuhr_minutes = -1\n", "t.toml:2: screen.forbidden_before_dhuhr_minutes: -1 is out of range (0 to 60)"),
        ("[screen]\nforbidden_before_sunset_minutes = 12.5\n", "t.toml:2: screen.forbidden_before_sunset_minutes: must be a whole number from 0 to 60"),
        ("[screen]\nforbidden_minutes = 10\n", "t.toml:2: screen.forbidden_minutes: unknown key"),
        ("[screen]\nkhutbah_minutes = 121\n", "t.toml:2: screen.khutbah_minutes: 121 is out of range (0 to 120)"),
        ("[screen]\nkhutbah_minutes = -5\n", "t.toml:2: screen.khutbah_minutes: -5 is out of range (0 to 120)"),
        ("[screen]\nkhutbah_minutes = 12.5\n", "t.toml:2: screen.khutbah_minutes: must be a whole number from 0 to 120"),
        ("[screen]\nkhutbah_minutes = \"20\"\n", "t.toml:2: screen.khutbah_minutes: must be a whole number from 0 to 120"),
        ("[[announcements]]\nfrom = \"2026-01-01\"\n", "announcements[0].text"),
        ("[[announcements]]\ntext = \"x\"\nfrom = 2026-01-01\n", "announcements[0].from: must be a quoted"),
        ("[[announcements]]\ntext = \"x\"\nto = \"2026-02-30\"\n", "announcements[0].to:"),
    ])
    func refuses(_ text: String, _ expected: String) {
        do {
            _ = try SiteConfig.parse(text, file: "t.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)".contains(expected) && !"\(error)".contains("\n"), "\(error)")
        }
    }
}
