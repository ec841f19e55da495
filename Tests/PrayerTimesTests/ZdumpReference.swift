import Foundation
@testable import PrayerTimes

/// The TZif files the time-zone tests read (tzdata 2026f from Debian, Fixtures/zoneinfo/README.md):
/// shipped with the tests, so that they do not depend on the machine's tzdata.
enum ZoneFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/zoneinfo").path

    static func load(_ zone: String) throws -> ZoneRules { try ZoneRules.load(zone, directory: directory) }
}

/// Transitions of a zone as `zdump -v` reports them (glibc's reading of the same TZif
/// file, independent of ours): for each, the UT instant and the offset then. zdump is given
/// the file's absolute path, so both sides read the same data whatever the machine's tzdata.
enum ZdumpReference {
    struct Line { let unix: Double; let offset: Int; let isDST: Bool }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `zone` read from `directory` (the fixtures unless told otherwise); lines from
    /// `fromYear` up to `toYear` (exclusive, as zdump's -c), nothing else zdump prints.
    static func lines(zone: String, fromYear: Int, toYear: Int,
                      directory: String = ZoneFixtures.directory) throws -> [Line] {
        let path = directory + "/" + zone
        guard FileManager.default.fileExists(atPath: path) else { throw ZoneRules.LoadError.notFound(zone) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zdump")
        p.arguments = ["-v", "-c", "\(fromYear),\(toYear)", path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        var result = [Line]()
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // "/…/Europe/London  Sun Mar 29 00:59:59 2026 UT = Sun Mar 29 00:59:59 2026 GMT isdst=0 gmtoff=0"
            guard raw.hasPrefix(path) else { continue }
            let f = raw.dropFirst(path.count).split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 13, f[5] == "UT", let month = months.firstIndex(of: String(f[1])),
                  let day = Int(f[2]), let year = Int(f[4]), (fromYear..<toYear).contains(year),
                  let date = CivilDate(year: year, month: month + 1, day: day) else { continue }
            let hms = f[3].split(separator: ":").compactMap { Int($0) }
            guard hms.count == 3,
                  let off = f.last.flatMap({ $0.hasPrefix("gmtoff=") ? Int($0.dropFirst(7)) : nil }),
                  let dst = f.dropLast().last.flatMap({ $0.hasPrefix("isdst=") ? Int($0.dropFirst(6)) : nil })
            else { continue }
            result.append(Line(unix: date.unixMidnight + Double(hms[0] * 3600 + hms[1] * 60 + hms[2]),
                               offset: off, isDST: dst == 1))
        }
        return result
    }
}
