import Admin
import Places
import PrayerTimes
import UnitModel

/// The setup page's places: the GeoNames table searched by name (read per search, dropped
/// after), and the places nearest the unit's GPS fix (none without a fix).
enum SetupPlaces {
    static func search(_ name: String) -> Result<[SetupPlace], SetupFailure> {
        do throws(PlaceError) {
            return .success(try PlaceTable.open(path: PlaceTable.defaultPath).search(name, limit: 10).map(setupPlace))
        } catch {
            return .failure(SetupFailure(error.description))
        }
    }

    /// The three places nearest the fix, when the unit follows GPS and has one.
    static func near(_ feed: ScreenFeed) -> [SetupPlace] {
        guard let input = feed.read().input, input.config.locationSource == .gps, !input.notices.contains(.noFix),
              let p = input.position else { return [] }
        let places = try? PlaceTable.open(path: PlaceTable.defaultPath).near(latitude: p.latitude, longitude: p.longitude, limit: 3)
        return (places ?? []).map(setupPlace)
    }

    static func setupPlace(_ p: Place) -> SetupPlace {
        SetupPlace(name: p.name, country: p.country, latitude: p.latitude, longitude: p.longitude, zone: p.zone, method: p.method,
                   jakimZone: p.jakimZone, population: p.population)
    }
}
