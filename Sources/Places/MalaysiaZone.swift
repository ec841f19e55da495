import PrayerTimes

/// The JAKIM zone a place in Malaysia lies in. District boundaries mapped to zones
/// (mptwaktusolat/jakim.geojson) carry no licence, so none is copied; instead each zone has
/// points of its own: its six reference points fitted to JAKIM's table (PrayerTimes'
/// `JakimZone`) and the towns of JAKIM's list of its districts that GeoNames has
/// (`MalaysiaZone+Towns.swift`). Of the zones of the place's state whose box holds it
/// (`MalaysiaZone+Boxes.swift`; every zone of the state when none does), the one with the
/// nearest point. The summits' zones are left out (`summits`).
public enum MalaysiaZone {
    /// The zone's code (such as WLY01). `state` is GeoNames' first-level division of Malaysia
    /// (admin1: 01 Johor … 17 Putrajaya); nil or unknown, every zone is a candidate.
    public static func zone(latitude: Double, longitude: Double, state: String? = nil) -> String? {
        let prefix = state.flatMap { states[$0] }
        let inState = points.filter { zone in !summits.contains(zone.key) && (prefix.map { zone.key.hasPrefix($0) } ?? true) }
        let candidates = inState.isEmpty ? points.filter { !summits.contains($0.key) } : inState
        let boxed = candidates.filter { zone in
            ZoneBounds.jakim.contains { $0.code == zone.key && $0.latitude.contains(latitude) && $0.longitude.contains(longitude) }
        }
        let chosen = boxed.isEmpty ? candidates : boxed
        var best: (zone: String, distance: Double)?
        for (zone, anchors) in chosen {
            for (lat, lon) in anchors {
                let d = PlaceTable.distance(latitude, longitude, lat, lon)
                if best.map({ d < $0.distance || (d == $0.distance && zone < $0.zone) }) ?? true { best = (zone, d) }
            }
        }
        return best?.zone
    }

    /// The zones of a summit alone (Puncak Gunung Jerai, Bukit Larut, Gunung Kinabalu): never a
    /// town's, though their boxes reach the towns at their feet (Gurun is Kuala Muda's, KDH02).
    /// A unit on the summit has its zone set by hand.
    static let summits: Set<String> = ["KDH07", "PRK07", "SBH06"]

    /// GeoNames' admin1 codes of Malaysia and the prefix of their zones' codes.
    static let states: [String: String] = [
        "01": "JHR", "02": "KDH", "03": "KTN", "04": "MLK", "05": "NGS", "06": "PHG", "07": "PRK", "08": "PLS",
        "09": "PNG", "11": "SWK", "12": "SGR", "13": "TRG", "14": "WLY01", "15": "WLY02", "16": "SBH", "17": "WLY01",
    ]

    /// Each zone's points: its six reference points and its listed towns.
    static let points: [String: [(Double, Double)]] = {
        var points = [String: [(Double, Double)]]()
        for zone in JakimZone.all {
            let p = zone.points
            points[zone.code] = [p.fajr, p.sunrise, p.dhuhr, p.asr, p.maghrib, p.isha]
                .map { ($0.coordinates.latitude, $0.coordinates.longitude) }
        }
        for town in towns where points[town.zone] != nil {
            points[town.zone, default: []].append((town.latitude, town.longitude))
        }
        return points
    }()
}
