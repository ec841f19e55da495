import Admin
import UnitModel

/// The setup page's places: the GeoNames table searched by name, and the places nearest the
/// unit's GPS fix (none without a fix).
enum SetupPlaces {
    static func search(_ name: String) -> Result<[SetupPlace], SetupFailure> {
        .failure(SetupFailure("the places table is not installed"))
    }

    static func near(_ feed: ScreenFeed) -> [SetupPlace] {
        []
    }
}
