import Foundation
import Places
import Testing

@Suite("Places: the table's file, missing or corrupt")
struct TableFileTests {
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("places-\(UUID().uuidString).tsv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let header = "#mihrab-places 1\tGeoNames cities15000 (test)\n"
    static let kl = "Kuala Lumpur\tkuala lumpur\t\t\tMY\t3.1412\t101.6865\tAsia/Kuala_Lumpur\t1453975\t14\t\n"

    @Test("the default path is a table: installed, or the source tree's")
    func defaultPath() throws {
        let path = PlaceTable.defaultPath
        #expect(path == PlaceTable.installedPath || path.hasSuffix("/board/places/places.tsv"))
        _ = try PlaceTable.open(path: path)
    }

    @Test("a missing file, a directory, a file that is not a table: one error naming it")
    func notThere() throws {
        #expect(throws: PlaceError.missing(path: "/nonexistent/places.tsv")) { try PlaceTable.open(path: "/nonexistent/places.tsv") }
        #expect(throws: PlaceError.notAFile(path: "/tmp")) { try PlaceTable.open(path: "/tmp") }
        let foreign = try file("name\tlat\tlon\n")
        defer { try? FileManager.default.removeItem(atPath: foreign) }
        #expect(throws: PlaceError.corrupt(path: foreign, line: 1, reason: "not a table of places (its first line does not start with '#mihrab-places 1')")) {
            try PlaceTable.open(path: foreign)
        }
        #expect(PlaceError.missing(path: "/x").description == "/x: no table of places there (the package installs it at /usr/share/mihrab/places.tsv)")
    }

    @Test("a line with a field too few, or a latitude that is not one: an error naming the file and line")
    func corrupt() throws {
        let short = try file(Self.header + Self.kl + "Ipoh\tipoh\t\tMY\t4.5841\t101.0829\tAsia/Kuala_Lumpur\t673318\t07\t\n")
        defer { try? FileManager.default.removeItem(atPath: short) }
        let table = try PlaceTable.open(path: short)
        #expect(throws: PlaceError.corrupt(path: short, line: 3, reason: "10 fields, not 11")) { try table.search("Ipoh") }
        let badLatitude = try file(Self.header + Self.kl.replacingOccurrences(of: "3.1412", with: "north"))
        defer { try? FileManager.default.removeItem(atPath: badLatitude) }
        #expect(throws: PlaceError.corrupt(path: badLatitude, line: 2, reason: "latitude 'north' is not a number from -90 to 90")) {
            try PlaceTable.open(path: badLatitude).search("Kuala")
        }
    }

    @Test("a small table of its own: found, with the method and zone made for it; a last line without its newline counts")
    func small() throws {
        let path = try file(Self.header + String(Self.kl.dropLast()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let found = try PlaceTable.open(path: path).search("kuala")
        #expect(found == [Place(name: "Kuala Lumpur", country: "MY", latitude: 3.1412, longitude: 101.6865, zone: "Asia/Kuala_Lumpur",
                                population: 1_453_975, method: "jakim", jakimZone: "WLY01", localName: nil)])
    }

    @Test("JSON: the issue's keys, jakim_zone and local_name null where there is none")
    func json() throws {
        let place = Place(name: "Doha", country: "QA", latitude: 25.2867, longitude: 51.5333, zone: "Asia/Qatar", population: 344939, method: "qatar")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(place), as: UTF8.self)
        #expect(text == #"{"country":"QA","jakim_zone":null,"latitude":25.2867,"local_name":null,"longitude":51.5333,"method":"qatar","name":"Doha","population":344939,"zone":"Asia/Qatar"}"#)
        #expect(try JSONDecoder().decode(Place.self, from: Data(text.utf8)) == place)
    }
}
