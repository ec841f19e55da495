import Platform
import PrayerTimes
import UnitModel

/// The setup page's answers, as its fields hold them (strings): from a chosen place (GET) or
/// from a POST. `check` says what is wrong with them, `toml` makes the unit's settings.
struct SetupForm: Equatable {
    var code = ""
    var user = "admin"
    var password = "", password2 = ""
    /// The place's name as shown ("" for a position typed by hand), its country (ISO alpha-2).
    var place = "", country = ""
    var latitude = "", longitude = "", zone = ""
    /// The method chosen, and the one the place's country suggests ("" : none).
    var method = CalculationMethod.mwl.rawValue, suggested = ""
    var jakimZone = ""
    var iqamah: [Prayer: String] = SetupForm.defaultIqamah
    var language = "en"
    var title = ""

    static let iqamahPrayers: [Prayer] = [.fajr, .dhuhr, .asr, .maghrib, .isha]

    /// Minutes after the adhan, offered until changed. Ours: the examples in board/mihrab.toml's
    /// [iqamah] (fajr 20, asr 15, maghrib 5, isha 15), with dhuhr 15 minutes rather than its
    /// fixed "13:30", which fits no place in general.
    static let defaultIqamah: [Prayer: String] = [.fajr: "20", .dhuhr: "15", .asr: "15", .maghrib: "5", .isha: "15"]

    /// The longest each field may be, in characters (Unicode scalars). The admin name's is the
    /// password file's (64); a password up to 128 (a passphrase); the screen's title 80 (a
    /// mosque's name on one line); the place's name 100 (GeoNames' longest names are about
    /// that); every other field 40 (a code, a number, an IANA zone: the longest is 32).
    static let maximumLength: [String: Int] = ["user": 64, "password": 128, "password2": 128, "title": 80, "place": 100]
    static let otherMaximum = 40

    static func limit(_ field: String) -> Int { maximumLength[field] ?? otherMaximum }

    /// Every field the form sends.
    static let fieldNames: [String] = ["code", "user", "password", "password2", "place", "country", "lat", "lon", "tz",
                                       "method", "suggested", "jakim_zone"]
        + iqamahPrayers.map { "iqamah_\($0.rawValue)" } + ["language", "title"]

    init() {}

    /// A place chosen (or typed): its position, clock and suggested method filled in.
    init(code: String, place: String, country: String, latitude: String, longitude: String, zone: String,
         method: String, jakimZone: String, language: String) {
        self.code = code
        (self.place, self.country, self.latitude, self.longitude, self.zone) = (place, country, latitude, longitude, zone)
        if CalculationMethod(rawValue: method) != nil {
            self.method = method
            suggested = country.isEmpty ? "" : method
        }
        self.jakimZone = jakimZone
        self.language = ScreenConfig.languages.contains(language) ? language : "en"
    }

    /// From a POST's fields: trimmed, the passwords as typed.
    init(fields f: [String: String]) {
        func v(_ k: String) -> String { (f[k] ?? "").trimmingSpaces() }
        code = v("code")
        user = v("user")
        password = f["password"] ?? ""
        password2 = f["password2"] ?? ""
        place = v("place")
        country = v("country").uppercased()
        latitude = v("lat")
        longitude = v("lon")
        zone = v("tz")
        method = v("method")
        suggested = v("suggested")
        jakimZone = v("jakim_zone").uppercased()
        for p in Self.iqamahPrayers { iqamah[p] = v("iqamah_\(p.rawValue)") }
        language = v("language")
        title = v("title")
    }

    /// The same answers without the passwords (shown again after a refusal).
    var withoutPasswords: SetupForm {
        var f = self
        (f.password, f.password2) = ("", "")
        return f
    }

    /// Whether the JAKIM zone's list is shown: a place in Malaysia, or JAKIM's method chosen.
    var asksJakimZone: Bool { country == "MY" || method == CalculationMethod.jakim.rawValue }
}
