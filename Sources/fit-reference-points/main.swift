// fit-reference-points: fits every JAKIM zone's reference points to JAKIM's own table and
// writes them as the source of `JakimZone.table` (`make jakim-zones`).
//
//   fit-reference-points [--table DIR] [--output DIR] [--check] [--zone CODE ...]
//
// --table: the folder of prayer_times_2025.csv and zones.csv (../shared/reference/authority/jakim):
// JAKIM's 2026 table (PublishedTable.tableYear).
// --output: the table's folder (Sources/PrayerTimes/Zones: JakimZone+Table.swift and its regions' rows).
// --check: write nothing; exit 1 if the fit differs from the files there.
// --years DIR --verify YEAR ...: each zone's fit, as made, checked against the tables of other
// years in DIR (prayer_times_YEAR.csv, board/jakim/other-years.py): its figures per year.
// --pool YEAR ...: fit each zone over those years of DIR too, where that still meets the goal on
// the table's own year (`make jakim-zones` pools 2024 and 2025).
// --zone: fit only these zones and print their points and the days more than a minute off
// (nothing written); with FIT_DAYS=asr (a time's name) also each day's difference.
import Foundation
import PrayerTimes
import ReferenceFit

func fail(_ message: String, _ code: Int32) -> Never {
    FileHandle.standardError.write(Data("fit-reference-points: \(message)\n".utf8))
    exit(code)
}

var table = "../shared/reference/authority/jakim"
var output = "Sources/PrayerTimes/Zones"
var check = false
var only: [String] = []
var verifyYears: [Int] = []
var poolYears: [Int] = []
var yearsDirectory = ""
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--table", "--output", "--zone":
        guard let v = args.popFirst() else { fail("\(a) needs a value", 64) }
        if a == "--table" { table = v } else if a == "--output" { output = v } else { only.append(v.uppercased()) }
    case "--check": check = true
    case "--years":
        guard let v = args.popFirst() else { fail("--years needs a folder", 64) }
        yearsDirectory = v
    case "--pool":
        guard let v = args.popFirst(), let y = Int(v) else { fail("--pool needs a year", 64) }
        poolYears.append(y)
    case "--verify":
        guard let v = args.popFirst(), let y = Int(v) else { fail("--verify needs a year", 64) }
        verifyYears.append(y)
    default: fail("unknown argument \(a)", 64)
    }
}

do {
    let published = try PublishedTable.jakim(directory: table)
    guard published.slips.isEmpty else { fail("the table's times out of their hours: \(published.slips)", 1) }
    let bounds = ZoneBounds.jakim.filter { only.isEmpty || only.contains($0.code) }
    let missing = Set(published.zones.keys).subtracting(ZoneBounds.jakim.map(\.code))
    guard missing.isEmpty else { fail("zones in the table without a box: \(missing.sorted().joined(separator: ", "))", 1) }
    var others: [Int: PublishedTable] = [:]
    for year in poolYears { others[year] = try PublishedTable.jakim(directory: yearsDirectory, year: year, as: nil) }
    let fits = JakimFit.fitAll(bounds, published: published, others: others)
    for zone in fits {
        print(JakimFit.summary(zone))
        if !only.isEmpty {
            for prayer in Prayer.allCases {
                let e = zone.events[prayer]
                print("  \(prayer.rawValue): \(ZoneTableWriter.point(e.point)) \(e.rule ?? "") missed \(e.missed.prefix(6).map { "\($0)" }.joined(separator: " "))")
                if ProcessInfo.processInfo.environment["FIT_DAYS"] == prayer.rawValue {
                    print("    " + JakimFit.differences(zone, prayer, published: published).joined(separator: " "))
                }
            }
        }
    }
    var years: [String] = []
    for year in verifyYears {
        var shortOf: [String] = []
        let other = try PublishedTable.jakim(directory: yearsDirectory, year: year, as: nil)
        let fitter = PointFitter(method: .jakim, utcOffset: JakimFit.utcOffset)
        var absent: [String] = []
        for zone in fits {
            guard other.zones[zone.code]?.isEmpty == false else {
                absent.append(zone.code)
                continue
            }
            let derived = zone.base.flatMap { b in fits.first { $0.code == b } }.map { DerivedTimes(base: $0.points) }
            let events = fitter.verify(zone.points, derived: derived, days: other.zones[zone.code] ?? [], seasons: zone.seasons)
            let fit = ZoneFit(code: zone.code, events: events, base: zone.base)
            let short = Prayer.allCases.filter { !PointFitter.meetsGoal(events[$0].fit) }
            if !short.isEmpty { shortOf.append(zone.code) }
            print("\(year) \(JakimFit.summary(fit))\(short.isEmpty ? "" : " SHORT")")
            for prayer in short { print("   \(prayer.rawValue): \(events[prayer].missed.map { "\($0)" }.joined(separator: " "))") }
        }
        let slips = other.slips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let checked = fits.count - absent.count
        years.append("\(year): \(checked - shortOf.count) of \(checked) zones meet the goal"
                     + (absent.isEmpty ? "" : " (not in its table: \(absent.joined(separator: " ")))")
                     + (shortOf.isEmpty ? "" : "; short: \(shortOf.joined(separator: " "))")
                     + (slips.isEmpty ? "" : "; the table's slips left out: \(slips.joined(separator: ", "))"))
    }
    for line in years { print(line) }
    if !only.isEmpty { exit(0) }
    for (file, text) in ZoneTableWriter.render(fits, names: published.names) {
        let path = output + "/" + file
        if check {
            let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if current != text { fail("\(path) differs from the fit", 1) }
            print("\(path) is the fit's, byte for byte")
        } else {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            print("wrote \(path)")
        }
    }
} catch {
    fail("\(error)", 1)
}
