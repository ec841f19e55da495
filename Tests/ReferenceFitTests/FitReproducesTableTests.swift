import Foundation
import Testing
import PrayerTimes
@testable import ReferenceFit

/// The table in the source is the fit's: a sample of zones fitted again here (the whole fit,
/// `make jakim-zones-check`, takes a minute of a debug build's time) gives the same points and
/// the same figures, row for row (so the fit is also deterministic: the source was made by
/// another run).
@Suite("the JAKIM fit reproduces the table", .enabled(if: FitTables.present, "../shared/reference/authority is absent: skipped"))
struct FitReproducesTableTests {
    /// A lowland zone, a zone with a residual constant (WLY01), a mountain zone with the dip on
    /// its twilight angles (KDH07), Sabah, Sarawak.
    static let sample = ["JHR01", "WLY01", "KDH07", "SBH07", "SWK08"]

    @Test("five zones fitted again: the same points and figures as JakimZone+Table.swift")
    func sample() throws {
        let published = try PublishedTable.jakim(directory: FitTables.directory)
        let bounds = ZoneBounds.jakim.filter { Self.sample.contains($0.code) }
        #expect(bounds.count == Self.sample.count)
        let text = try FitTables.sources.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        for zone in JakimFit.fitAll(bounds, published: published) {
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
}
