import Foundation
import PrayerTimes
import Service

/// One day's times as the `times` command shows them.
struct TimesRow {
    let schedule: DaySchedule
    let hijri: HijriDate
    /// From the timetable or computed.
    var source = ScreenInput.Day.Source.method
    /// The timetable's iqamah times that day.
    var iqamah: [Prayer: Double] = [:]
}

/// Builds and renders the rows of `mihrab times`.
struct TimesTable {
    let zone: ZoneRules
    let coordinates: Coordinates
    let parameters: CalculationParameters
    let hijriOffset: Int
    /// A printed timetable: its days as the unit uses them, the method's outside it.
    var timetable: Timetable? = nil

    static let iqamahPrayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]

    static var fields: [(String, KeyPath<DaySchedule, Double>)] { [
        ("fajr", \.fajr), ("sunrise", \.sunrise), ("dhuhr", \.dhuhr), ("asr", \.asr), ("maghrib", \.maghrib),
        ("isha", \.isha), ("imsak", \.imsak), ("midnight", \.midnight), ("lastThird", \.lastThird),
    ] }

    /// A day planned as the unit plans it (`ScreenInput.Day.planned`), without its events'
    /// settings: only the timetable's iqamah times are shown.
    func row(for date: CivilDate) -> TimesRow {
        let hijri = HijriCalendar.date(for: date, offset: hijriOffset)
        var config = SiteConfig()
        config.parameters = parameters
        config.hijriOffset = hijriOffset
        config.timetable = timetable
        let day = ScreenInput.Day.planned(date, at: coordinates, zone: zone, config: config,
                                          calculator: PrayerCalculator(parameters: parameters))
        var iqamah: [Prayer: Double] = [:]
        for e in day.events where e.kind == .iqamah && e.index == 0 { iqamah[e.prayer] = e.time }
        return TimesRow(schedule: day.schedule, hijri: hijri, source: day.source, iqamah: day.source == .timetable ? iqamah : [:])
    }

    private var withSeconds: Bool { parameters.rounding == .none }

    private func iso(_ t: Double) -> String { LocalTime(unix: t, zone: zone).iso8601 }

    private func resolved(_ s: DaySchedule) -> [(String, String)] {
        Prayer.allCases.compactMap { p in s.resolved[p].map { (p.rawValue, $0.rawValue) } }
    }

    func json(_ rows: [TimesRow]) -> String {
        let days = rows.map { r -> String in
            var parts = ["\"date\":\"\(r.schedule.date)\"", "\"hijri\":\"\(r.hijri)\""]
            for (name, key) in Self.fields { parts.append("\"\(name)\":\"\(iso(r.schedule[keyPath: key]))\"") }
            let res = resolved(r.schedule).map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
            parts.append("\"resolved\":{\(res)}")
            if timetable != nil {
                parts.append("\"source\":\"\(r.source.rawValue)\"")
                let iq = Self.iqamahPrayers.compactMap { p in r.iqamah[p].map { "\"\(p.rawValue)\":\"\(iso($0))\"" } }
                parts.append("\"iqamah\":{\(iq.joined(separator: ","))}")
            }
            return "{" + parts.joined(separator: ",") + "}"
        }
        var meta = "\"zone\":\"\(zone.identifier)\",\"method\":\"\(parameters.method.rawValue)\"," +
            "\"latitude\":\(coordinates.latitude),\"longitude\":\(coordinates.longitude)"
        if let timetable {
            meta += ",\"timetable\":{\"file\":\(jsonString(timetable.file)),\"first\":\"\(timetable.first)\",\"last\":\"\(timetable.last)\"," +
                "\"clock\":\"\(timetable.clock.rawValue)\"}"
        }
        return "{\(meta),\"days\":[" + days.joined(separator: ",") + "]}"
    }

    func csv(_ rows: [TimesRow]) -> String {
        let extra = timetable == nil ? "" : ",source," + Self.iqamahPrayers.map { "\($0.rawValue)_iqamah" }.joined(separator: ",")
        var out = "date,hijri," + Self.fields.map(\.0).joined(separator: ",") + ",resolved\(extra)\n"
        for r in rows {
            let res = resolved(r.schedule).map { "\($0.0)=\($0.1)" }.joined(separator: ";")
            out += "\(r.schedule.date),\(r.hijri)," + Self.fields.map { iso(r.schedule[keyPath: $0.1]) }
                .joined(separator: ",") + ",\(res)"
            if timetable != nil {
                out += ",\(r.source.rawValue)," + Self.iqamahPrayers.map { p in r.iqamah[p].map(iso) ?? "" }.joined(separator: ",")
            }
            out += "\n"
        }
        return out
    }

    func text(_ rows: [TimesRow]) -> String {
        let place = "\(coordinates.latitude), \(coordinates.longitude)"
        var out = "Prayer times at \(place), \(zone.identifier)\n"
        if let timetable {
            out += "Timetable: \(timetable.file), \(timetable.range) (\(timetable.clock.rawValue) clock times); other days computed\n"
        }
        out += "Method: \(parameters.method.authority); Asr: \(parameters.madhab.rawValue)\n\n"
        let names = ["Fajr", "Sunrise", "Dhuhr", "Asr", "Maghrib", "Isha"]
        let width = withSeconds ? 10 : 8
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(1, w - s.count)) }
        let sourceColumn = timetable == nil ? "" : "Source"
        out += (pad("Date", 12) + pad("Hijri", 12) + names.map { pad($0, width) }.joined() + sourceColumn).trimmingTrailingSpaces() + "\n"
        var notes: [String] = []
        for r in rows {
            var line = pad("\(r.schedule.date)", 12) + pad("\(r.hijri)", 12)
            for prayer in Prayer.allCases {
                let mark = r.schedule.resolved[prayer] == nil ? "" : "*"
                line += pad(LocalTime(unix: r.schedule[prayer], zone: zone).clock(seconds: withSeconds) + mark, width)
            }
            if timetable != nil { line += r.source == .timetable ? "timetable" : "method (outside the timetable)" }
            out += line.trimmingTrailingSpaces() + "\n"
            if !r.iqamah.isEmpty {
                var iq = pad("", 12) + pad("iqamah", 12)
                for prayer in Prayer.allCases {
                    iq += pad(r.iqamah[prayer].map { LocalTime(unix: $0, zone: zone).clock(seconds: withSeconds) } ?? "", width)
                }
                out += iq.trimmingTrailingSpaces() + "\n"
            }
            for (p, rule) in resolved(r.schedule) { notes.append("\(r.schedule.date) \(p): \(rule)") }
        }
        if !notes.isEmpty {
            out += "\n* from a rule, not the sky:\n" + notes.map { "  \($0)\n" }.joined()
        }
        return out
    }
}

/// A string as a JSON string literal.
func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
