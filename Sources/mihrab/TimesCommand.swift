import ArgumentParser
import FoundationEssentials
import Glibc
import PrayerTimes
import Platform
import Screen
import UnitModel

// The values of each option's enum, as ArgumentParser lists them (help, completion). Its
// default for a CaseIterable String enum maps the cases through a key path in generic code,
// about 80,000 instructions a call and 56 calls at every start of `mihrab`, a sixth of a
// year of `mihrab times --format json` (callgrind): the same strings, directly. The
// descriptions stay empty, as ArgumentParser's default gives for these enums (a case's
// description is its raw value).
protocol CaseArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}
extension CaseArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}
extension CalculationMethod: CaseArgument {}
extension Madhab: CaseArgument {}
extension HighLatitudeRule: CaseArgument {}
extension PolarRule: CaseArgument {}
extension Rounding: CaseArgument {}
extension Shafaq: CaseArgument {}

enum OutputFormat: String, CaseArgument {
    /// html: the printable month (--month or --ramadan), the page the screen serves at /timetable.
    case text, json, csv, html
}

/// `mihrab times`: the prayer times of one or more days at a place. ArgumentParser's face of
/// `TimesOptions` (help, completion, every spelling of an option and its errors); each option's
/// default is the one `TimesOptions` gives, so that `QuickTimes`, which reads a plain command
/// line without ArgumentParser, gives the same values.
struct TimesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "times", abstract: "Show the prayer times of a place and date.")
    private static let standard = TimesOptions()

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90 (north positive).")
    var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180 (east positive).")
    var lon: Double?
    @Option(parsing: .unconditional, help: "Elevation in metres; above 0 it lowers the horizon for sunrise and sunset.")
    var elevation: Double = standard.elevation
    @Option(help: "The first date, YYYY-MM-DD (default: today in the zone).")
    var date: String?
    @Option(parsing: .unconditional, help: "How many days, 1 to 366 (default 1).")
    var days: Int?
    @Option(help: "IANA time zone, e.g. Asia/Riyadh (default: the system's).")
    var tz: String?
    @Option(help: "Calculation method (default: mwl; jakim with --jakim-zone).")
    var method: CalculationMethod?
    @Option(name: .customLong("jakim-zone"), help: "A JAKIM zone (Malaysia), e.g. WLY01: the zone's published times, each at the zone's own point (--lat/--lon then not needed).")
    var jakimZone: String?
    @Option(help: "Asr school.")
    var madhab: Madhab = standard.madhab
    @Option(name: .customLong("high-latitude-rule"), help: "Fajr and Isha bound for short nights.")
    var highLatitudeRule: HighLatitudeRule = standard.highLatitudeRule
    @Flag(name: .customLong("only-when-angle-fails"), help: "Apply the high-latitude rule only when the angle is never reached.")
    var onlyWhenAngleFails = false
    @Option(name: .customLong("nearest-latitude"), help: "Reference latitude of the nearest-latitude rule.")
    var nearestLatitude: Double = standard.nearestLatitude
    @Option(help: "Rule for days without sunrise or sunset.")
    var polar: PolarRule = standard.polar
    @Option(help: "Rounding of the times.")
    var rounding: Rounding?
    @Option(parsing: .unconditional, help: "Minutes per prayer on top of the method's, e.g. fajr=2,isha=-1.")
    var adjust: String?
    @Option(parsing: .unconditional, help: "Replace the method's precautions (minutes added before rounding), e.g. sunrise=-1,dhuhr=1.")
    var precautions: String?
    @Flag(name: .customLong("show-method"), help: "Print the method's parameters (with the overrides given) and its sources, then exit.")
    var showMethod = false
    @Option(name: .customLong("hijri-offset"), parsing: .unconditional, help: "Days added to the Hijri date, -2 to 2.")
    var hijriOffset: Int = standard.hijriOffset
    @Option(name: .customLong("fajr-angle"), parsing: .unconditional, help: "Override the method's Fajr angle (degrees).")
    var fajrAngle: Double?
    @Option(name: .customLong("isha-angle"), parsing: .unconditional, help: "Override: Isha at this angle (degrees).")
    var ishaAngle: Double?
    @Option(name: .customLong("isha-interval"), parsing: .unconditional, help: "Override: Isha this many minutes after Maghrib.")
    var ishaInterval: Double?
    @Option(name: .customLong("maghrib-angle"), parsing: .unconditional, help: "Override: Maghrib at this angle (degrees).")
    var maghribAngle: Double?
    @Option(help: "Moonsighting Committee shafaq.")
    var shafaq: Shafaq = standard.shafaq
    @Option(name: .customLong("imsak-minutes"), parsing: .unconditional, help: "Imsak, minutes before Fajr.")
    var imsakMinutes: Double = standard.imsakMinutes
    @Option(help: "A timetable file (CSV or JSON): its days as the unit uses them, the method's for days outside it (marked).")
    var timetable: String?
    @Option(help: "Output format (html: the printable month, with --month or --ramadan).")
    var format: OutputFormat = standard.format
    @Option(help: "A month, YYYY-MM: its days (instead of --date and --days).")
    var month: String?
    @Option(help: "A Hijri year: the days of its Ramadan (instead of --date and --days).")
    var ramadan: String?
    @Option(help: "The unit's site config (e.g. /etc/mihrab/mihrab.toml): its place, zone, calculation, timetable, iqamah, Jumu'ah and title instead of the options here (--lat/--lon/--tz still override its place and zone).")
    var config: String?
    @Option(help: "The printed month's language (default: the config's screen language, else en).")
    var lang: String?

    var options: TimesOptions {
        TimesOptions(
            lat: lat, lon: lon, elevation: elevation, date: date, days: days, tz: tz, method: method,
            jakimZone: jakimZone, madhab: madhab, highLatitudeRule: highLatitudeRule,
            onlyWhenAngleFails: onlyWhenAngleFails, nearestLatitude: nearestLatitude, polar: polar,
            rounding: rounding, adjust: adjust, precautions: precautions, showMethod: showMethod,
            hijriOffset: hijriOffset, fajrAngle: fajrAngle, ishaAngle: ishaAngle, ishaInterval: ishaInterval,
            maghribAngle: maghribAngle, shafaq: shafaq, imsakMinutes: imsakMinutes, timetable: timetable,
            format: format, month: month, ramadan: ramadan, config: config, lang: lang)
    }

    func validate() throws { try options.validate() }
    func run() throws { try options.run() }
}
