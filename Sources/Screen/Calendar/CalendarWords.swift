import FoundationEssentials
import Glibc
import Languages
import PrayerTimes
import UnitModel

/// The words of the feed in one of the unit's languages, from its language file (the same
/// names the wall screen shows); English for a word a file lacks.
struct CalendarWords: Sendable {
    var prayers: [String: String]
    var adhan: String
    var iqamah: String
    /// "{name} {n}": Jumu'ah's sessions when there are several.
    var session: String
    var am: String
    var pm: String

    static let english = CalendarWords(prayers: ["fajr": "Fajr", "sunrise": "Sunrise", "dhuhr": "Dhuhr", "jumuah": "Jumu'ah",
                                                 "asr": "Asr", "maghrib": "Maghrib", "isha": "Isha"],
                                       adhan: "Adhan", iqamah: "Iqamah", session: "{name} {n}", am: "am", pm: "pm")

    /// The words of the language `code` (nil: no file for it): decoded once, not per request.
    static func language(_ code: String) -> CalendarWords? { all[code] }

    private static let all: [String: CalendarWords] = {
        var out: [String: CalendarWords] = [:]
        for code in ScreenConfig.languages { out[code] = decode(code) }
        return out
    }()

    private static func decode(_ code: String) -> CalendarWords? {
        struct File: Decodable {
            struct Text: Decodable { var adhan: String?; var iqamah: String?; var session: String? }
            var code: String
            var prayers: [String: String]?
            var am: String?
            var pm: String?
            var text: Text?
        }
        for bytes in UnitLanguages.files {
            guard let f = try? JSONDecoder().decode(File.self, from: Data(bytes)), f.code == code else { continue }
            let e = english
            return CalendarWords(prayers: e.prayers.merging(f.prayers ?? [:]) { $1 }, adhan: f.text?.adhan ?? e.adhan,
                                 iqamah: f.text?.iqamah ?? e.iqamah, session: f.text?.session ?? e.session,
                                 am: f.am ?? e.am, pm: f.pm ?? e.pm)
        }
        return nil
    }

    /// A prayer's name ("jumuah" for Friday's Dhuhr); a session's number where there are several.
    func name(_ key: String, session n: Int? = nil) -> String { numbered(prayers[key] ?? key, session: n) }

    /// "Jumu'ah 2", "Eid al-Fitr prayer 1" (the language's order); nil: the name alone.
    func numbered(_ name: String, session n: Int?) -> String {
        guard let n else { return name }
        return Self.filling(Self.filling(session, "{name}", with: name), "{n}", with: String(n))
    }

    /// `template` with each `key` in it replaced by `value`. By bytes: the standard library's
    /// `replacing` (string processing's generic collection search) took 35,000 instructions
    /// a session's name, a tenth of a year's feed (callgrind).
    static func filling(_ template: String, _ key: String, with value: String) -> String {
        let t = Array(template.utf8), k = Array(key.utf8)
        guard !k.isEmpty, t.count >= k.count else { return template }
        var out: [UInt8] = []
        out.reserveCapacity(t.count + value.utf8.count)
        var i = 0
        while i < t.count {
            if i + k.count <= t.count, t[i..<(i + k.count)].elementsEqual(k) {
                out += value.utf8
                i += k.count
            } else {
                out.append(t[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// "16:45", or "4:45 pm" on a unit whose screen shows a 12-hour clock.
    func clock(_ t: LocalTime, format: ScreenConfig.ClockFormat) -> String {
        switch format {
        case .h24: return t.clock(seconds: false)
        case .h12:
            let h = t.hour % 12 == 0 ? 12 : t.hour % 12
            return "\(h):\(t.minute < 10 ? "0" : "")\(t.minute) \(t.hour < 12 ? am : pm)"
        }
    }
}
