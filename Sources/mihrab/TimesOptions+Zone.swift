import ArgumentParser
import PrayerTimes

/// `mihrab times --jakim-zone CODE`: the JAKIM method at the zone's reference points.
extension TimesOptions {
    /// JAKIM's zones are all in Malaysia: its clock unless --tz names another.
    static let jakimTimeZone = "Asia/Kuala_Lumpur"

    /// The zone named (nil: none).
    func zone() throws -> JakimZone? {
        guard let jakimZone else { return nil }
        guard let zone = JakimZone.named(jakimZone) else {
            throw ValidationError("--jakim-zone: '\(jakimZone)' is not a JAKIM zone: \(JakimZone.all.map(\.code).joined(separator: ", "))")
        }
        return zone
    }

    /// The zone known, and nothing beside it that would contradict its published times (the
    /// points were fitted with JAKIM's own angles, precautions and rounding), as the config's
    /// `jakim_zone` refuses them.
    func validateZone() throws {
        guard let zone = try zone() else { return }
        if let method, method != .jakim {
            throw ValidationError("--method \(method.rawValue) cannot go with --jakim-zone \(zone.code): the zone's times are JAKIM's (give --method jakim or leave it out)")
        }
        if madhab != .shafi {
            throw ValidationError("--madhab \(madhab.rawValue) cannot go with --jakim-zone \(zone.code): the zone's Asr is JAKIM's (Shafi'i)")
        }
        let given: [(String, Bool)] = [("--fajr-angle", fajrAngle != nil), ("--isha-angle", ishaAngle != nil),
                                       ("--isha-interval", ishaInterval != nil), ("--maghrib-angle", maghribAngle != nil),
                                       ("--rounding", rounding != nil), ("--precautions", precautions != nil)]
        if let (option, _) = given.first(where: { $0.1 }) {
            throw ValidationError("\(option) cannot go with --jakim-zone \(zone.code): the zone's points were fitted with JAKIM's own angles, precautions and rounding (--adjust adds minutes of your own)")
        }
    }
}
