import PrayerTimes

/// The table of a sheet as HTML: a header (in two lines where a prayer has adhan and iqamah
/// columns) and one row per day. Every text is escaped here; the words come from `MonthWords`.
struct MonthTable {
    let sheet: MonthSheet
    let words: MonthWords
    let columns: [MonthColumn]

    init(_ sheet: MonthSheet, words: MonthWords) {
        self.sheet = sheet
        self.words = words
        columns = MonthColumn.of(sheet)
    }

    var html: String {
        "<table class=\"times\"><thead>" + head + "</thead><tbody>" + sheet.rows.map(row).joined() + "</tbody></table>"
    }

    private var ramadan: Bool { if case .ramadan = sheet.period { true } else { false } }
    private var split: Bool { columns.contains { if case .iqamah = $0 { true } else { false } } }

    private var head: String {
        let w = words.file, t = w.text, m = w.month
        var top = "", second = ""
        let span = split ? " rowspan=\"2\"" : ""
        for (i, c) in columns.enumerated() {
            switch c {
            case .day: top += "<th class=\"date\" colspan=\"2\"\(span)>\(esc(m.date))</th>"
            case .weekday: continue
            case .hijri: top += "<th class=\"hijri\"\(span)>\(esc(m.hijri))</th>"
            case .hijriDay: top += "<th class=\"hijri\">\(esc(w.hijriMonths.count > 8 ? w.hijriMonths[8] : "9"))</th>"
            case .gregorian: top += "<th class=\"date\">\(esc(m.date))</th>"
            case .imsak: top += "<th class=\"imsak\">\(esc(t.imsak))</th>"
            case .extras: top += "<th class=\"extras\">\(esc(m.taraweeh))</th>"
            case .adhan(let p):
                let name = ramadan && p == .maghrib ? words.prayer(p) + " · " + t.iftar : words.prayer(p)
                if i + 1 < columns.count, columns[i + 1] == .iqamah(p) {
                    top += "<th class=\"prayer\" colspan=\"2\">\(esc(name))</th>"
                    second += "<th class=\"adhan\">\(esc(t.adhan))</th><th class=\"iqamah\">\(esc(t.iqamah))</th>"
                } else {
                    top += "<th class=\"prayer\(p == .maghrib && ramadan ? " iftar" : "")\"\(span)>\(esc(name))</th>"
                }
            case .iqamah: continue
            case .duha: top += "<th class=\"prayer duha\"\(span)>\(esc(t.duha))</th>"
            }
        }
        return "<tr>" + top + "</tr>" + (split ? "<tr class=\"sub\">" + second + "</tr>" : "")
    }

    private func row(_ r: MonthSheet.Row) -> String {
        var classes: [String] = []
        if r.friday { classes.append("friday") }
        if r.clockChange != nil { classes.append("clock-change") }
        let first = r.date == sheet.rows.first?.date
        var cells = ""
        for c in columns {
            switch c {
            case .day: cells += "<td class=\"d\">\(words.number(r.date.day))\(r.clockChange != nil ? "<sup>*</sup>" : "")</td>"
            case .weekday: cells += "<td class=\"wd\">\(esc(words.weekday(r.date, short: true)))</td>"
            case .hijri:
                let name = first || r.hijri.day == 1 ? " <span class=\"hm\">\(esc(words.hijriMonthName(r.hijri.month)))</span>" : ""
                cells += "<td class=\"h\" data-hijri=\"\(r.hijri)\">\(words.number(r.hijri.day))\(name)</td>"
            case .hijriDay: cells += "<td class=\"h\" data-hijri=\"\(r.hijri)\">\(words.number(r.hijri.day))</td>"
            case .gregorian:
                let name = first || r.date.day == 1 ? " <span class=\"hm\">\(esc(words.monthName(r.date.month)))</span>" : ""
                cells += "<td class=\"g\"><span class=\"wd\">\(esc(words.weekday(r.date, short: true)))</span> "
                    + "\(words.number(r.date.day))\(r.clockChange != nil ? "<sup>*</sup>" : "")\(name)</td>"
            case .imsak: cells += "<td class=\"t imsak\">\(time(r.imsak))</td>"
            case .adhan(let p):
                let sessions = r.prayers[p] ?? []
                let more = (ramadan && p == .maghrib ? " iftar" : "") + (sessions.count > 1 ? " sessions" : "")
                cells += "<td class=\"t adhan\(more)\" data-prayer=\"\(p.rawValue)\">" + sessions.map { time($0.adhan) }.joined() + "</td>"
            case .iqamah(let p):
                let sessions = r.prayers[p] ?? []
                // A session without an iqamah keeps its line, so each iqamah stands beside its adhan.
                cells += "<td class=\"t iqamah\(sessions.count > 1 ? " sessions" : "")\" data-prayer=\"\(p.rawValue)\">"
                    + sessions.map { $0.iqamah.map(time) ?? "<span class=\"s\">&nbsp;</span>" }.joined() + "</td>"
            case .duha: cells += "<td class=\"t duha\">\(r.duha.map(time) ?? "")</td>"
            // The column is the nightly prayers' (its head says so): those by their times alone.
            case .extras: cells += "<td class=\"extras\(r.extras.count == 1 && r.extras[0].nightly ? " nightly" : "")\">" + r.extras.map { r.extras.count == 1 && $0.nightly ? times($0) : extra($0) }.joined(separator: "<br>") + "</td>"
            }
        }
        let attributes = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
        var out = "<tr\(attributes) data-date=\"\(r.date)\">" + cells + "</tr>"
        // The month has no column for the extras: each day's are a line under its row.
        if !ramadan, case let shown = r.extras(ramadan: false), !shown.isEmpty {
            out += "<tr class=\"extra\"><td colspan=\"\(columns.count)\">" + shown.map(extra).joined(separator: " · ") + "</td></tr>"
        }
        return out
    }

    private func time(_ t: Double) -> String { "<span class=\"s\">\(words.time(t, zone: sheet.zone))</span>" }

    private func extra(_ e: MonthSheet.Extra) -> String { esc(e.name) + " " + times(e) }

    private func times(_ e: MonthSheet.Extra) -> String { e.times.map { words.time($0, zone: sheet.zone) }.joined(separator: ", ") }
}

/// Text for HTML: element content and attribute values alike.
func esc(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
