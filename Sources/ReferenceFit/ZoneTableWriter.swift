import Foundation
import PrayerTimes

/// The fitted zones as Swift source: `JakimZone+Table.swift` (the source, the errata, the
/// whole table) and one file of rows for each of three regions, each under 300 lines.
public enum ZoneTableWriter {
    /// The regions' files: their name, the table's member, the states' code prefixes.
    static let regions: [(file: String, member: String, prefixes: [String])] = [
        ("JakimZone+North.swift", "north", ["KDH", "KTN", "PLS", "PNG", "PRK", "TRG"]),
        ("JakimZone+South.swift", "south", ["JHR", "MLK", "NGS", "PHG", "SGR", "WLY01"]),
        ("JakimZone+Borneo.swift", "borneo", ["SBH", "SWK", "WLY02"]),
    ]

    /// Each file's name (in `Sources/PrayerTimes/Zones`) and text.
    public static func render(_ fits: [ZoneFit], names: [String: (state: String, area: String)]) -> [(file: String, text: String)] {
        var head = """
        // Made by fit-reference-points (Sources/fit-reference-points, `make jakim-zones`): do not edit.
        // Fitted to JAKIM's e-Solat table of 2026, every day of every zone: the Malaysia Waktu Solat
        // Dataset (github abualif120/malaysia-waktu-solat-dataset, commit db916d0, a compilation of
        // JAKIM's e-solat portal, May 2026), licence CC BY 4.0, whose files for 2020 to 2027 all hold
        // that table; zones' states and places from its zones.csv. Where a row's years say so, also
        // to JAKIM's tables of those years as fetched at each year's start (github
        // ruqqq/prayertimes-database, commit a474760, GPL-3.0, read by `make jakim-zones`, not
        // copied); the figures are 2026's. Kedah's derived zones follow JAKIM's takwim
        // (JakimTakwimTable.swift).
        // Each time: its point (latitude, longitude, height m; dip: the height's dip also on the
        // twilight angle; adjust: seconds added where no point of the zone's box fits) and its fit
        // (days, within 1 min, within 2, worst minutes). The rows: \(regions.map(\.file).joined(separator: ", ")).

        """
        for e in TableErratum.jakim2026 {
            let times = e.times.map { " (\($0.map(\.rawValue).joined(separator: ", ")))" } ?? ""
            head += "// Left out, the table's own error: \(e.zone)\(times) \(e.from) to \(e.to), \(e.why).\n"
        }
        head += "extension JakimZone {\n    static let table: [JakimZone] = (\(regions.map(\.member).joined(separator: " + ")))\n"
        head += "        .sorted { $0.code < $1.code }\n}\n"
        var files = [(file: "JakimZone+Table.swift", text: head)]
        for region in regions {
            var out = "// Made by fit-reference-points: do not edit (the source and the columns: JakimZone+Table.swift).\n"
            out += "extension JakimZone {\n    static let \(region.member): [JakimZone] = [\n"
            for zone in fits.sorted(by: { $0.code < $1.code }) where region.prefixes.contains(where: zone.code.hasPrefix) {
                out += row(zone, names: names)
            }
            files.append((region.file, out + "    ]\n}\n"))
        }
        return files
    }

    /// One zone's row.
    static func row(_ zone: ZoneFit, names: [String: (state: String, area: String)]) -> String {
        let name = names[zone.code] ?? ("", "")
        var out = "        row(\(literal(zone.code)), \(literal(name.state)), \(literal(name.area)),\n"
        for prayer in Prayer.allCases {
            let e = zone.events[prayer]
            out += "            \(prayer.rawValue): (\(point(e.point)), .init(\(e.fit.days), \(e.fit.withinOne), \(e.fit.withinTwo), \(e.fit.worst)))"
            out += prayer == .isha ? "" : ",\n"
        }
        let rules = Prayer.allCases.compactMap { p in zone.events[p].rule.map { "\(p.rawValue): \($0)" } }
        if !rules.isEmpty { out += ",\n            residual: \(literal(rules.joined(separator: "; ")))" }
        out += ",\n            years: [\(zone.years.map(String.init).joined(separator: ", "))]"
        if let base = zone.base { out += ",\n            base: \(literal(base))" }
        if !zone.seasons.isEmpty {
            out += ",\n            seasons: [" + zone.seasons.map(season).joined(separator: ", ") + "]"
        }
        return out + "),\n"
    }

    /// A season as the row's source: its time, months, height, reason and years.
    static func season(_ s: PointSeason) -> String {
        ".init(prayer: .\(s.prayer.rawValue), months: \(s.months.lowerBound)...\(s.months.upperBound), elevation: \(Int(s.elevation)),\n"
            + "                     why: \(literal(s.why)),\n"
            + "                     seen: [\(s.seen.map(String.init).joined(separator: ", "))])"
    }

    public static func point(_ p: ReferencePoint) -> String {
        var s = ".init(\(decimal(p.coordinates.latitude)), \(decimal(p.coordinates.longitude)), \(Int(p.coordinates.elevation))"
        if p.dipOnTwilight { s += ", dip: true" }
        if p.adjustmentSeconds != 0 { s += ", adjust: \(Int(p.adjustmentSeconds))" }
        return s + ")"
    }

    /// Four decimals, without Foundation's locale.
    static func decimal(_ v: Double) -> String {
        let n = Int((v * 1e4).rounded())
        let whole = n / 10_000, frac = abs(n % 10_000)
        let f = String(frac)
        return "\(n < 0 && whole == 0 ? "-" : "")\(whole).\(String(repeating: "0", count: 4 - f.count))\(f)"
    }

    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
