import PrayerTimes

/// One day's times as the `times` command shows them.
struct TimesRow {
    let schedule: DaySchedule
    let hijri: HijriDate
}

/// Builds and renders the rows of `mihrab times`.
struct TimesTable {
    let zone: ZoneRules
    let coordinates: Coordinates
    let parameters: CalculationParameters
    let hijriOffset: Int

    static var fields: [(String, KeyPath<DaySchedule, Double>)] { [
        ("fajr", \.fajr), ("sunrise", \.sunrise), ("dhuhr", \.dhuhr), ("asr", \.asr), ("maghrib", \.maghrib),
        ("isha", \.isha), ("imsak", \.imsak), ("midnight", \.midnight), ("lastThird", \.lastThird),
    ] }

    func row(for date: CivilDate) -> TimesRow {
        let hijri = HijriCalendar.date(for: date, offset: hijriOffset)
        let offset = zone.offset(at: date.unixMidnight + 43_200)
        let calc = PrayerCalculator(parameters: parameters)
        let schedule = calc.schedule(for: date, at: coordinates, utcOffset: offset, ramadan: hijri.isRamadan)
        return TimesRow(schedule: schedule, hijri: hijri)
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
            return "{" + parts.joined(separator: ",") + "}"
        }
        let meta = "\"zone\":\"\(zone.identifier)\",\"method\":\"\(parameters.method.rawValue)\"," +
            "\"latitude\":\(coordinates.latitude),\"longitude\":\(coordinates.longitude)"
        return "{\(meta),\"days\":[" + days.joined(separator: ",") + "]}"
    }

    func csv(_ rows: [TimesRow]) -> String {
        var out = "date,hijri," + Self.fields.map(\.0).joined(separator: ",") + ",resolved\n"
        for r in rows {
            let res = resolved(r.schedule).map { "\($0.0)=\($0.1)" }.joined(separator: ";")
            out += "\(r.schedule.date),\(r.hijri)," + Self.fields.map { iso(r.schedule[keyPath: $0.1]) }
                .joined(separator: ",") + ",\(res)\n"
        }
        return out
    }

    func text(_ rows: [TimesRow]) -> String {
        let place = "\(coordinates.latitude), \(coordinates.longitude)"
        var out = "Prayer times at \(place), \(zone.identifier)\n"
        out += "Method: \(parameters.method.authority); Asr: \(parameters.madhab.rawValue)\n\n"
        let names = ["Fajr", "Sunrise", "Dhuhr", "Asr", "Maghrib", "Isha"]
        let width = withSeconds ? 10 : 8
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(1, w - s.count)) }
        out += (pad("Date", 12) + pad("Hijri", 12) + names.map { pad($0, width) }.joined()).trimmingTrailingSpaces() + "\n"
        var notes: [String] = []
        for r in rows {
            var line = pad("\(r.schedule.date)", 12) + pad("\(r.hijri)", 12)
            for prayer in Prayer.allCases {
                let mark = r.schedule.resolved[prayer] == nil ? "" : "*"
                line += pad(LocalTime(unix: r.schedule[prayer], zone: zone).clock(seconds: withSeconds) + mark, width)
            }
            out += line.trimmingTrailingSpaces() + "\n"
            for (p, rule) in resolved(r.schedule) { notes.append("\(r.schedule.date) \(p): \(rule)") }
        }
        if !notes.isEmpty {
            out += "\n* from a rule, not the sky:\n" + notes.map { "  \($0)\n" }.joined()
        }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
