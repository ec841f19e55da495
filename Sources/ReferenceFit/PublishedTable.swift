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

    public init() {}

    /// JAKIM's e-Solat table as the Malaysia Waktu Solat Dataset has it
    /// (`zone,date,day,imsak,subuh,syuruk,dhuha,zohor,asar,maghrib,isyak`, times HH:MM) and
    /// its `zones.csv` (`zone,state,location`).
    public static func jakim(directory: String) throws(FitError) -> PublishedTable {
        var out = PublishedTable()
        let times = try readText(directory + "/prayer_times_2025.csv")
        let columns: [(Int, Prayer)] = [(4, .fajr), (5, .sunrise), (7, .dhuhr), (8, .asr), (9, .maghrib), (10, .isha)]
        for (n, line) in times.split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let f = csvFields(line)
            guard f.count >= 11, let date = CivilDate(iso: f[1]) else {
                throw FitError("\(directory)/prayer_times_2025.csv:\(n + 1): not a zone's day of times")
            }
            var minutes = PerPrayer<Int?>(repeating: nil)
            for (i, prayer) in columns { minutes[prayer] = minuteOfDay(f[i]) }
            out.zones[f[0], default: []].append(Day(date: date, minutes: minutes))
        }
        let zones = try readText(directory + "/zones.csv")
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
