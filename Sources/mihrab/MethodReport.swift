import FoundationEssentials
import Glibc
import PrayerTimes

/// What `mihrab times --show-method` prints: the parameters in force (the method's, with
/// the overrides given) and where the method's rules come from.
struct MethodReport: Codable {
    struct Rule: Codable {
        /// "angle", "minutes-after-maghrib", "sunset", "minutes-after-sunset".
        var rule: String
        var value: Double?
        var ramadanMinutes: Double?
    }

    var method: String
    var authority: String
    var fajr: Rule
    var maghrib: Rule
    var isha: Rule
    /// The Sun's altitude at sunrise and sunset, degrees.
    var horizon: Double
    var madhab: String
    var highLatitudeRule: String
    var onlyWhenAngleFails: Bool
    var polarRule: String
    /// The method's precautions (ihtiyati, temkin): minutes added before rounding.
    var precautions: [String: Double]
    /// The user's adjustments, on top.
    var adjustments: [String: Double]
    var rounding: String
    var midnight: String
    var imsakMinutes: Double
    var seasonalTwilight: Bool
    var shafaq: String?
    var statement: String
    var checked: String
    /// The JAKIM zone whose points give the times (nil: none).
    var zone: Zone?

    init(_ p: CalculationParameters, zone: JakimZone? = nil) {
        method = p.method.rawValue
        authority = p.method.authority
        fajr = Rule(rule: "angle", value: p.fajrAngle)
        switch p.maghrib {
        case .sunset: maghrib = Rule(rule: "sunset")
        case .angle(let a): maghrib = Rule(rule: "angle", value: a)
        case .minutesAfterSunset(let m): maghrib = Rule(rule: "minutes-after-sunset", value: m)
        }
        switch p.isha {
        case .angle(let a): isha = Rule(rule: "angle", value: a)
        case .minutesAfterMaghrib(let m):
            isha = Rule(rule: "minutes-after-maghrib", value: m, ramadanMinutes: p.ishaRamadanMinutes)
        }
        horizon = p.horizon
        madhab = p.madhab.rawValue
        highLatitudeRule = p.highLatitudeRule.rawValue
        onlyWhenAngleFails = p.highLatitudeRuleOnlyWhenAngleFails
        polarRule = p.polarRule.rawValue
        precautions = Dictionary(uniqueKeysWithValues: Prayer.allCases.map { ($0.rawValue, p.precautions[$0]) })
        adjustments = Dictionary(uniqueKeysWithValues: Prayer.allCases.map { ($0.rawValue, p.adjustments[$0]) })
        rounding = p.rounding.rawValue
        midnight = p.midnight.rawValue
        imsakMinutes = p.imsakMinutes
        seasonalTwilight = p.seasonalTwilight
        shafaq = p.seasonalTwilight ? p.shafaq.rawValue : nil
        statement = p.method.source.statement
        checked = p.method.source.checked
        self.zone = zone.map(Zone.init)
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    var text: String {
        // Whole minutes as "+2", others as minutes and seconds: "+1:04".
        func minutes(_ v: Double) -> String {
            let seconds = Int((abs(v) * 60).rounded())
            let body = seconds % 60 == 0 ? String(seconds / 60) : "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
            return v > 0 ? "+" + body : v < 0 ? "-" + body : body
        }
        func perPrayer(_ d: [String: Double]) -> String {
            Prayer.allCases.map { "\($0.rawValue) \(minutes(d[$0.rawValue] ?? 0))" }.joined(separator: ", ")
        }
        func describe(_ r: Rule) -> String {
            let v = r.value.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? ""
            switch r.rule {
            case "angle": return "Sun \(v)° below the horizon"
            case "minutes-after-maghrib":
                return "\(v) minutes after Maghrib" + (r.ramadanMinutes.map { " (\(Int($0)) in Ramadan)" } ?? "")
            case "minutes-after-sunset": return "\(v) minutes after sunset"
            default: return r.rule
            }
        }
        var lines = [
            "Method:       \(method) (\(authority))",
            "Fajr:         \(describe(fajr))",
            "Maghrib:      \(describe(maghrib))",
            "Isha:         \(describe(isha))",
            "Horizon:      sunrise and sunset at \(horizon)° (before the elevation's dip)",
            "Asr:          \(madhab) (shadow = noon shadow + \(madhab == "hanafi" ? 2 : 1) x length)",
            "Precautions:  \(perPrayer(precautions)) (minutes, added before rounding)",
            "Adjustments:  \(perPrayer(adjustments)) (yours, on top)",
            "Rounding:     \(rounding)",
            "High lat.:    \(highLatitudeRule)\(onlyWhenAngleFails ? " (only when the angle fails)" : ""); polar: \(polarRule)",
            "Midnight:     \(midnight); imsak \(minutes(imsakMinutes).replacing("+", with: "")) min before Fajr",
        ]
        if seasonalTwilight { lines.append("Seasonal:     Moonsighting Committee bounds, shafaq \(shafaq ?? "general")") }
        lines.append("Source:       \(statement)")
        lines.append("Checked:      \(checked)")
        lines += zone?.lines ?? []
        return lines.joined(separator: "\n") + "\n"
    }
}
