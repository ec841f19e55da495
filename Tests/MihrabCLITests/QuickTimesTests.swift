import ArgumentParser
import Testing
@testable import mihrab

/// `QuickTimes` against ArgumentParser, the independent reader of the same command line: every
/// name, every default and every kind of value read alike, and anything unusual left to it.
@Suite("mihrab times: the quick reader")
struct QuickTimesTests {
    static let lines: [[String]] = [
        ["--show-method"],
        ["--lat", "51.5074", "--lon", "-0.1278", "--tz", "Europe/London", "--date", "2026-01-01", "--format", "json", "--days", "365"],
        ["--lat=-33.87", "--lon=151.21", "--elevation", "58", "--method", "isna", "--madhab", "hanafi", "--rounding", "none"],
        ["--lat", "64.1", "--lon", "-21.9", "--high-latitude-rule", "seventh-of-night", "--only-when-angle-fails",
         "--nearest-latitude", "45", "--polar", "nearest-day", "--imsak-minutes", "15", "--hijri-offset", "-1"],
        ["--lat", "21.4", "--lon", "39.8", "--adjust", "fajr=2,isha=-1", "--precautions=dhuhr=1", "--fajr-angle", "19.5",
         "--isha-interval", "90", "--maghrib-angle", "1", "--shafaq", "ahmer", "--format", "csv"],
        ["--lat", "3.1", "--lon", "101.7", "--isha-angle", "18", "--month", "2026-03", "--format", "html", "--lang", "ar"],
        ["--jakim-zone", "WLY01", "--ramadan", "1448"],
        ["--show-method", "--method", "umm-al-qura"],
        ["--config", "/etc/mihrab/mihrab.toml", "--lat", "40.7", "--lon", "-74"],
        ["--lat", "40.7", "--lon", "-74", "--timetable", "/srv/times.csv"],
    ]

    @Test("each line reads as ArgumentParser reads it, options left out at ArgumentParser's defaults")
    func agreesWithArgumentParser() throws {
        for line in Self.lines {
            let quick = QuickTimes.parse(line[...])
            // ArgumentParser's values (its validation passes: the files named are not read).
            let parsed = try TimesCommand.parseAsRoot(line) as? TimesCommand
            #expect(quick != nil, "\(line)")
            #expect(quick == parsed?.options, "\(line)")
        }
    }

    @Test("the quick reader knows every option of the command's help, and no other")
    func everyName() {
        let help = TimesCommand.helpMessage(columns: 1_000)
        let names = Set(help.split(separator: "\n").compactMap { line -> String? in
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("--") else { return nil }
            return String(text.dropFirst(2).prefix { $0.isLetter || $0 == "-" })
        }).subtracting(["help"])
        #expect(names.count > 25)
        #expect(names == Set(QuickTimes.readers.keys))
    }

    @Test("anything unusual is left to ArgumentParser", arguments: [
        ["--help"], ["-h"], ["--version"], ["--lat", "1", "--lat", "2"], ["--tz", "-x"], ["--bogus", "1"], ["--days", "x"],
        ["--method", "nope"], ["--show-method=yes"], ["--", "x"], ["--lat"], ["positional"], ["--tz", ""], ["--"],
    ])
    func fallsBack(line: [String]) {
        #expect(QuickTimes.parse(line[...]) == nil)
    }
}
