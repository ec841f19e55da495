import Foundation
import Testing
import PrayerTimes
@testable import ReferenceFit

/// The table in the source is the fit's: a sample of zones fitted again here (the whole fit,
/// `make jakim-zones-check`, takes a minute of a debug build's time) gives the same points and
/// the same figures, row for row (so the fit is also deterministic: the source was made by
/// another run). The table was fitted over JAKIM's 2024 and 2025 tables too, which are not in
/// the tree (`make jakim-years` fetches them into .build): without them the sample is fitted
/// on 2026 alone and must meet the goal there.
@Suite("the JAKIM fit reproduces the table", .enabled(if: FitTables.present, "../shared/reference/authority is absent: skipped"))
struct FitReproducesTableTests {
    /// A lowland zone, a zone with a residual constant (WLY01), a mountain zone with the dip on
    /// its twilight angles (KDH07), Sabah, Sarawak.
    static let sample = ["JHR01", "WLY01", "KDH07", "SBH07", "SWK08"]

    @Test("five zones fitted again over 2024 to 2026: the same points and figures as JakimZone+Table.swift",
          .enabled(if: FitTables.yearsPresent, "JAKIM's 2024 and 2025 tables are not in .build/jakim-years (make jakim-years): skipped"))
    func sample() throws {
        let published = try PublishedTable.jakim(directory: FitTables.directory)
        var others: [Int: PublishedTable] = [:]
        for year in [2024, 2025] { others[year] = try PublishedTable.jakim(directory: FitTables.years, year: year, as: nil) }
        let bounds = ZoneBounds.jakim.filter { Self.sample.contains($0.code) }
        #expect(bounds.count == Self.sample.count)
        let text = try FitTables.sources.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        for zone in JakimFit.fitAll(bounds, published: published, others: others) {
            let row = ZoneTableWriter.row(zone, names: published.names)
                .components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(row.count >= 7)
            for line in row { #expect(text.contains(line + "\n"), "\(zone.code): \(line) is not the source's") }
            let table = try #require(JakimZone.named(zone.code))
            for prayer in Prayer.allCases {
                #expect(zone.events[prayer].point == table.points[prayer], "\(zone.code) \(prayer)")
                #expect(zone.events[prayer].fit == table.fit[prayer], "\(zone.code) \(prayer)")
            }
        }
    }

    @Test("five zones fitted on JAKIM's 2026 table alone: every time meets the goal there, and a second fit is the same")
    func alone() throws {
        let published = try PublishedTable.jakim(directory: FitTables.directory)
        let bounds = ZoneBounds.jakim.filter { Self.sample.contains($0.code) }
        let first = JakimFit.fitAll(bounds, published: published), second = JakimFit.fitAll(bounds, published: published)
        #expect(first.map(\.code) == Self.sample.sorted())
        for (a, b) in zip(first, second) {
            #expect(a.years == [2026])
            for prayer in Prayer.allCases {
                #expect(PointFitter.meetsGoal(a.events[prayer].fit), "\(a.code) \(prayer): \(a.events[prayer].fit)")
                #expect(a.events[prayer].fit.days >= 361, "\(a.code) \(prayer)")
                #expect(a.events[prayer].point == b.events[prayer].point && a.events[prayer].fit == b.events[prayer].fit)
            }
        }
    }

    @Test("every zone of the table has a box")
    func boxes() throws {
        let published = try PublishedTable.jakim(directory: FitTables.directory)
        #expect(Set(published.zones.keys) == Set(ZoneBounds.jakim.map(\.code)))
        #expect(published.zones.count == 60)
    }
}

enum FitTables {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = root.deletingLastPathComponent().appendingPathComponent("shared/reference/authority/jakim").path
    /// The table's files, its header and its regions' rows.
    static let sources = ["Table", "North", "South", "Borneo"].map {
        root.appendingPathComponent("Sources/PrayerTimes/Zones/JakimZone+\($0).swift").path
    }
    static var present: Bool { FileManager.default.fileExists(atPath: directory + "/prayer_times_2025.csv") }
    /// JAKIM's tables of other years, as `make jakim-years` leaves them.
    static let years = root.appendingPathComponent(".build/jakim-years").path
    static var yearsPresent: Bool {
        [2024, 2025].allSatisfy { FileManager.default.fileExists(atPath: years + "/prayer_times_\($0).csv") }
    }
}
