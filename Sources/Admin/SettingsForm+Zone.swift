import PrayerTimes
import Service
import TOMLKit
import UnitModel

/// The settings page's JAKIM zone: a list of `JakimZone.all`, or none.
extension SettingsForm {
    /// The list's entries: "" (none), then each zone as "WLY01 — Kuala Lumpur, Putrajaya".
    static var zoneChoices: [(code: String, label: String)] {
        JakimZone.all.map { ($0.code, "\($0.code) — \($0.area)") }
    }

    /// The site's [calculation] with the zone chosen. A zone brings JAKIM's method (over a
    /// method the unit's own file names) and drops the site's keys that would contradict its
    /// published times (the config refuses them beside it); none leaves the method as it is.
    /// A code that is not a zone is written as it came, for the config's check to refuse with
    /// the list of zones.
    func calculation(_ site: TOMLTable?) -> TOMLTable {
        let t = Self.copy(site) ?? TOMLTable()
        guard !jakimZone.isEmpty else {
            t.remove(at: "jakim_zone")
            return t
        }
        t["jakim_zone"] = jakimZone
        t["method"] = CalculationMethod.jakim.rawValue
        for key in SiteConfig.keysExcludedByZone + ["reference_points"] { t.remove(at: key) }
        return t
    }
}
