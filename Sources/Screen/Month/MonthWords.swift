import FoundationEssentials
import Glibc
import Languages
import PrayerTimes
import UnitModel

/// The printed month's words in one language (its file in Sources/Languages/Files: the
/// prayers' names, the calendars' names, `text` and the `month` object), and how it writes
/// digits: as the wall screen does (`[screen] digits`, the language's `easternDigits`).
struct MonthWords: Sendable {
    struct Text: Decodable, Sendable {
        var adhan: String, iqamah: String, imsak: String, iftar: String, hijriEra: String, dateFormat: String, duha: String
    }

    /// The `month` object of a language file: the printed sheet's own words.
    struct Sheet: Decodable, Sendable {
        var heading: String
        var ramadanHeading: String
        var date: String
        var hijri: String
        var taraweeh: String
        var weekdaysShort: [String]
        var friday: String
        var clockChange: String
        var method: String
        var jakim: String
        var timetable: String
        var timetableAndMethod: String
        var position: String
        var printed: String
    }

    struct File: Decodable, Sendable {
        var code: String
        var dir: String
        var easternDigits: String
        var prayers: [String: String]
        var weekdays: [String]
        var months: [String]
        var hijriMonths: [String]
        var text: Text
        var month: Sheet
    }

    let file: File
    let eastern: [Character]?
    let twelveHour: Bool

    /// Every language file that reads whole, by code (a broken one is left out, and the tests
    /// check that none is).
    static let files: [String: File] = {
        var out: [String: File] = [:]
        for bytes in UnitLanguages.files {
            if let f = try? JSONDecoder().decode(File.self, from: Data(bytes)) { out[f.code] = f }
        }
        return out
    }()

    /// Nil: no such language.
    init?(_ code: String, digits: ScreenConfig.Digits, clock: ScreenConfig.ClockFormat) {
        guard let file = MonthWords.files[code] else { return nil }
        self.file = file
        let e = Array(file.easternDigits)
        eastern = digits == .eastern && e.count == 10 ? e : nil
        twelveHour = clock == .h12
    }

    var rtl: Bool { file.dir == "rtl" }

    func prayer(_ p: Prayer, friday: Bool = false) -> String {
        file.prayers[friday && p == .dhuhr ? "jumuah" : p.rawValue] ?? p.rawValue
    }

    /// "0".."9" written in the page's digits.
    func digits(_ s: String) -> String {
        guard let eastern else { return s }
        return String(s.map { c in c.wholeNumberValue.map { eastern[$0] } ?? c })
    }

    func number(_ n: Int) -> String { digits(String(n)) }

    /// A wall time, "05:12" (or "5:12" on a 12-hour unit: the column says which part of the day).
    func time(_ t: Double, zone: ZoneRules) -> String {
        let l = LocalTime(unix: t, zone: zone)
        let mm = (l.minute < 10 ? "0" : "") + String(l.minute)
        let hh = twelveHour ? String(l.hour % 12 == 0 ? 12 : l.hour % 12) : (l.hour < 10 ? "0" : "") + String(l.hour)
        return digits(hh + ":" + mm)
    }

    /// Monday first, as the language files list them; `CivilDate.weekday` is 0 for Sunday.
    func weekday(_ d: CivilDate, short: Bool) -> String {
        let list = short ? file.month.weekdaysShort : file.weekdays
        let i = (d.weekday + 6) % 7
        return list.indices.contains(i) ? list[i] : ""
    }

    func monthName(_ m: Int) -> String { file.months.indices.contains(m - 1) ? file.months[m - 1] : String(m) }
    func hijriMonthName(_ m: Int) -> String { file.hijriMonths.indices.contains(m - 1) ? file.hijriMonths[m - 1] : String(m) }

    /// "Sunday 29 March 2026", as the language writes a date (`text.dateFormat`).
    func date(_ d: CivilDate) -> String {
        MonthWords.fill(file.text.dateFormat, ["weekday": weekday(d, short: false), "day": number(d.day), "month": monthName(d.month),
                                               "year": number(d.year)])
    }

    /// A template ("{date}: the clocks change from {from} to {to}") filled with values.
    /// One pass over the template: a value is never read as a template itself.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = "", rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            out += values[key] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
