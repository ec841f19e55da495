/// One line of the table, its columns in the order make-places.py writes them.
enum PlaceRow {
    static let columns = 11
    static let name = 0, ascii = 1, local = 2, local2 = 3, country = 4, latitude = 5, longitude = 6,
               zone = 7, population = 8, admin1 = 9, also = 10

    /// The place a line holds, with its country's method and (in Malaysia) its JAKIM zone.
    static func place(_ fields: [ArraySlice<UInt8>], line: Int, path: String) throws(PlaceError) -> Place {
        func text(_ i: Int) -> String { String(decoding: fields[i], as: UTF8.self) }
        func fail(_ what: String) -> PlaceError { .corrupt(path: path, line: line, reason: what) }
        let name = text(Self.name)
        let country = text(Self.country)
        guard !name.isEmpty else { throw fail("a place without a name") }
        guard isCountryCode(country) else { throw fail("country '\(country)' is not two capital letters") }
        guard let latitude = Double(text(Self.latitude)), (-90...90).contains(latitude) else {
            throw fail("latitude '\(text(Self.latitude))' is not a number from -90 to 90")
        }
        guard let longitude = Double(text(Self.longitude)), (-180...180).contains(longitude) else {
            throw fail("longitude '\(text(Self.longitude))' is not a number from -180 to 180")
        }
        guard let population = Int(text(Self.population)), population >= 0 else {
            throw fail("population '\(text(Self.population))' is not a whole number")
        }
        let zone = text(Self.zone)
        guard !zone.isEmpty, !zone.contains(" ") else { throw fail("time zone '\(zone)' is not an IANA name") }
        let local = text(Self.local)
        let jakimZone = country == "MY" ? MalaysiaZone.zone(latitude: latitude, longitude: longitude, state: text(Self.admin1)) : nil
        return Place(name: name, country: country, latitude: latitude, longitude: longitude, zone: zone,
                     population: population, method: CountryMethod.method(for: country),
                     jakimZone: jakimZone, localName: local.isEmpty ? nil : local)
    }

    /// Two capital ASCII letters.
    static func isCountryCode(_ s: String) -> Bool {
        s.utf8.count == 2 && s.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
