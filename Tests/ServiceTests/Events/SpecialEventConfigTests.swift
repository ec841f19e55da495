import PrayerTimes
import Testing
@testable import Service
import UnitModel

@Suite("config: [[events]]")
struct SpecialEventConfigTests {
    static let eid = """
        [[events]]
        name = "Takbir"
        hijri = "10-01"
        times = ["sunrise+10"]
        sound = "iqamah"

        [[events]]
        name = "Eid al-Fitr prayer"
        hijri = "10-01"
        times = ["07:30", "09:00"]
        minutes = 45

        [[events]]
        name = "Taraweeh"
        ramadan_nights = true
        times = ["isha+20"]

        [[events]]
        name = "Open day"
        date = "2027-05-01"
        times = ["14:00"]
        """

    @Test("each way of giving a date and a time is read as written")
    func reads() throws {
        let c = try SiteConfig.parse(Self.eid, file: "x.toml")
        #expect(c.events.map(\.name) == ["Takbir", "Eid al-Fitr prayer", "Taraweeh", "Open day"])
        #expect(c.events[0].dates == .hijri(year: nil, month: 10, day: 1))
        #expect(c.events[0].times == [.relative(.sunrise, 10)])
        #expect(c.events[0].sound == "iqamah")
        #expect(c.sound.eventSources["iqamah"] == .pattern("iqamah"))
        #expect(c.events[1].times == [.clock(7 * 60 + 30), .clock(9 * 60)])
        #expect(c.events[1].minutes == 45 && c.events[1].sound == nil)
        #expect(c.events[2].dates == .ramadanNights && c.events[2].times == [.relative(.isha, 20)])
        #expect(c.events[3].dates == .gregorian(year: 2027, month: 5, day: 1))
        let eve = try SiteConfig.parse("[[events]]\nname = \"Takbir\"\nhijri = \"10-01\"\neve = true\ntimes = [\"maghrib+10\"]\n", file: "x.toml")
        #expect(eve.events[0].dates == .hijri(year: nil, month: 10, day: 1, eve: true))
        let yearly = try SiteConfig.parse("[[events]]\nname = \"A\"\ndate = \"12-31\"\ntimes = [\"fajr-30\"]\n", file: "x.toml")
        #expect(yearly.events[0].dates == .gregorian(year: nil, month: 12, day: 31) && yearly.events[0].times == [.relative(.fajr, -30)])
    }

    @Test("a bad event is one line naming the file, its line and the key", arguments: [
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ndate = \"2027-03-09\"\ntimes = [\"07:30\"]\n", "x.toml:3: events[0].hijri: give one of"),
        ("[[events]]\nname = \"Eid\"\ntimes = [\"07:30\"]\n", "x.toml:1: events[0].date: is missing"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"13-01\"\ntimes = [\"07:30\"]\n", "x.toml:3: events[0].hijri: must be a quoted Hijri date"),
        ("[[events]]\nname = \"Eid\"\ndate = \"2027-02-30\"\ntimes = [\"07:30\"]\n", "x.toml:3: events[0].date: must be a quoted date"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = [\"7:30\"]\n", "x.toml:4: events[0].times: '7:30': must be a list"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = [\"asr+x\"]\n", "x.toml:4: events[0].times: 'asr+x'"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = []\n", "x.toml:4: events[0].times: must be a list of one to 6"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\n", "x.toml:1: events[0].times: is missing"),
        ("[[events]]\nhijri = \"10-01\"\ntimes = [\"07:30\"]\n", "x.toml:1: events[0].name: is missing"),
        ("[[events]]\nname = \"Eid\"\nramadan_nights = false\ntimes = [\"07:30\"]\n", "x.toml:3: events[0].ramadan_nights: must be true"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = [\"07:30\"]\ncolour = \"red\"\n", "x.toml:5: events[0].colour"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = [\"07:30\"]\n[[events]]\nname = \"Eid\"\nhijri = \"12-10\"\ntimes = [\"07:30\"]\n",
         "x.toml:6: events[1].name: 'Eid' is the name of another event"),
        ("[[events]]\nname = \"Eid prayer\"\nhijri = \"10-01\"\ntimes = [\"07:30\"]\n[[events]]\nname = \"EID-PRAYER!\"\nhijri = \"12-10\"\ntimes = [\"07:30\"]\n",
         "x.toml:6: events[1].name: 'EID-PRAYER!' is too like 'Eid prayer'"),
        ("[[events]]\nname = \"Eid\"\ndate = \"03-09\"\neve = true\ntimes = [\"07:30\"]\n", "x.toml:4: events[0].eve: goes with hijri"),
        ("[[events]]\nname = \"Eid\"\nhijri = \"10-01\"\ntimes = [\"07:30\"]\nsound = \"no-such-takbir\"\n",
         "x.toml:5: events[0].sound: no sound file no-such-takbir"),
    ])
    func refused(text: String, expected: String) {
        do {
            _ = try SiteConfig.parse(text, file: "x.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)".hasPrefix(expected), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test("a site may publish events; a missing sound is a problem for a starting daemon, never a unit kept down")
    func siteAndLenient() throws {
        #expect(SiteSettings.sections.contains("events"))
        let c = try SiteConfig.parse("[[events]]\nname = \"Takbir\"\nhijri = \"10-01\"\ntimes = [\"06:30\"]\nsound = \"takbir-missing\"\n",
                                     file: "x.toml", lenientSounds: true)
        #expect(c.sound.eventSources["takbir-missing"] == .pattern("event"))
        #expect(c.sound.problems.contains { $0.hasPrefix("events[0].sound: no sound file takbir-missing") })
    }
}
