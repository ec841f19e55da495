import PrayerTimes
import TOMLKit
import Platform
import UnitModel

extension SiteConfig {
    /// `[[events]]`: name, one of `date` / `hijri` / `ramadan_nights`, `times`, `sound`, `minutes`.
    mutating func readEvents(_ root: TableReader) throws(ConfigError) {
        guard let list = try root.array("events") else { return }
        guard list.count <= SpecialEvent.maximumCount else {
            throw root.error("events", "\(list.count) events: at most \(SpecialEvent.maximumCount)")
        }
        events = []
        for (i, v) in list.enumerated() {
            guard let table = v.table else { throw root.error("events", "must be [[events]] tables with a name, a date and times") }
            let t = TableReader(table, path: "events[\(i)]", file: root.file, lines: root.lines)
            guard let name = try t.string("name"), !name.trimmingSpaces().isEmpty else {
                throw t.error("name", "is missing (what the screen shows, e.g. \"Eid al-Fitr prayer\")")
            }
            guard name.count <= SpecialEvent.maximumNameLength, !name.contains(where: { $0.isNewline }) else {
                throw t.error("name", "must be one line of at most \(SpecialEvent.maximumNameLength) characters")
            }
            let dates = try t.eventDates()
            let times = try t.eventTimes()
            var sound: String?
            if let s = try t.string("sound"), !s.isEmpty, s != "none" { sound = s }
            let minutes = try t.int("minutes", in: 0...600) ?? 30
            try t.finish()
            // What has sounded is kept by the name's letters and digits ("Eid prayer" and
            // "EID-PRAYER" would be one): each event needs its own.
            if let other = events.first(where: { SpecialEvent.slug($0.name) == SpecialEvent.slug(name) }) {
                throw t.error("name", other.name == name ? "\(quoted(name)) is the name of another event: each needs its own (it keys what has sounded)"
                    : "\(quoted(name)) is too like \(quoted(other.name)), another event's name: each needs its own letters or digits (they key what has sounded)")
            }
            events.append(SpecialEvent(name: name, dates: dates, times: times, sound: sound, minutes: minutes))
        }
    }
}

extension TableReader {
    /// Exactly one of `date` ("YYYY-MM-DD", or "MM-DD" every year), `hijri` ("MM-DD" every
    /// year, "YYYY-MM-DD" once; with `eve = true` its evening before) and `ramadan_nights = true`.
    func eventDates() throws(ConfigError) -> SpecialEvent.Dates {
        let eve = try bool("eve") ?? false
        if eve, !has("hijri") { throw error("eve", "goes with hijri (the evening before a Hijri date: the takbir on Eid's eve)") }
        let given = ["date", "hijri", "ramadan_nights"].filter(has)
        guard given.count == 1 else {
            throw error(given.count > 1 ? given[1] : "date", given.count > 1
                ? "give one of date, hijri and ramadan_nights, not \(given.joined(separator: " and "))"
                : "is missing: give date = \"YYYY-MM-DD\", hijri = \"MM-DD\" (e.g. \"10-01\" for Eid al-Fitr) or ramadan_nights = true")
        }
        switch given[0] {
        case "ramadan_nights":
            guard try bool("ramadan_nights") == true else { throw error("ramadan_nights", "must be true (or left out)") }
            return .ramadanNights
        case "hijri":
            guard let s = try? string("hijri"), let (y, m, d) = Self.monthDay(s, year: 1300...1600), d <= 30 else {
                throw error("hijri", "must be a quoted Hijri date, \"MM-DD\" every year (\"10-01\": 1 Shawwal) or \"YYYY-MM-DD\" (1300 to 1600)")
            }
            return .hijri(year: y, month: m, day: d, eve: eve)
        default:
            guard let s = try? string("date"), let (y, m, d) = Self.monthDay(s, year: 1900...2100),
                  CivilDate(year: y ?? 2024, month: m, day: d) != nil else {
                throw error("date", "must be a quoted date, \"YYYY-MM-DD\" once or \"MM-DD\" every year")
            }
            return .gregorian(year: y, month: m, day: d)
        }
    }

    /// "MM-DD" (year nil) or "YYYY-MM-DD", month 1-12, day 1-31.
    static func monthDay(_ s: String, year range: ClosedRange<Int>) -> (Int?, Int, Int)? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.suffix(2).allSatisfy({ $0.count == 2 }) else { return nil }
        let n = parts.compactMap { Int($0) }
        guard n.count == parts.count else { return nil }
        let (m, d) = (n[n.count - 2], n[n.count - 1])
        guard (1...12).contains(m), (1...31).contains(d) else { return nil }
        if parts.count == 3 {
            guard parts[0].count == 4, range.contains(n[0]) else { return nil }
            return (n[0], m, d)
        }
        return (nil, m, d)
    }

    /// `times`: one or more of "HH:MM" and "PRAYER+MIN" / "PRAYER-MIN" (after or before that
    /// day's adhan; "isha+20", "fajr-30", "sunrise+20").
    func eventTimes() throws(ConfigError) -> [SpecialEvent.Time] {
        let how = "must be a list of one to \(SpecialEvent.maximumTimes) times, each \"HH:MM\" or a prayer and minutes after or before it (\"isha+20\", \"fajr-30\")"
        guard has("times") else { throw error("times", "is missing: \(how)") }
        guard let list = try? array("times"), (1...SpecialEvent.maximumTimes).contains(list.count) else { throw error("times", how) }
        var out: [SpecialEvent.Time] = []
        for v in list {
            guard let s = v.string, let t = Self.eventTime(s) else { throw error("times", "\(quoted(v.string ?? "\(v)")): \(how)") }
            out.append(t)
        }
        return out
    }

    static func eventTime(_ s: String) -> SpecialEvent.Time? {
        if let m = minutes(s) { return .clock(m) }
        guard let i = s.firstIndex(where: { $0 == "+" || $0 == "-" }) else { return Prayer(rawValue: s).map { .relative($0, 0) } }
        guard let p = Prayer(rawValue: String(s[..<i])), let n = Int(s[s.index(after: i)...]), (0...720).contains(n),
              s[s.index(after: i)...].allSatisfy(\.isNumber) else { return nil }
        return .relative(p, s[i] == "-" ? -n : n)
    }
}
