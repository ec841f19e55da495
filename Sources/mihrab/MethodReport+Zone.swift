import FoundationEssentials
import Glibc
import PrayerTimes

/// `--show-method --jakim-zone CODE`: the zone, each time's reference point and how well it
/// met JAKIM's table, and where the table came from.
extension MethodReport {
    struct Zone: Codable {
        struct Point: Codable {
            var latitude: Double
            var longitude: Double
            /// Metres.
            var height: Double
            var dipOnTwilight: Bool
            var adjustmentSeconds: Double
            /// The fit over the table's year: days compared, within a minute, within two, the worst (minutes).
            var days: Int, withinOne: Int, withinTwo: Int, worst: Int
        }

        var code: String
        var state: String
        var area: String
        /// By time: fajr, sunrise, dhuhr, asr, maghrib, isha.
        var points: [String: Point]
        var residual: String?
        /// The zone this one's times are derived from (Kedah's: KDH01), nil for none.
        var base: String?
        /// The years of JAKIM's tables the points were fitted over (the figures are the last's).
        var years: [Int]
        /// The days a time is computed at another height, each as a line.
        var seasons: [String]
        var source: String

        init(_ z: JakimZone) {
            code = z.code
            state = z.state
            area = z.area
            var points: [String: Point] = [:]
            for prayer in Prayer.allCases {
                let p = z.points[prayer], f = z.fit[prayer]
                points[prayer.rawValue] = Point(latitude: p.coordinates.latitude, longitude: p.coordinates.longitude,
                                                height: p.coordinates.elevation, dipOnTwilight: p.dipOnTwilight,
                                                adjustmentSeconds: p.adjustmentSeconds, days: f.days, withinOne: f.withinOne,
                                                withinTwo: f.withinTwo, worst: f.worst)
            }
            self.points = points
            residual = z.residual.isEmpty ? nil : z.residual
            base = z.base
            years = z.years
            seasons = z.seasons.map { s in
                let months = s.months.count == 1 ? "month \(s.months.lowerBound)" : "months \(s.months.lowerBound)-\(s.months.upperBound)"
                return "\(s.prayer.rawValue) in \(months) at \(Int(s.elevation)) m: \(s.why) (seen \(s.seen.map(String.init).joined(separator: ", ")))"
            }
            source = JakimZone.source
        }

        /// The lines printed after the method's.
        var lines: [String] {
            var out = ["Zone:         JAKIM \(code), \(state): \(area)"]
            for prayer in Prayer.allCases {
                guard let p = points[prayer.rawValue] else { continue }
                let name = prayer.rawValue.prefix(1).uppercased() + prayer.rawValue.dropFirst() + ":"
                out.append("  " + (name.count >= 12 ? String(name.prefix(12)) : name + String(repeating: " ", count: 12 - name.count)) + Self.describe(p))
            }
            if let residual { out.append("Residual:     \(residual)") }
            for season in seasons { out.append("Season:       \(season)") }
            if let last = years.last {
                out.append("Fitted over:  JAKIM's tables of \(years.map(String.init).joined(separator: ", ")) (the figures: \(last)'s)")
            }
            if let base {
                out.append("Derived:      from \(base): its times plus, for each month of JAKIM's takwim, the largest difference of this zone's own (Syuruk: the smallest)")
            }
            out.append("Points from:  \(source)")
            return out
        }

        /// "3.139, 101.6869, 0 m, dip on twilight, +30 s; 98.6% within 1 min, 100% within 2, worst 2 min over 365 days".
        static func describe(_ p: Point) -> String {
            var point = "\(number(p.latitude)), \(number(p.longitude)), \(number(p.height)) m"
            if p.dipOnTwilight { point += ", dip on twilight" }
            if p.adjustmentSeconds != 0 { point += ", \(p.adjustmentSeconds > 0 ? "+" : "")\(number(p.adjustmentSeconds)) s" }
            guard p.days > 0 else { return point + "; not fitted" }
            return point + "; \(percent(p.withinOne, of: p.days)) within 1 min, \(percent(p.withinTwo, of: p.days)) within 2, "
                + "worst \(p.worst) min over \(p.days) days"
        }

        /// Whole numbers without ".0".
        static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }

        /// "98.6%", "100%".
        static func percent(_ n: Int, of days: Int) -> String {
            let tenths = (Double(n) * 1000 / Double(days)).rounded() / 10
            return number(tenths) + "%"
        }
    }
}
