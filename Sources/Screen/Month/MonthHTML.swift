import FoundationEssentials
import Glibc
import Platform
import PrayerTimes

/// A sheet as a whole HTML document for print: the mosque's title and the month's names at
/// the top, the table, and the notes (Fridays, clock changes, where the times come from, where
/// and when it was printed) under it. Styles inline (`MonthStyle`), no script, nothing loaded.
struct MonthHTML {
    let sheet: MonthSheet
    let words: MonthWords
    let printed: CivilDate

    var document: String {
        let f = words.file
        return "<!DOCTYPE html>\n<html lang=\"\(esc(f.code))\" dir=\"\(words.rtl ? "rtl" : "ltr")\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>\(esc([sheet.title, heading, period].compactMap { $0 }.joined(separator: " – ")))</title>"
            + "<style>:root { --row: \(cFormat("%.2f", rowHeight))mm; }\n\(MonthStyle.css)</style></head>"
            + "<body class=\"\(ramadan ? "ramadan" : "month")\"><main class=\"sheet\">"
            + header + MonthTable(sheet, words: words).html + footer
            + "</main></body></html>\n"
    }

    private var ramadan: Bool { if case .ramadan = sheet.period { true } else { false } }

    /// A row's height in mm: the sheet's own (6.55 a day of a month, 7.2 of Ramadan) unless its
    /// lines would pass the page's budget for the table's body (the rest of A4 is the header,
    /// the table's head and the notes); then smaller, type and all, so that the sheet stays one
    /// page: a Friday of three Jumu'ah sessions (a session's line is 0.62 of a row, MonthStyle),
    /// a day's extras (a line of 0.6 under a month's row, a line each in Ramadan's column).
    var rowHeight: Double {
        let (base, body) = ramadan ? (7.2, 214.0) : (6.55, 200.0)
        let units = sheet.rows.reduce(0.0) { sum, r in
            let lines = Double(r.prayers.values.map(\.count).max() ?? 1)
            var u = max(1, lines * 0.62)
            if ramadan { u = max(u, Double(r.extras.count) * 0.62) } else if !r.extras(ramadan: false).isEmpty { u += 0.6 }
            return sum + u
        }
        // A long title takes a second line.
        let budget = body - ((sheet.title?.count ?? 0) > 45 ? 9 : 0)
        return min(base, budget / max(1, units))
    }

    private var heading: String {
        if case .ramadan(let y) = sheet.period {
            return MonthWords.fill(words.file.month.ramadanHeading, ["year": words.number(y), "era": words.file.text.hijriEra])
        }
        return words.file.month.heading
    }

    /// "March 2026 · Ramadan – Shawwal 1447 AH" (a Ramadan sheet: its Gregorian span).
    private var period: String {
        let era = words.file.text.hijriEra
        let months = sheet.hijriMonths
        // "Ramadan – Shawwal 1447 AH"; across a year's end, each month with its year.
        let hijri: String
        if let year = months.first?.year, months.allSatisfy({ $0.year == year }) {
            hijri = months.map { words.hijriMonthName($0.month) }.joined(separator: " – ") + " " + words.number(year) + " " + era
        } else {
            hijri = months.map { words.hijriMonthName($0.month) + " " + words.number($0.year) }.joined(separator: " – ") + " " + era
        }
        guard let first = sheet.rows.first?.date, let last = sheet.rows.last?.date else { return hijri }
        func my(_ d: CivilDate) -> String { words.monthName(d.month) + " " + words.number(d.year) }
        switch sheet.period {
        case .month: return my(first) + " · " + hijri
        case .ramadan:
            func dm(_ d: CivilDate) -> String { words.number(d.day) + " " + words.monthName(d.month) }
            return dm(first) + " – " + dm(last) + " " + words.number(last.year)
        }
    }

    private var header: String {
        let top = sheet.title.map { "<h1>\(esc($0))</h1><p class=\"heading\">\(esc(heading))</p>" } ?? "<h1>\(esc(heading))</h1>"
        return "<header>" + top + "<p class=\"period\">\(esc(period))</p></header>"
    }

    private var footer: String {
        let m = words.file.month
        var notes: [String] = []
        if sheet.rows.contains(where: \.friday) { notes.append("<p class=\"note friday\">\(esc(m.friday))</p>") }
        for r in sheet.rows {
            guard let c = r.clockChange else { continue }
            notes.append("<p class=\"note clock-change\"><sup>*</sup> " + line(m.clockChange, ["date": words.date(r.date), "from": c.from, "to": c.to]) + "</p>")
        }
        let source: String
        switch sheet.source {
        case .method(let method): source = line(m.method, ["method": method.authority])
        case .jakim(let zone): source = line(m.jakim, ["zone": zone])
        case .timetable: source = esc(m.timetable)
        case .timetableAndMethod(let method): source = line(m.timetableAndMethod, ["method": method.authority])
        }
        let p = sheet.position
        let place = line(m.position, ["lat": words.digits(cFormat("%.4f", p.latitude)),
                                      "lon": words.digits(cFormat("%.4f", p.longitude)), "zone": sheet.zone.identifier])
        return "<footer>" + notes.joined()
            + "<p class=\"source\">\(source) · <span class=\"place\">\(place)</span> · <span class=\"printed\">\(line(m.printed, ["date": words.date(printed)]))</span></p>"
            + "</footer>"
    }

    /// A template of the language's as HTML: each value isolated (<bdi>), so that a name or a
    /// number written left to right keeps its order in a right-to-left line and the reverse.
    private func line(_ template: String, _ values: [String: String]) -> String {
        MonthWords.fill(esc(template), values.mapValues { "<bdi>\(esc($0))</bdi>" })
    }
}
