// fit-reference-points: fits every JAKIM zone's reference points to JAKIM's own table and
// writes them as the source of `JakimZone.table` (`make jakim-zones`).
//
//   fit-reference-points [--table DIR] [--output DIR] [--check] [--zone CODE ...]
//
// --table: the folder of prayer_times_2025.csv and zones.csv (../shared/reference/authority/jakim).
// --output: the table's folder (Sources/PrayerTimes/Zones: JakimZone+Table.swift and its regions' rows).
// --check: write nothing; exit 1 if the fit differs from the files there.
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
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--table", "--output", "--zone":
        guard let v = args.popFirst() else { fail("\(a) needs a value", 64) }
        if a == "--table" { table = v } else if a == "--output" { output = v } else { only.append(v.uppercased()) }
    case "--check": check = true
    default: fail("unknown argument \(a)", 64)
    }
}

do {
    let published = try PublishedTable.jakim(directory: table)
    let bounds = ZoneBounds.jakim.filter { only.isEmpty || only.contains($0.code) }
    let missing = Set(published.zones.keys).subtracting(ZoneBounds.jakim.map(\.code))
    guard missing.isEmpty else { fail("zones in the table without a box: \(missing.sorted().joined(separator: ", "))", 1) }
    let fits = JakimFit.fitAll(bounds, published: published)
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
