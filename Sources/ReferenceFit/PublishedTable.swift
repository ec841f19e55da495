import Foundation
import PrayerTimes

/// An authority's published times: for each zone, each day's minute of the day (local) of
/// each of the six times the table has.
public struct PublishedTable: Sendable {
    public struct Day: Sendable {
        public let date: CivilDate
        public let minutes: PerPrayer<Int?>

        public init(date: CivilDate, minutes: PerPrayer<Int?>) {
            self.date = date
            self.minutes = minutes
        }
    }

    public var zones: [String: [Day]] = [:]
    /// Each zone's state and the places it covers.
    public var names: [String: (state: String, area: String)] = [:]
    /// Each zone's times left out as the table's slips: outside the hours the time can have
    /// anywhere in Malaysia (a Maghrib of 06:58 written on a 12-hour clock, a Subuh of 15:20).
    public var slips: [String: Int] = [:]
    /// The hours each time can have in Malaysia (UTC+8, 99.6 to 119.3 degrees east, 1 to 7
    /// degrees north), with an hour to spare: minutes of the day.
    static let plausible: PerPrayer<ClosedRange<Int>> = {
        var p = PerPrayer(repeating: 0...0)
        (p.fajr, p.sunrise, p.dhuhr) = (4 * 60...6 * 60 + 45, 5 * 60 + 30...7 * 60 + 45, 11 * 60 + 45...13 * 60 + 45)
        (p.asr, p.maghrib, p.isha) = (14 * 60 + 45...17 * 60, 17 * 60 + 30...19 * 60 + 45, 18 * 60 + 45...21 * 60)
        return p
    }()

    public init() {}

    /// The year of JAKIM's table in `../shared/reference/authority/jakim/prayer_times_2025.csv`.
    public static let tableYear = 2026

    /// JAKIM's e-Solat table as the Malaysia Waktu Solat Dataset has it
    /// (`zone,date,day,imsak,subuh,syuruk,dhuha,zohor,asar,maghrib,isyak`, times HH:MM) and
    /// its `zones.csv` (`zone,state,location`).
    ///
    /// `year`: the file's (`prayer_times_YEAR.csv`); `as`: the year its days are of. The
    /// dataset's files for 2020 to 2027 hold one table, the same times on the same dates
    /// each year: JAKIM's 2026 table, as e-Solat served it on the day of the snapshot
    /// (May 2026). Its "2025" is read as 2026 (`tableYear`).
    public static func jakim(directory: String, year: Int = 2025, as actual: Int? = tableYear) throws(FitError) -> PublishedTable {
        var out = PublishedTable()
        let file = "\(directory)/prayer_times_\(year).csv"
        let times = try readText(file)
        let columns: [(Int, Prayer)] = [(4, .fajr), (5, .sunrise), (7, .dhuhr), (8, .asr), (9, .maghrib), (10, .isha)]
        for (n, line) in times.split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let f = csvFields(line)
            guard f.count >= 11, let read = CivilDate(iso: f[1]),
                  let date = actual.map({ CivilDate(year: $0, month: read.month, day: read.day) }) ?? read else {
                throw FitError("\(file):\(n + 1): not a zone's day of times")
            }
            var minutes = PerPrayer<Int?>(repeating: nil)
            for (i, prayer) in columns {
                guard let m = minuteOfDay(f[i]) else { continue }
                if plausible[prayer].contains(m) { minutes[prayer] = m } else { out.slips[f[0], default: 0] += 1 }
            }
            out.zones[f[0], default: []].append(Day(date: date, minutes: minutes))
        }
        // The zones' names are the table's, or (a folder of other years) none.
        let names = directory + "/zones.csv"
        guard FileManager.default.fileExists(atPath: names) || actual == nil else { throw FitError("\(names): missing") }
        let zones = FileManager.default.fileExists(atPath: names) ? try readText(names) : ""
        for line in zones.split(whereSeparator: \.isNewline).dropFirst() {
            let f = csvFields(line)
            if f.count >= 3 { out.names[f[0]] = (f[1], f[2]) }
        }
        return out
    }

    static func minuteOfDay(_ s: String) -> Int? {
        let parts = s.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// A CSV line's fields, with double-quoted fields that hold commas.
    static func csvFields(_ line: Substring) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        for c in line {
            if c == "\"" { quoted.toggle() } else if c == "," && !quoted { fields.append(field); field = "" } else { field.append(c) }
        }
        fields.append(field)
        return fields.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A text file of at most 16 MB.
    static func readText(_ path: String) throws(FitError) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw FitError("\(path): cannot be read") }
        guard size <= 16 << 20 else { throw FitError("\(path): \(size) bytes, more than a table's 16 MB") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw FitError("\(path): cannot be read as UTF-8 text")
        }
        return text
    }
}

public struct FitError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
