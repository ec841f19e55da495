import Foundation
import Testing
import PrayerTimes
@testable import ReferenceFit

/// Reading JAKIM's tables: the shared file's days as 2026's, other years' as they are, the
/// tables' slips left out and counted, a folder of other years without zones.csv.
@Suite("published tables")
struct PublishedTableTests {
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("published-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir.path
    }

    static let header = "zone,date,day,imsak,subuh,syuruk,dhuha,zohor,asar,maghrib,isyak\n"

    @Test("the dataset's file named 2025 is read as 2026's days; another year's file keeps its dates")
    func years() throws {
        let row = "WLY01,2025-03-01,Saturday,05:59,06:09,07:21,07:48,13:25,16:33,19:25,20:35\n"
        let dir = try Self.folder(["prayer_times_2025.csv": Self.header + row, "zones.csv": "zone,state,location\nWLY01,KL,\"Kuala Lumpur, Putrajaya\"\n"])
        let shared = try PublishedTable.jakim(directory: dir)
        #expect(shared.zones["WLY01"]?.first?.date == CivilDate(year: 2026, month: 3, day: 1))
        #expect(shared.zones["WLY01"]?.first?.minutes.asr == 16 * 60 + 33)
        #expect(shared.names["WLY01"]?.area == "Kuala Lumpur, Putrajaya")
        let asIs = try PublishedTable.jakim(directory: dir, year: 2025, as: nil)
        #expect(asIs.zones["WLY01"]?.first?.date == CivilDate(year: 2025, month: 3, day: 1))
    }

    @Test("a time outside its hours is the table's slip: left out and counted (a 12-hour clock's Maghrib, a Subuh of 15:20)")
    func slips() throws {
        let rows = "NGS01,2025-10-08,,,05:42,06:55,,13:00,04:13,06:58,08:07\n"
            + "SBH08,2025-04-03,,,15:20,05:58,,12:05,15:20,18:12,19:21\n"
            + "NGS01,2025-10-07,,,05:42,06:55,,13:00,16:14,18:59,20:08\n"
        let dir = try Self.folder(["prayer_times_2025.csv": Self.header + rows])
        let table = try PublishedTable.jakim(directory: dir, year: 2025, as: nil)
        #expect(table.slips == ["NGS01": 3, "SBH08": 1])
        let ngs = try #require(table.zones["NGS01"])
        #expect(ngs[0].minutes.asr == nil && ngs[0].minutes.maghrib == nil && ngs[0].minutes.isha == nil)
        #expect(ngs[0].minutes.fajr == 5 * 60 + 42 && ngs[1].minutes.maghrib == 18 * 60 + 59)
        #expect(table.zones["SBH08"]?.first?.minutes.fajr == nil && table.zones["SBH08"]?.first?.minutes.asr == 15 * 60 + 20)
        #expect(table.names.isEmpty)
    }

    @Test("the table itself needs its zones.csv; a bad row is refused with its file and line")
    func refusals() throws {
        let good = try Self.folder(["prayer_times_2025.csv": Self.header + "WLY01,2025-03-01,,,06:09,07:21,,13:25,16:33,19:25,20:35\n"])
        do {
            _ = try PublishedTable.jakim(directory: good)
            Issue.record("the table was read without its zones")
        } catch {
            #expect(error.description == "\(good)/zones.csv: missing")
        }
        let dir = try Self.folder(["prayer_times_2025.csv": Self.header + "WLY01,2025-13-01,,,05:00,06:00,,13:00,16:00,19:00,20:00\n"])
        do {
            _ = try PublishedTable.jakim(directory: dir, year: 2025, as: nil)
            Issue.record("a month 13 was read")
        } catch {
            #expect(error.description == "\(dir)/prayer_times_2025.csv:2: not a zone's day of times")
        }
    }
}
