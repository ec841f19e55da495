import PrayerTimes
import TOMLKit
import UnitModel

/// `[calculation] jakim_zone` and `[calculation.reference_points]`: each time computed at a
/// point of its own (an authority's zone), rather than at the unit's position.
extension SiteConfig {
    /// The keys that would contradict a JAKIM zone's published times: the zone's points were
    /// fitted with JAKIM's own angles, precautions and rounding.
    public static let keysExcludedByZone = ["fajr_angle", "isha_angle", "isha_interval", "maghrib_angle", "rounding", "precautions"]

    /// The zone named by `jakim_zone` (nil: none), its exclusions checked; `method` may only
    /// be "jakim" beside it.
    static func jakimZone(_ t: TableReader) throws(ConfigError) -> JakimZone? {
        // "" is none, as for the timetable.
        guard let code = try t.string("jakim_zone"), !code.isEmpty else { return nil }
        guard let zone = JakimZone.named(code) else {
            throw t.error("jakim_zone", "\(quoted(code)) is not a JAKIM zone: \(JakimZone.all.map(\.code).joined(separator: ", "))")
        }
        if t.has("reference_points") {
            throw t.error("reference_points", "jakim_zone and reference_points exclude each other: the zone has its points")
        }
        if let m = t.table["method"]?.string, m != CalculationMethod.jakim.rawValue {
            throw t.error("method", "\(quoted(m)) cannot go with jakim_zone \(quoted(zone.code)): the zone's times are JAKIM's (method \"jakim\", or leave method out)")
        }
        if let m = t.table["madhab"]?.string, m != Madhab.shafi.rawValue {
            throw t.error("madhab", "\(quoted(m)) cannot go with jakim_zone \(quoted(zone.code)): the zone's Asr is JAKIM's (Shafi'i)")
        }
        for key in keysExcludedByZone where t.has(key) {
            throw t.error(key, "cannot go with jakim_zone \(quoted(zone.code)): the zone's points were fitted with JAKIM's own angles, precautions and rounding (use [calculation.adjustments] for minutes of your own)")
        }
        return zone
    }

    /// `[calculation.reference_points]`: one point for each of the six times, all six given.
    static func referencePoints(_ t: TableReader) throws(ConfigError) -> ReferencePoints? {
        guard let r = try t.subtable("reference_points") else { return nil }
        var read: [Prayer: ReferencePoint] = [:]
        for prayer in Prayer.allCases {
            guard let p = try r.subtable(prayer.rawValue) else {
                throw t.error("reference_points", "\(prayer.rawValue) is missing: give a point for each of \(Prayer.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            read[prayer] = try point(p)
        }
        try r.finish()
        guard let first = read[.fajr] else { return nil }
        var points = ReferencePoints(repeating: first)
        for (prayer, point) in read { points[prayer] = point }
        return points
    }

    /// `{ lat = 3.1, lon = 101.6, height = 0, dip_on_twilight = false, adjust_seconds = 0 }`.
    private static func point(_ p: TableReader) throws(ConfigError) -> ReferencePoint {
        guard let lat = try p.double("lat", in: -90...90) else { throw p.error("lat", "is missing (degrees, -90 to 90)") }
        guard let lon = try p.double("lon", in: -180...180) else { throw p.error("lon", "is missing (degrees, -180 to 180)") }
        let height = try p.double("height", in: 0...9000) ?? 0
        let dip = try p.bool("dip_on_twilight") ?? false
        let adjust = try p.double("adjust_seconds", in: -600...600) ?? 0
        try p.finish()
        // In range by the checks above: the failable init cannot fail here.
        guard let c = Coordinates(latitude: lat, longitude: lon, elevation: height) else { throw p.error("lat", "is not a place on Earth") }
        return ReferencePoint(c, dipOnTwilight: dip, adjustmentSeconds: adjust)
    }
}
