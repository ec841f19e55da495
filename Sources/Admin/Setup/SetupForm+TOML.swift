import PrayerTimes
import TOMLKit

/// The unit's settings from the setup form's answers (checked by `problems` first), made with
/// TOMLKit: no text of the reader's is ever pasted into TOML.
extension SetupForm {
    /// `[location]` fixed at the place, `[time] zone`, `[calculation] method` (and
    /// `jakim_zone` when JAKIM's method has one: a fresh table holds none of the keys a zone
    /// excludes), `[iqamah]`, `[screen] language` and `title`.
    func toml() -> String {
        let root = TOMLTable()
        let location = TOMLTable()
        location["source"] = "fixed"
        location["latitude"] = Self.coordinate(latitude, 90) ?? 0
        location["longitude"] = Self.coordinate(longitude, 180) ?? 0
        root["location"] = location

        let time = TOMLTable()
        time["zone"] = zone
        root["time"] = time

        let calculation = TOMLTable()
        calculation["method"] = method
        if method == CalculationMethod.jakim.rawValue, !jakimZone.isEmpty { calculation["jakim_zone"] = jakimZone }
        root["calculation"] = calculation

        let iqamahTable = TOMLTable()
        for p in Self.iqamahPrayers {
            switch Self.iqamahValue(iqamah[p] ?? "") {
            case .minutes(let m)?: iqamahTable[p.rawValue] = m
            case .time(let hhmm)?: iqamahTable[p.rawValue] = hhmm
            case .none?, nil: break
            }
        }
        root["iqamah"] = iqamahTable

        let screen = TOMLTable()
        screen["language"] = language
        if !title.isEmpty { screen["title"] = title }
        root["screen"] = screen
        return root.convert(to: .toml, options: [.allowUnicodeStrings, .indentations])
    }
}
