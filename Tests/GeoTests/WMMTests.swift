import Foundation
import Testing
@testable import Geo

/// The 12 official test points of the WMM2025 technical report, every printed digit.
@Suite("World Magnetic Model 2025")
struct WMMTests {
    static let rows: [[String]] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/WMM2025_test_values_official.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").map(String.init) }
    }()

    /// Rounds as the report prints: to `decimals` places.
    func printed(_ v: Double, _ decimals: Int) -> String {
        let s = String(format: "%.\(decimals)f", v)
        return s == "-0.0" || s == "-0.00" ? String(s.dropFirst()) : s
    }

    func same(_ ours: Double?, _ theirs: String, _ decimals: Int) -> Bool {
        guard let ours else { return theirs == "NaN" }
        let t = theirs.hasPrefix("-0.") && Double(theirs) == 0 ? String(theirs.dropFirst()) : theirs
        return printed(ours, decimals) == t
    }

    @Test("all 12 official points, every field and rate to its printed precision")
    func officialValues() throws {
        #expect(Self.rows.count == 12)
        for r in Self.rows {
            let v = try #require(Double(r[0])), h = try #require(Double(r[1]))
            let lat = try #require(Double(r[2])), lon = try #require(Double(r[3]))
            let f = MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: h, decimalYear: v)
            let checks: [(String, Double?, String, Int)] = [
                ("X", f.north, r[4], 1), ("Y", f.east, r[5], 1), ("Z", f.down, r[6], 1),
                ("H", f.horizontal, r[7], 1), ("F", f.total, r[8], 1), ("I", f.inclination, r[9], 2),
                ("D", f.declination, r[10], 2), ("GV", f.gridVariation, r[11], 2),
                ("Xdot", f.northRate, r[12], 1), ("Ydot", f.eastRate, r[13], 1), ("Zdot", f.downRate, r[14], 1),
                ("Hdot", f.horizontalRate, r[15], 1), ("Fdot", f.totalRate, r[16], 1),
                ("Idot", f.inclinationRate, r[17], 2), ("Ddot", f.declinationRate, r[18], 2),
            ]
            for (name, ours, theirs, decimals) in checks {
                #expect(same(ours, theirs, decimals),
                        "\(name) at \(r[0]) \(r[1]) km \(lat),\(lon): ours \(ours.map { printed($0, decimals + 2) } ?? "nil"), official \(theirs)")
            }
            #expect(f.valid)
        }
    }

    @Test("outside 2025.0-2030.0 the field is still computed, flagged invalid")
    func validity() {
        let before = MagneticModel.wmm2025.field(latitude: 51.5, longitude: -0.13, heightKm: 0, decimalYear: 2024.9)
        let after = MagneticModel.wmm2025.field(latitude: 51.5, longitude: -0.13, heightKm: 0, decimalYear: 2030.1)
        let inside = MagneticModel.wmm2025.field(latitude: 51.5, longitude: -0.13, heightKm: 0, decimalYear: 2030.0)
        #expect(!before.valid && !after.valid && inside.valid)
        #expect(before.total.isFinite && after.total > 40_000 && after.total < 55_000)
    }

    @Test("the poles and the date line give finite values")
    func edges() {
        for (lat, lon) in [(90.0, 0.0), (-90.0, 0.0), (89.999, 180.0), (0.0, -180.0)] {
            let f = MagneticModel.wmm2025.field(latitude: lat, longitude: lon, heightKm: 0, decimalYear: 2026)
            #expect(f.total.isFinite && f.declination.isFinite && f.inclination.isFinite, "\(lat),\(lon)")
        }
    }
}
