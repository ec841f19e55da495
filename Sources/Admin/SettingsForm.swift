import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Service
import TOMLKit
import UnitModel

/// The settings form's values, as the fields hold them (strings), from the config in force or
/// from a POST, and the site settings' TOML they make: the snapshot's TOML with the sections
/// the form changed replaced, built with TOMLKit (no user text is ever pasted into TOML).
struct SettingsForm: Equatable {
    static let iqamahPrayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]
    static let volumePrayers: [Prayer] = Prayer.allCases
    static let maximumAnnouncements = 20

    struct Announcement: Equatable {
        /// `qr`: the address its QR code carries ("" for none).
        var text = "", from = "", to = "", qr = ""
    }

    /// "15" (minutes after the adhan), "13:30", or "" (none).
    var iqamah: [Prayer: String] = [:]
    /// "dhuhr, 13:30".
    var jumuah = ""
    var announcements: [Announcement] = []
    var volume = ""
    /// "" : as `volume`.
    var volumes: [Prayer: String] = [:]
    /// A JAKIM zone's code (`calculation.jakim_zone`), "" for none.
    var jakimZone = ""
    /// `[[events]]`, one row each.
    var events: [Event] = []
    /// `calculation.hijri_offset`, "-2" to "2" (the local sighting: it moves Eid); "" when a
    /// POST did not send it (left as it is).
    var hijriOffset = ""

    init() {}

    init(effective c: SiteConfig) {
        for p in Self.iqamahPrayers {
            switch c.iqamah[p] {
            case .minutesAfterAdhan(let m)?: iqamah[p] = String(m)
            case .fixed(let m)?: iqamah[p] = Self.hhmm(m)
            case nil: iqamah[p] = ""
            }
        }
        jumuah = c.jumuah.map { t -> String in
            switch t {
            case .dhuhr: return "dhuhr"
            case .fixed(let m): return Self.hhmm(m)
            }
        }.joined(separator: ", ")
        announcements = c.announcements.map {
            Announcement(text: Self.shown($0.text), from: $0.from.map(Self.local) ?? "", to: $0.to.map(Self.end) ?? "", qr: $0.qr ?? "")
        }
        volume = String(c.sound.volume)
        for p in Self.volumePrayers { volumes[p] = c.sound.volumes[p].map { String($0) } ?? "" }
        jakimZone = c.jakimZone ?? ""
        events = c.events.map(Event.init)
        hijriOffset = String(c.hijriOffset)
    }

    /// From the POSTed fields: refused, naming the field, when one is not the form's or holds a
    /// control character (`check`).
    init(fields f: [String: String]) throws(ConfigError) {
        try Self.check(f)
        func v(_ k: String) -> String { (f[k] ?? "").trimmingSpaces() }
        for p in Self.iqamahPrayers { iqamah[p] = v("iqamah_\(p.rawValue)") }
        jumuah = v("jumuah")
        for i in 0..<Self.maximumAnnouncements {
            let a = Announcement(text: v("ann_text_\(i)"), from: v("ann_from_\(i)"), to: v("ann_to_\(i)"), qr: v("ann_qr_\(i)"))
            if !a.text.isEmpty { announcements.append(a) }
        }
        volume = v("volume")
        for p in Self.volumePrayers { volumes[p] = v("volume_\(p.rawValue)") }
        jakimZone = v("jakim_zone").uppercased()
        events = Self.postedEvents(f)
        hijriOffset = v("hijri_offset")
    }

    /// A table of the snapshot's TOML, copied (changing it leaves the original as it was).
    static func copy(_ t: TOMLTable?) -> TOMLTable? { t.flatMap { try? TOMLTable(string: $0.convert()) } }

    static func hhmm(_ minutes: Int) -> String {
        cFormat("%02ld:%02ld", minutes / 60 % 24, minutes % 60)
    }

    static func local(_ m: LocalMinute) -> String {
        m.minute == 0 ? m.date.description : "\(m.date.description)T\(hhmm(m.minute))"
    }

    /// An announcement's end. A date alone there means "to the end of that day", read as the
    /// next day's midnight (the end is exclusive): shown as that date again, not as the next
    /// one, or every save of the form would move it a day later.
    static func end(_ m: LocalMinute) -> String {
        m.minute == 0 ? m.date.adding(days: -1).description : local(m)
    }

    /// A text as a form's field holds it: one line (a browser drops line breaks from a text
    /// field, and a field holding a control character is refused), trimmed as a POST is.
    static func shown(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { isControl($0) ? " " : $0 })).trimmingSpaces()
    }

    /// "15" as the integer 15; anything else as the string, for the config's check to judge.
    static func number(_ s: String) -> any TOMLValueConvertible {
        if let i = Int(s), s.allSatisfy(\.isNumber) { return i }
        return s
    }

    /// The site settings' TOML: `base` (the site's TOML in force) with each section the form
    /// sets replaced when it differs from `current` (the form as the config in force fills it).
    /// Sections the form does not cover, or did not change, are kept; a form that changed
    /// nothing gives `base` itself, byte for byte (nothing to store: no new version).
    func toml(base: String, current: SettingsForm, effective: SiteConfig) throws(ConfigError) -> String {
        guard self != current else { return base }
        let root: TOMLTable
        do { root = base.isEmpty ? TOMLTable() : try TOMLTable(string: base) } catch {
            throw ConfigError(file: "site settings", line: nil, path: "", message: "the site settings in force do not parse: \(error)")
        }
        if iqamah != current.iqamah {
            let t = TOMLTable()
            for p in Self.iqamahPrayers { if let s = iqamah[p], !s.isEmpty { t[p.rawValue] = Self.number(s) } }
            root["iqamah"] = t
        }
        if jumuah != current.jumuah {
            let times = jumuah.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            let table = Self.copy(root["jumuah"]?.table) ?? TOMLTable()
            table["times"] = TOMLArray(times.map { $0 as any TOMLValueConvertible })
            root["jumuah"] = table
        }
        if announcements != current.announcements {
            let list = TOMLArray()
            for a in announcements.prefix(Self.maximumAnnouncements) {
                let t = TOMLTable()
                t["text"] = a.text
                if !a.from.isEmpty { t["from"] = a.from }
                if !a.to.isEmpty { t["to"] = a.to }
                if !a.qr.isEmpty { t["qr"] = a.qr }
                list.append(t)
            }
            root["announcements"] = list
        }
        if volume != current.volume || volumes != current.volumes {
            // Kept: the site's other sound keys, or (no [sounds] in the site settings yet) the
            // sounds this unit runs with, so that setting a volume does not reset the adhan.
            let sounds: TOMLTable
            if let copy = Self.copy(root["sounds"]?.table) {
                sounds = copy
            } else {
                sounds = TOMLTable()
                for name in SoundSettings.Name.allCases where effective.sound.explicit.contains(name) {
                    if let v = effective.sound.names[name] { sounds[name.rawValue] = v }
                }
                sounds["fade_in_s"] = effective.sound.fadeIn
            }
            sounds["volume"] = Self.number(volume)
            let per = TOMLTable()
            for p in Self.volumePrayers { if let s = volumes[p], !s.isEmpty { per[p.rawValue] = Self.number(s) } }
            sounds["volumes"] = per
            root["sounds"] = sounds
        }
        if events != current.events {
            let list = TOMLArray()
            for e in events.prefix(Self.maximumEvents) { list.append(e.table) }
            root["events"] = list
        }
        // No offset sent (the page always sends one): the site's left as it is.
        let offsetChanged = !hijriOffset.isEmpty && hijriOffset != current.hijriOffset
        if jakimZone != current.jakimZone || offsetChanged {
            let site = root["calculation"]?.table
            let t = jakimZone != current.jakimZone ? calculation(site) : Self.copy(site) ?? TOMLTable()
            root["calculation"] = offsetChanged ? withHijriOffset(t) : t
        }
        return root.convert(to: .toml, options: [.allowUnicodeStrings, .indentations])
    }
}
