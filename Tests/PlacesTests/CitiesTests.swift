import Places
import Testing

/// A dozen cities across the table, each held to independent values: its position from
/// Wikipedia's article (degrees, to 0.05; Dhaka's from GeoNames' own page, geonames.org/1185241,
/// as Wikipedia's centre lies 0.053 degree north of it), its IANA zone, and the method its
/// country's authority uses. GeoNames names Mecca "Makkah": the English name finds it among
/// its other names.
@Suite("Places: a dozen cities, their position, zone and method")
struct CitiesTests {
    let table: PlaceTable

    init() throws { table = try PlaceTable.open(path: PlaceTable.defaultPath) }

    struct City: Sendable, CustomTestStringConvertible {
        let query: String, name: String, country: String, latitude: Double, longitude: Double, zone: String, method: String
        var jakimZone: String? = nil
        var testDescription: String { query }
    }

    static let cities: [City] = [
        City(query: "Kuala Lumpur", name: "Kuala Lumpur", country: "MY", latitude: 3.1478, longitude: 101.6953,
             zone: "Asia/Kuala_Lumpur", method: "jakim", jakimZone: "WLY01"),
        City(query: "Singapore", name: "Singapore", country: "SG", latitude: 1.2833, longitude: 103.8333, zone: "Asia/Singapore", method: "singapore"),
        City(query: "Istanbul", name: "Istanbul", country: "TR", latitude: 41.0136, longitude: 28.955, zone: "Europe/Istanbul", method: "turkey"),
        City(query: "Mecca", name: "Makkah", country: "SA", latitude: 21.4225, longitude: 39.8262, zone: "Asia/Riyadh", method: "umm-al-qura"),
        City(query: "Doha", name: "Doha", country: "QA", latitude: 25.2867, longitude: 51.5333, zone: "Asia/Qatar", method: "qatar"),
        City(query: "Jakarta", name: "Jakarta", country: "ID", latitude: -6.175, longitude: 106.8275, zone: "Asia/Jakarta", method: "kemenag"),
        City(query: "Cairo", name: "Cairo", country: "EG", latitude: 30.0444, longitude: 31.2358, zone: "Africa/Cairo", method: "egypt"),
        City(query: "Karachi", name: "Karachi", country: "PK", latitude: 24.86, longitude: 67.01, zone: "Asia/Karachi", method: "karachi"),
        City(query: "Dhaka", name: "Dhaka", country: "BD", latitude: 23.7104, longitude: 90.4074, zone: "Asia/Dhaka", method: "karachi"),
        City(query: "New York", name: "New York City", country: "US", latitude: 40.7128, longitude: -74.0060, zone: "America/New_York", method: "isna"),
        City(query: "Toronto", name: "Toronto", country: "CA", latitude: 43.7417, longitude: -79.3733, zone: "America/Toronto", method: "isna"),
        City(query: "London", name: "London", country: "GB", latitude: 51.5072, longitude: -0.1275, zone: "Europe/London", method: "mwl"),
    ]

    @Test("the first place of the name is the city, where it is, on its clock, with its country's method", arguments: cities)
    func city(_ city: City) throws {
        let place = try #require(try table.search(city.query, limit: 1).first)
        #expect(place.name == city.name)
        #expect(place.country == city.country)
        #expect(abs(place.latitude - city.latitude) <= 0.05, "latitude \(place.latitude)")
        #expect(abs(place.longitude - city.longitude) <= 0.05, "longitude \(place.longitude)")
        #expect(place.zone == city.zone)
        #expect(place.method == city.method)
        #expect(place.jakimZone == city.jakimZone)
        #expect(place.population >= 15_000)
    }

    @Test("near a city's position, the city is the first place")
    func near() throws {
        for city in Self.cities where city.name != "Dhaka" {
            let first = try #require(try table.near(latitude: city.latitude, longitude: city.longitude, limit: 3).first)
            #expect(first.country == city.country, "\(city.name): \(first.name)")
        }
        let mecca = try table.near(latitude: 21.4225, longitude: 39.8262, limit: 1)
        #expect(mecca.map(\.name) == ["Makkah"])
        let five = try table.near(latitude: 3.1478, longitude: 101.6953)
        #expect(five.count == 5)
        #expect(five.first?.name == "Kuala Lumpur")
        #expect(five.allSatisfy { $0.country == "MY" && $0.jakimZone != nil })
    }
}
