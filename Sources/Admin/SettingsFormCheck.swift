import FoundationEssentials
import Glibc
import PrayerTimes
import Service
import Platform

/// What a POSTed settings form is refused for before anything is made of it, each with one line
/// naming the field: a field the form does not have (a setting it does not cover must not
/// seem saved), a control character (TOML's C library would end a text at a NUL, and no
/// browser sends one from a text field), an announcement that ends before it starts.
extension SettingsForm {
    /// Where its errors say they come from (as the backend's check says it).
    static let source = "admin page"

    /// Every field the settings page sends.
    static let fieldNames: Set<String> = {
        var names: Set<String> = ["csrf", "base", "jumuah", "volume", "jakim_zone", "hijri_offset"]
        for p in iqamahPrayers { names.insert("iqamah_\(p.rawValue)") }
        for p in volumePrayers { names.insert("volume_\(p.rawValue)") }
        for i in 0..<maximumAnnouncements { names.formUnion(["ann_text_\(i)", "ann_from_\(i)", "ann_to_\(i)", "ann_qr_\(i)"]) }
        names.formUnion(eventFieldNames)
        return names
    }()

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }

    /// Every field the form's, none holding a control character (names in sorted order, so
    /// that the same form is refused for the same field every time).
    static func check(_ fields: [String: String]) throws(ConfigError) {
        for name in fields.keys.sorted() {
            guard fieldNames.contains(name) else {
                throw ConfigError(file: source, line: nil, path: name, message: "is not a field of the settings form: nothing was saved")
            }
            if let c = fields[name]?.unicodeScalars.first(where: isControl) {
                let code = String(c.value, radix: 16, uppercase: true)
                throw ConfigError(file: source, line: nil, path: name,
                                  message: "holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)): nothing was saved")
            }
        }
    }

    /// Each announcement's `to` after its `from` (the POSTed fields, so that the line names the
    /// row as the page numbers it), read as the config reads them: a date alone is the start
    /// of that day in `from`, its end in `to`. A value that is not a date or time is left to
    /// the config's check, which says what it should be. A row without text is not saved.
    static func checkRanges(_ fields: [String: String]) throws(ConfigError) {
        for i in 0..<maximumAnnouncements {
            func v(_ k: String) -> String { (fields["\(k)_\(i)"] ?? "").trimmingSpaces() }
            guard !v("ann_text").isEmpty, let from = minute(v("ann_from"), endOfDay: false), let to = minute(v("ann_to"), endOfDay: true) else { continue }
            if to <= from {
                throw ConfigError(file: source, line: nil, path: "ann_to_\(i)",
                                  message: "announcement \(i + 1) ends (\(quoted(v("ann_to")))) before it starts (\(quoted(v("ann_from")))): nothing was saved")
            }
        }
    }

    /// "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM" (a space for the T), as minutes since 1970-01-01
    /// local (as `TableReader.localMinute` reads it); nil when it is neither.
    static func minute(_ s: String, endOfDay: Bool) -> Int? {
        let parts = s.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard let first = parts.first, let date = CivilDate(iso: first) else { return nil }
        let day = date.daysSinceEpoch * 1440
        if parts.count == 1 { return endOfDay ? day + 1440 : day }
        let hm = parts[1].split(separator: ":")
        guard parts.count == 2, hm.count == 2, hm[0].count == 2, hm[1].count == 2, let h = Int(hm[0]), let m = Int(hm[1]),
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return day + h * 60 + m
    }
}
