import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Service
import TOMLKit
import UnitModel

/// The settings page's special events (`[[events]]`) and the Hijri offset that moves the ones
/// on Hijri dates. Each event row holds what the config's table holds, as text; the config's
/// own check judges the values (and says what is wrong in its own line).
extension SettingsForm {
    static let maximumEvents = SpecialEvent.maximumCount
    /// The date kinds, as the config's keys name them (the page's list, in this order).
    static let eventKinds = ["date", "hijri", "hijri_eve", "ramadan_nights"]
    /// The Hijri offsets the config takes (`calculation.hijri_offset`).
    static let hijriOffsets = -2...2

    struct Event: Equatable {
        var name = ""
        /// One of `eventKinds`.
        var kind = "date"
        /// "MM-DD" (every year) or "YYYY-MM-DD" (once); "" for the nights of Ramadan.
        var date = ""
        /// "07:30, 09:00" or "isha+20".
        var times = ""
        /// A sound's name as `[sounds]` names one, "" for none.
        var sound = ""
        /// Minutes it shows as happening after its time.
        var minutes = ""

        init(name: String = "", kind: String = "date", date: String = "", times: String = "", sound: String = "", minutes: String = "") {
            (self.name, self.kind, self.times, self.sound, self.minutes) = (name, kind, times, sound, minutes)
            // A date typed beside "every night of Ramadan" means nothing: not kept, so the row
            // compares equal to the one the config in force fills.
            self.date = kind == "ramadan_nights" ? "" : date
        }

        /// As the config in force has it.
        init(_ e: SpecialEvent) {
            func monthDay(_ y: Int?, _ m: Int, _ d: Int) -> String {
                (y.map { cFormat("%04ld-", $0) } ?? "") + cFormat("%02ld-%02ld", m, d)
            }
            switch e.dates {
            case .gregorian(let y, let m, let d): (kind, date) = ("date", monthDay(y, m, d))
            case .hijri(let y, let m, let d, let eve): (kind, date) = (eve ? "hijri_eve" : "hijri", monthDay(y, m, d))
            case .ramadanNights: (kind, date) = ("ramadan_nights", "")
            }
            name = SettingsForm.shown(e.name)
            times = e.times.map(\.description).joined(separator: ", ")
            sound = e.sound ?? ""
            minutes = String(e.minutes)
        }

        /// Its `[[events]]` table: `kind` as the date's key (`ramadan_nights = true` for the
        /// nights), the times a list, sound and minutes only when given.
        var table: TOMLTable {
            let t = TOMLTable()
            t["name"] = name
            switch kind {
            case "ramadan_nights": t["ramadan_nights"] = true
            case "hijri_eve": (t["hijri"], t["eve"]) = (date, true)  // the evening before the Hijri date
            default: t[kind] = date
            }
            let list = times.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            t["times"] = TOMLArray(list.map { $0 as any TOMLValueConvertible })
            if !sound.isEmpty { t["sound"] = sound }
            if !minutes.isEmpty { t["minutes"] = SettingsForm.number(minutes) }
            return t
        }
    }

    /// The POSTed event rows that have a name (an empty name drops its row).
    static func postedEvents(_ fields: [String: String]) -> [Event] {
        func v(_ k: String, _ i: Int) -> String { (fields["\(k)_\(i)"] ?? "").trimmingSpaces() }
        return (0..<maximumEvents).map { i in
            Event(name: v("ev_name", i), kind: v("ev_kind", i), date: v("ev_date", i), times: v("ev_times", i), sound: v("ev_sound", i),
                  minutes: v("ev_minutes", i))
        }.filter { !$0.name.isEmpty }
    }

    /// Each named row's date kind one of the list's (no browser sends another; the config
    /// cannot name the row's field), the row numbered as the page numbers it.
    static func checkEvents(_ fields: [String: String]) throws(ConfigError) {
        for i in 0..<maximumEvents {
            func v(_ k: String) -> String { (fields["\(k)_\(i)"] ?? "").trimmingSpaces() }
            let name = v("ev_name"), kind = v("ev_kind")
            guard !name.isEmpty, !eventKinds.contains(kind) else { continue }
            throw ConfigError(file: source, line: nil, path: "ev_kind_\(i)",
                              message: "event \(i + 1): \(quoted(kind)) is not a kind of date (\(eventKinds.joined(separator: ", "))): nothing was saved")
        }
    }

    /// The field names of the event rows.
    static var eventFieldNames: Set<String> {
        Set((0..<maximumEvents).flatMap { i in ["name", "kind", "date", "times", "sound", "minutes"].map { "ev_\($0)_\(i)" } })
    }

    /// The site's [calculation] with the Hijri offset the form holds; a value that is not a
    /// number is written as it came, for the config to refuse.
    func withHijriOffset(_ t: TOMLTable) -> TOMLTable {
        if let n = Int(hijriOffset) {
            t["hijri_offset"] = n
        } else {
            t["hijri_offset"] = hijriOffset
        }
        return t
    }
}
