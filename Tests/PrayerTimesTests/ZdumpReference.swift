import Foundation
@testable import PrayerTimes

/// Transitions of a zone as the system's `zdump -v` reports them (glibc's reading of
/// the same tzdata, independent of ours): for each, the UT instant and the offset then.
enum ZdumpReference {
    struct Line { let unix: Double; let offset: Int; let isDST: Bool }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func lines(zone: String, fromYear: Int, toYear: Int) throws -> [Line] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zdump")
        p.arguments = ["-v", "-c", "\(fromYear),\(toYear)", zone]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        var result = [Line]()
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // "Europe/London  Sun Mar 29 00:59:59 2026 UT = Sun Mar 29 00:59:59 2026 GMT isdst=0 gmtoff=0"
            let f = raw.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 14, f[6] == "UT", let month = months.firstIndex(of: String(f[2])),
                  let day = Int(f[3]), let year = Int(f[5]),
                  let date = CivilDate(year: year, month: month + 1, day: day) else { continue }
            let hms = f[4].split(separator: ":").compactMap { Int($0) }
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
