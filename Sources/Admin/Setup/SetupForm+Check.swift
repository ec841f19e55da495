import FoundationEssentials
import Platform
import PrayerTimes
import Service
import UnitModel

/// What the setup form is refused for, each a line naming the field by its label in the
/// reader's language (the reason in English, as the settings page's and the config check's):
/// a control character, a field over its length, an admin name a password file cannot hold,
/// the password rules of `mihrab admin passwd`, two passwords that differ, an impossible
/// position, zone, method, JAKIM zone, iqamah or language. Nothing is stored unless it is empty.
extension SetupForm {
    /// The field's label on the page.
    static func label(_ field: String, _ t: AdminText) -> String {
        if field.hasPrefix("iqamah_") { return "\(t("setup.iqamah")) \(t.prayer(String(field.dropFirst(7))))" }
        let keys = ["code": "setup.code", "user": "setup.user", "password": "setup.password", "password2": "setup.password2",
                    "place": "setup.place", "country": "setup.place", "lat": "setup.latitude", "lon": "setup.longitude",
                    "tz": "setup.zone", "method": "setup.method", "suggested": "setup.method", "jakim_zone": "setup.jakim",
                    "language": "setup.language", "title": "setup.screenTitle"]
        return keys[field].map { t($0) } ?? field
    }

    /// The POSTed fields' own faults, before anything is made of them (names in the form's
    /// order, so the same form gets the same lines): a control character (no browser sends one
    /// from a text field; TOML's C library would end a text at a NUL), a field over its length.
    /// A field the form does not have is not looked at, and nothing is made of it.
    static func checkFields(_ fields: [String: String], _ t: AdminText) -> [SetupLine] {
        var lines: [SetupLine] = []
        for name in fieldNames {
            guard let value = fields[name] else { continue }
            if let c = value.unicodeScalars.first(where: SettingsForm.isControl) {
                let code = String(c.value, radix: 16, uppercase: true)
                lines.append(SetupLine(field: name, t, "holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"))
            } else if value.unicodeScalars.count > limit(name) {
                lines.append(SetupLine(field: name, t, "over \(limit(name)) characters (\(value.unicodeScalars.count))"))
            }
        }
        return lines
    }

    /// The answers' faults (the code is the backend's to judge): one line each, in the page's order.
    func problems(_ t: AdminText) -> [SetupLine] {
        var lines: [SetupLine] = []
        func add(_ field: String, _ why: String) { lines.append(SetupLine(field: field, t, why)) }
        if !PasswordFile.validUser(user) { add("user", "\(quoted(user)) is not 1 to 64 letters, digits, \".\", \"-\" or \"_\"") }
        if let why = PasswordFile.passwordProblem(password) { add("password", why) }
        else if password != password2 { add("password2", "the two passwords differ") }
        if Self.coordinate(latitude, 90) == nil { add("lat", "\(quoted(latitude)) is not a latitude (a number from -90 to 90)") }
        if Self.coordinate(longitude, 180) == nil { add("lon", "\(quoted(longitude)) is not a longitude (a number from -180 to 180)") }
        do throws(ZoneRules.LoadError) { _ = try ZoneRules.load(zone) } catch { add("tz", "\(quoted(zone)) is not an IANA time zone, such as \"Europe/London\"") }
        if CalculationMethod(rawValue: method) == nil { add("method", "\(quoted(method)) is not one of the list's methods") }
        if method == CalculationMethod.jakim.rawValue, !jakimZone.isEmpty, !JakimZone.all.contains(where: { $0.code == jakimZone }) {
            add("jakim_zone", "\(quoted(jakimZone)) is not a JAKIM zone of the list")
        }
        for p in Self.iqamahPrayers where Self.iqamahValue(iqamah[p] ?? "") == nil {
            add("iqamah_\(p.rawValue)", "\(quoted(iqamah[p] ?? "")) must be minutes after the adhan (0 to 120) or a time \"HH:MM\"")
        }
        if !ScreenConfig.languages.contains(language) { add("language", "\(quoted(language)) is not one of \(ScreenConfig.languages.joined(separator: ", "))") }
        return lines
    }

    /// "51.5" or "51,5" (a phone's decimal comma) within ±`bound`.
    static func coordinate(_ s: String, _ bound: Double) -> Double? {
        guard s.utf8.count <= 40, let v = Double(s.replacing(",", with: ".")), v.isFinite, abs(v) <= bound else { return nil }
        return v
    }

    enum Iqamah: Equatable {
        case none
        case minutes(Int)
        /// "HH:MM" as typed.
        case time(String)
    }

    /// "" (none), minutes after the adhan (0 to 120, as the config takes them), or "HH:MM".
    static func iqamahValue(_ s: String) -> Iqamah? {
        if s.isEmpty { return Iqamah.none }
        if s.utf8.count <= 3, s.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let m = Int(s) {
            return (0...120).contains(m) ? .minutes(m) : nil
        }
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 2, parts[1].utf8.count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return .time(s)
    }
}
