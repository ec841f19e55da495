import FoundationEssentials
import Glibc
import Platform
import PrayerTimes
import Service
import UnitModel

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
    /// The JAKIM zone whose points give the times (nil: none): shown instead of the place.
    var jakimZone: String? = nil

    static let iqamahPrayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]
    static let prayers = Prayer.allCases

    /// The day's instants in the output's order, with their names: built once (a computed
    /// array of key paths here was rebuilt on every access: 20M instructions for a year of
    /// JSON, callgrind).
    static let fields: [(name: StaticString, time: @Sendable (DaySchedule) -> Double)] = [
        ("fajr", { $0.fajr }), ("sunrise", { $0.sunrise }), ("dhuhr", { $0.dhuhr }), ("asr", { $0.asr }),
        ("maghrib", { $0.maghrib }), ("isha", { $0.isha }), ("imsak", { $0.imsak }), ("midnight", { $0.midnight }),
        ("lastThird", { $0.lastThird }),
    ]

    /// The rows of `days` consecutive dates from `first`.
    func rows(from first: CivilDate, days: Int) -> [TimesRow] {
        var config = SiteConfig()
        config.parameters = parameters
        config.hijriOffset = hijriOffset
        config.timetable = timetable
        let calculator = PrayerCalculator(parameters: parameters)
        return (0..<days).map { row(for: first.adding(days: $0), config: config, calculator: calculator) }
    }

    /// A day planned as the unit plans it (`ScreenInput.Day.planned`), without its events'
    /// settings: only the timetable's iqamah times are shown. A date the timetable does not
    /// cover has nothing of its events to show: its planned times alone
    /// (`ScreenInput.Day.computedSchedule`), as planning its events cost 33,000
    /// instructions a day (callgrind).
    func row(for date: CivilDate, config: SiteConfig, calculator: PrayerCalculator) -> TimesRow {
        let hijri = HijriCalendar.date(for: date, offset: hijriOffset)
        guard let timetable, timetable.day(on: date) != nil else {
            return TimesRow(schedule: ScreenInput.Day.computedSchedule(date, at: coordinates, zone: zone, config: config,
                                                                       calculator: calculator),
                            hijri: hijri)
        }
        let day = ScreenInput.Day.planned(date, at: coordinates, zone: zone, config: config, calculator: calculator)
        var iqamah: [Prayer: Double] = [:]
        for e in day.events where e.kind == .iqamah && e.index == 0 { iqamah[e.prayer] = e.time }
        return TimesRow(schedule: day.schedule, hijri: hijri, source: day.source, iqamah: day.source == .timetable ? iqamah : [:])
    }

    private var withSeconds: Bool { parameters.rounding == .none }

    private func iso(_ t: Double) -> String { LocalTime(unix: t, zone: zone).iso8601 }

    private func resolved(_ s: DaySchedule) -> [(String, String)] {
        Self.prayers.compactMap { p in s.resolved[p].map { (p.rawValue, $0.rawValue) } }
    }

    /// The JSON, written by hand as UTF-8 into one buffer. Not Codable with JSONEncoder,
    /// our rule for JSON elsewhere: Foundation's JSONEncoder on Linux writes an object's
    /// keys in hash order, not in the order this output has always had, and encoding a
    /// year of these days with it (their strings already made) took 20M instructions under
    /// callgrind, where this whole function now takes about 5M, local times included.
    /// Bytes rather than a String: String.append, at 340 instructions an append, took 7M.
    func json(_ rows: [TimesRow]) -> String {
        var meta = "\"zone\":\"\(zone.identifier)\",\"method\":\"\(parameters.method.rawValue)\"," +
            "\"latitude\":\(coordinates.latitude),\"longitude\":\(coordinates.longitude)"
        if let jakimZone { meta += ",\"jakimZone\":\(jsonString(jakimZone))" }
        if let timetable {
            meta += ",\"timetable\":{\"file\":\(jsonString(timetable.file)),\"first\":\"\(timetable.first)\",\"last\":\"\(timetable.last)\"," +
                "\"clock\":\"\(timetable.clock.rawValue)\"}"
        }
        var out: [UInt8] = []
        out.reserveCapacity(meta.utf8.count + 16 + rows.count * 520)
        func put(text: String) { out.append(contentsOf: text.utf8) }
        // The output's own fragments: their bytes copied as they are.
        func put(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func putTime(_ t: Double) {
            out.append(0x22)  // "
            LocalTime(unix: t, zone: zone).appendISO8601(to: &out)
            out.append(0x22)
        }
        put("{")
        put(text: meta)
        put(",\"days\":[")
        for (k, r) in rows.enumerated() {
            put(k == 0 ? "{\"date\":\"" : ",{\"date\":\"")
            put(text: r.schedule.date.description)
            put("\",\"hijri\":\"")
            put(text: r.hijri.description)
            put("\"")
            for (name, time) in Self.fields {
                put(",\"")
                put(name)
                put("\":")
                putTime(time(r.schedule))
            }
            put(",\"resolved\":{")
            var separator: StaticString = ""
            for p in Self.prayers {
                guard let source = r.schedule.resolved[p] else { continue }
                put(separator)
                put("\"")
                put(text: p.rawValue)
                put("\":\"")
                put(text: source.rawValue)
                put("\"")
                separator = ","
            }
            put("}")
            if timetable != nil {
                put(",\"source\":\"")
                put(text: r.source.rawValue)
                put("\",\"iqamah\":{")
                separator = ""
                for p in Self.iqamahPrayers {
                    guard let t = r.iqamah[p] else { continue }
                    put(separator)
                    put("\"")
                    put(text: p.rawValue)
                    put("\":")
                    putTime(t)
                    separator = ","
                }
                put("}")
            }
            put("}")
        }
        put("]}")
        return String(decoding: out, as: UTF8.self)
    }

    func csv(_ rows: [TimesRow]) -> String {
        let extra = timetable == nil ? "" : ",source," + Self.iqamahPrayers.map { "\($0.rawValue)_iqamah" }.joined(separator: ",")
        var out = "date,hijri," + Self.fields.map { "\($0.name)" }.joined(separator: ",") + ",resolved\(extra)\n"
        for r in rows {
            let res = resolved(r.schedule).map { "\($0.0)=\($0.1)" }.joined(separator: ";")
            out += "\(r.schedule.date),\(r.hijri)," + Self.fields.map { iso($0.time(r.schedule)) }
                .joined(separator: ",") + ",\(res)"
            if timetable != nil {
                out += ",\(r.source.rawValue)," + Self.iqamahPrayers.map { p in r.iqamah[p].map(iso) ?? "" }.joined(separator: ",")
            }
            out += "\n"
        }
        return out
    }

    func text(_ rows: [TimesRow]) -> String {
        let place = jakimZone.map { "JAKIM \($0)" } ?? "\(coordinates.latitude), \(coordinates.longitude)"
        var out = "Prayer times \(jakimZone == nil ? "at" : "for") \(place), \(zone.identifier)\n"
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
            for prayer in Self.prayers {
                let mark = r.schedule.resolved[prayer] == nil ? "" : "*"
                line += pad(LocalTime(unix: r.schedule[prayer], zone: zone).clock(seconds: withSeconds) + mark, width)
            }
            if timetable != nil { line += r.source == .timetable ? "timetable" : "method (outside the timetable)" }
            out += line.trimmingTrailingSpaces() + "\n"
            if !r.iqamah.isEmpty {
                var iq = pad("", 12) + pad("iqamah", 12)
                for prayer in Self.prayers {
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
        case _ where u.value < 0x20: out += cFormat("\\u%04x", u.value)
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
