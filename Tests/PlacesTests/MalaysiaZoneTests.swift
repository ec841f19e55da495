import Places
import Testing

/// Towns whose zone JAKIM's zone list names (its district or town in the zone's list:
/// e-solat.gov.my, as kept in ../shared/reference/authority/jakim/zones.csv), and towns it
/// does not name whose district it does (Petaling Jaya in Petaling, Sungai Petani in Kuala
/// Muda, Cukai in Kemaman, Temerloh, Bukit Mertajam in Penang, Sandakan's town).
@Suite("Places: a Malaysian place's JAKIM zone")
struct MalaysiaZoneTests {
    static let towns: [(String, String)] = [
        ("Kuala Lumpur", "WLY01"), ("Kota Bharu", "KTN01"), ("Johor Bahru", "JHR02"), ("Kuching", "SWK08"),
        ("Kota Kinabalu", "SBH07"), ("Ipoh", "PRK02"), ("Shah Alam", "SGR01"), ("George Town", "PNG01"),
        ("Klang", "SGR03"), ("Putrajaya", "WLY01"), ("Labuan", "WLY02"), ("Miri", "SWK02"), ("Kuantan", "PHG02"),
        ("Petaling Jaya", "SGR01"), ("Sungai Petani", "KDH02"), ("Cukai", "TRG04"), ("Temerluh", "PHG03"),
        ("Bukit Mertajam", "PNG01"), ("Sandakan", "SBH01"), ("Alor Setar", "KDH01"), ("Kangar", "PLS01"),
        // At the foot of Gunung Jerai, in Kuala Muda: not the summit's zone (KDH07).
        ("Gurun", "KDH02"),
    ]

    @Test("the table's towns lie in the zones JAKIM's list puts them in")
    func towns() throws {
        let table = try PlaceTable.open(path: PlaceTable.defaultPath)
        for (name, zone) in Self.towns {
            let place = try #require(try table.search(name, country: "MY", limit: 1).first, "\(name)")
            #expect(place.name == name)
            #expect(place.jakimZone == zone, "\(name)")
            #expect(place.method == "jakim")
        }
    }

    @Test("a position without its state (a GPS fix): the zone of the nearest point among the boxes that hold it")
    func position() {
        // Wikipedia's positions: Kuala Lumpur, Kota Bharu, Kuching.
        #expect(MalaysiaZone.zone(latitude: 3.1478, longitude: 101.6953) == "WLY01")
        #expect(MalaysiaZone.zone(latitude: 6.1333, longitude: 102.25) == "KTN01")
        #expect(MalaysiaZone.zone(latitude: 1.5575, longitude: 110.3439) == "SWK08")
    }

    @Test("a place outside Malaysia has no zone")
    func elsewhere() throws {
        let singapore = try #require(try PlaceTable.open(path: PlaceTable.defaultPath).search("Singapore", limit: 1).first)
        #expect(singapore.jakimZone == nil)
    }
}
