/// A place of GeoNames' table (a city of 15,000 people or more): where it is, its clock, how
/// many live there, and the method its country's authority uses (a suggestion the person
/// setting up the unit confirms or changes).
public struct Place: Codable, Sendable, Equatable {
    /// GeoNames' name for it (often the English or the local one in Latin letters).
    public let name: String
    /// ISO 3166 alpha-2.
    public let country: String
    public let latitude: Double
    public let longitude: Double
    /// The IANA time zone.
    public let zone: String
    public let population: Int
    /// The suggested method's config name (`CalculationMethod`'s raw value): the country's (`CountryMethod`).
    public let method: String
    /// In Malaysia, the JAKIM zone the place lies in (`MalaysiaZone`); nil elsewhere.
    public let jakimZone: String?
    /// Its name in the country's own script where GeoNames has one, nil otherwise.
    public let localName: String?

    enum CodingKeys: String, CodingKey {
        case name, country, latitude, longitude, zone, population, method
        case jakimZone = "jakim_zone", localName = "local_name"
    }

    public init(name: String, country: String, latitude: Double, longitude: Double, zone: String, population: Int,
                method: String, jakimZone: String? = nil, localName: String? = nil) {
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.zone = zone
        self.population = population
        self.method = method
        self.jakimZone = jakimZone
        self.localName = localName
    }
}

extension Place {
    /// Every key, null where there is no value (a reader sees `jakim_zone` and `local_name`
    /// whether or not the place has one).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(country, forKey: .country)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(zone, forKey: .zone)
        try c.encode(population, forKey: .population)
        try c.encode(method, forKey: .method)
        try c.encode(jakimZone, forKey: .jakimZone)
        try c.encode(localName, forKey: .localName)
    }
}
