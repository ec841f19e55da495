import Foundation
import TestSupport
import Testing

@Suite("mihrab places search / near")
struct PlacesCommandTests {
    func places(_ args: [String]) throws -> [[String: Any]] {
        let r = try MihrabBinary.run(["places"] + args + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test("search in JSON: the issue's keys; Kuala Lumpur with its JAKIM zone, Doha without one")
    func json() throws {
        let kl = try #require(try places(["search", "Kuala Lumpur", "--limit", "1"]).first)
        #expect(kl["name"] as? String == "Kuala Lumpur")
        #expect(kl["country"] as? String == "MY")
        #expect(abs((kl["latitude"] as? Double ?? 0) - 3.1478) < 0.05)  // Wikipedia: 3°08′52″N 101°41′43″E
        #expect(abs((kl["longitude"] as? Double ?? 0) - 101.6953) < 0.05)
        #expect(kl["zone"] as? String == "Asia/Kuala_Lumpur")
        #expect((kl["population"] as? Int ?? 0) > 1_000_000)
        #expect(kl["method"] as? String == "jakim")
        #expect(kl["jakim_zone"] as? String == "WLY01")
        let doha = try #require(try places(["search", "doha", "--country", "qa", "--limit", "1"]).first)
        #expect(doha["method"] as? String == "qatar")
        #expect(doha["jakim_zone"] is NSNull)
    }

    @Test("search in text: one aligned line a place, London GB before London CA")
    func text() throws {
        let r = try MihrabBinary.run(["places", "search", "London", "--limit", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("London") == true && lines.first?.contains(" GB ") == true)
        #expect(lines.first?.contains("Europe/London") == true && lines.first?.hasSuffix("mwl") == true)
        #expect(lines.last?.contains(" CA ") == true && lines.last?.hasSuffix("isna") == true)
        // Aligned: the zone column starts at the same character on both lines.
        let zoneColumn = zip(lines, ["Europe/", "America/"]).compactMap { line, zone in
            line.range(of: zone).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(zoneColumn.count == 2 && zoneColumn[0] == zoneColumn[1])
    }

    @Test("near: Jakarta for its own position (a negative latitude is a number, not an option)")
    func near() throws {
        let found = try places(["near", "-6.175", "106.8275", "--limit", "3"])
        #expect(found.count == 3)
        #expect(found.first?["name"] as? String == "Jakarta")
        #expect(found.first?["method"] as? String == "kemenag")
    }

    @Test("no place of that name: one line, status 1")
    func none() throws {
        let r = try MihrabBinary.run(["places", "search", "Xyzzyville"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "mihrab: \"Xyzzyville\": no place of that name (GeoNames' places of 15,000 people or more)\n")
    }

    @Test("bad input: one line each, status 64", arguments: [
        (["search", ""], "mihrab: the name is empty"),
        (["search", "Lon\u{7}don"], "mihrab: the name has a control character (U+7)"),
        (["search", String(repeating: "x", count: 101)], "mihrab: the name is 101 characters, more than 100"),
        (["search", "London", "--country", "GBR"], "mihrab: --country 'GBR' is not a country code (two letters, ISO 3166 alpha-2, such as MY)"),
        (["near", "91", "0"], "mihrab: the latitude must be from -90 to 90 degrees (got 91)"),
        (["near", "0", "east"], "mihrab: the longitude 'east' is not a number"),
        (["search", "London", "--limit", "0"], "mihrab: --limit must be from 1 to 1000 (got 0)"),
    ])
    func badInput(_ args: [String], _ line: String) throws {
        let r = try MihrabBinary.run(["places"] + args)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == line + "\n")
    }

    @Test("a table that is not there or not one: one line naming the file")
    func badTable() throws {
        let missing = try MihrabBinary.run(["places", "search", "London", "--places", "/nonexistent/places.tsv"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("mihrab: /nonexistent/places.tsv: no table of places there"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
        let foreign = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString).tsv").path
        try "London\t51.5\t-0.12\n".write(toFile: foreign, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: foreign) }
        let r = try MihrabBinary.run(["places", "search", "London", "--places", foreign])
        #expect(r.status == 65)
        #expect(r.stderr == "mihrab: \(foreign):1: not a table of places (its first line does not start with '#mihrab-places 1')\n")
    }
}
