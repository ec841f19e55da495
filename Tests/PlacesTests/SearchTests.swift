import Places
import Testing

@Suite("Places: the match, its order, and bad questions")
struct SearchTests {
    let table: PlaceTable

    init() throws { table = try PlaceTable.open(path: PlaceTable.defaultPath) }

    @Test("in Arabic script: القاهرة is Cairo; alef forms, ta marbuta and harakat aside")
    func arabic() throws {
        let cairo = try #require(try table.search("القاهرة").first)
        #expect(cairo.name == "Cairo" && cairo.country == "EG")
        #expect(cairo.localName == "القاهرة")
        // الإسكندرية written without its hamza, and القاهرة with a ه for its ة and a fatha.
        #expect(try table.search("الاسكندرية").first?.name == "Alexandria")
        #expect(try table.search("القَاهره").first?.name == "Cairo")
        #expect(try table.search("الرياض").first?.name == "Riyadh")
    }

    @Test("accents and case aside: İstanbul, ISTANBUL, Montréal, montreal, São Paulo")
    func accents() throws {
        for query in ["İstanbul", "ISTANBUL", "istanbul"] {
            let first = try #require(try table.search(query).first)
            #expect(first.name == "Istanbul" && first.country == "TR", "\(query)")
        }
        for query in ["Montréal", "montreal", "MONTREAL"] {
            let first = try #require(try table.search(query).first)
            #expect(first.name == "Montréal" && first.country == "CA", "\(query)")
        }
        #expect(try table.search("sao paulo").first?.name == "São Paulo")
        #expect(try table.search("Düsseldorf").first?.name == "Düsseldorf")
        #expect(try table.search("dusseldorf").first?.name == "Düsseldorf")
    }

    @Test("a large place by another of its names: Mecca is GeoNames' Makkah, Medina its Madinah (before the Medinas of Ohio and Brazil)")
    func otherNames() throws {
        #expect(try table.search("Mecca", limit: 1).first.map { [$0.name, $0.country] } == ["Makkah", "SA"])
        #expect(try table.search("Medina", limit: 1).first.map { [$0.name, $0.country] } == ["Madinah", "SA"])
        #expect(try table.search("Makkah", limit: 1).first?.name == "Makkah")
    }

    @Test("exact names first, then by population: London GB before London CA, then Londonderry")
    func order() throws {
        let found = try table.search("london", limit: 5)
        #expect(found.prefix(2).map(\.country) == ["GB", "CA"])
        #expect(found.prefix(2).allSatisfy { $0.name == "London" })
        #expect(found.dropFirst(2).allSatisfy { $0.name.lowercased().hasPrefix("london") && $0.name != "London" })
        // A prefix counts, the most populous first.
        let kuala = try table.search("Kuala", country: "MY", limit: 3)
        #expect(kuala.first?.name == "Kuala Lumpur")
        #expect(kuala.count == 3)
        #expect(zip(kuala, kuala.dropFirst()).allSatisfy { $0.population >= $1.population })
    }

    @Test("--country keeps that country's places only, any case")
    func country() throws {
        let ca = try table.search("London", country: "ca")
        #expect(ca.first?.country == "CA")
        #expect(ca.allSatisfy { $0.country == "CA" })
        #expect(try table.search("London", limit: 1).first?.country == "GB")
    }

    @Test("a place that doesn't exist: nothing")
    func none() throws {
        #expect(try table.search("Xyzzyville").isEmpty)
        #expect(try table.search("Kuala Lumpur", country: "GB").isEmpty)
    }

    @Test("bad questions: an empty name, a control character, over 100 characters, a country not two letters, a latitude out of range")
    func badInput() throws {
        #expect(throws: PlaceError.badName("is empty")) { try table.search("  ") }
        #expect(throws: PlaceError.badName("has a control character (U+A)")) { try table.search("Lon\ndon") }
        #expect(throws: PlaceError.badName("is 101 characters, more than 100")) { try table.search(String(repeating: "a", count: 101)) }
        #expect(throws: PlaceError.badCountry("GBR")) { try table.search("London", country: "GBR") }
        #expect(throws: PlaceError.badCountry("1A")) { try table.search("London", country: "1A") }
        #expect(throws: PlaceError.badPosition("latitude 91.0 is not from -90 to 90")) { try table.near(latitude: 91, longitude: 0) }
        #expect(throws: PlaceError.badPosition("longitude -181.0 is not from -180 to 180")) { try table.near(latitude: 0, longitude: -181) }
    }
}
