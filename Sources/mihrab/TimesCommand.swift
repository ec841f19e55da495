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

/// `mihrab times`: the prayer times of one or more days at a place.
struct TimesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "times", abstract: "Show the prayer times of a place and date.")

    @Option(parsing: .unconditional, help: "Latitude in degrees, -90 to 90 (north positive).") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude in degrees, -180 to 180 (east positive).") var lon: Double?
    @Option(parsing: .unconditional, help: "Elevation in metres; above 0 it lowers the horizon for sunrise and sunset.") var elevation: Double = 0
    @Option(help: "The first date, YYYY-MM-DD (default: today in the zone).") var date: String?
    @Option(parsing: .unconditional, help: "How many days, 1 to 366 (default 1).") var days: Int?
    @Option(help: "IANA time zone, e.g. Asia/Riyadh (default: the system's).") var tz: String?
    @Option(help: "Calculation method (default: mwl; jakim with --jakim-zone).") var method: CalculationMethod?
    @Option(name: .customLong("jakim-zone"), help: "A JAKIM zone (Malaysia), e.g. WLY01: the zone's published times, each at the zone's own point (--lat/--lon then not needed).")
    var jakimZone: String?
    @Option(help: "Asr school.") var madhab: Madhab = .shafi
    @Option(name: .customLong("high-latitude-rule"), help: "Fajr and Isha bound for short nights.")
    var highLatitudeRule: HighLatitudeRule = .automatic
    @Flag(name: .customLong("only-when-angle-fails"), help: "Apply the high-latitude rule only when the angle is never reached.")
    var onlyWhenAngleFails = false
    @Option(name: .customLong("nearest-latitude"), help: "Reference latitude of the nearest-latitude rule.")
    var nearestLatitude: Double = 48.5
    @Option(help: "Rule for days without sunrise or sunset.") var polar: PolarRule = .nearestLatitude
    @Option(help: "Rounding of the times.") var rounding: Rounding?
    @Option(parsing: .unconditional, help: "Minutes per prayer on top of the method's, e.g. fajr=2,isha=-1.") var adjust: String?
    @Option(parsing: .unconditional, help: "Replace the method's precautions (minutes added before rounding), e.g. sunrise=-1,dhuhr=1.")
    var precautions: String?
    @Flag(name: .customLong("show-method"), help: "Print the method's parameters (with the overrides given) and its sources, then exit.")
    var showMethod = false
    @Option(name: .customLong("hijri-offset"), parsing: .unconditional, help: "Days added to the Hijri date, -2 to 2.") var hijriOffset: Int = 0
    @Option(name: .customLong("fajr-angle"), parsing: .unconditional, help: "Override the method's Fajr angle (degrees).") var fajrAngle: Double?
    @Option(name: .customLong("isha-angle"), parsing: .unconditional, help: "Override: Isha at this angle (degrees).") var ishaAngle: Double?
    @Option(name: .customLong("isha-interval"), parsing: .unconditional, help: "Override: Isha this many minutes after Maghrib.") var ishaInterval: Double?
    @Option(name: .customLong("maghrib-angle"), parsing: .unconditional, help: "Override: Maghrib at this angle (degrees).") var maghribAngle: Double?
    @Option(help: "Moonsighting Committee shafaq.") var shafaq: Shafaq = .general
    @Option(name: .customLong("imsak-minutes"), parsing: .unconditional, help: "Imsak, minutes before Fajr.") var imsakMinutes: Double = 10
    @Option(help: "A timetable file (CSV or JSON): its days as the unit uses them, the method's for days outside it (marked).")
    var timetable: String?
    @Option(help: "Output format (html: the printable month, with --month or --ramadan).") var format: OutputFormat = .text
    @Option(help: "A month, YYYY-MM: its days (instead of --date and --days).") var month: String?
    @Option(help: "A Hijri year: the days of its Ramadan (instead of --date and --days).") var ramadan: String?
    @Option(help: "The unit's site config (e.g. /etc/mihrab/mihrab.toml): its place, zone, calculation, timetable, iqamah, Jumu'ah and title instead of the options here (--lat/--lon/--tz still override its place and zone).")
    var config: String?
    @Option(help: "The printed month's language (default: the config's screen language, else en).") var lang: String?

    func validate() throws {
        try validateZone()
        try validateMonth()
        if !showMethod, jakimZone == nil, config == nil, lat == nil || lon == nil {
            throw ValidationError("--lat and --lon are required (except with --show-method or --jakim-zone)")
        }
        if let lat, !(lat.isFinite && (-90...90).contains(lat)) {
            throw ValidationError("--lat must be between -90 and 90 degrees (got \(lat))")
        }
        if let lon, !(lon.isFinite && (-180...180).contains(lon)) {
            throw ValidationError("--lon must be between -180 and 180 degrees (got \(lon))")
        }
        guard elevation.isFinite, (-500...9000).contains(elevation) else {
            throw ValidationError("--elevation must be between -500 and 9000 metres (got \(elevation))")
        }
        if let days, !(1...366).contains(days) { throw ValidationError("--days must be between 1 and 366 (got \(days))") }
        guard (-2...2).contains(hijriOffset) else {
            throw ValidationError("--hijri-offset must be between -2 and 2 days (got \(hijriOffset))")
        }
        if let date, CivilDate(iso: date) == nil {
            throw ValidationError("--date must be a date as YYYY-MM-DD (got '\(date)')")
        }
        for (name, value, range) in [("--fajr-angle", fajrAngle, 0.0...30.0), ("--isha-angle", ishaAngle, 0.0...30.0),
                                     ("--maghrib-angle", maghribAngle, 0.0...30.0),
                                     ("--isha-interval", ishaInterval, 0.0...300.0),
                                     ("--nearest-latitude", nearestLatitude, 0.0...65.0),
                                     ("--imsak-minutes", imsakMinutes, 0.0...60.0)] {
            if let v = value, !(v.isFinite && range.contains(v)) {
                throw ValidationError("\(name) must be between \(range.lowerBound) and \(range.upperBound) (got \(v))")
            }
        }
        if ishaAngle != nil && ishaInterval != nil {
            throw ValidationError("--isha-angle and --isha-interval exclude each other: give one")
        }
        _ = try Self.perPrayerMinutes(adjust, option: "--adjust")
        _ = try Self.perPrayerMinutes(precautions, option: "--precautions")
    }

    /// `fajr=2,isha=-1`: minutes for the prayers named (-120 to 120).
    static func perPrayerMinutes(_ text: String?, option: String) throws -> [Prayer: Double] {
        var result: [Prayer: Double] = [:]
        guard let text, !text.isEmpty else { return result }
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let kv = item.split(separator: "=", omittingEmptySubsequences: false)
            let allowed = Prayer.allCases.map(\.rawValue).joined(separator: ", ")
            guard kv.count == 2, let prayer = Prayer(rawValue: kv[0].trimmingSpaces()) else {
                throw ValidationError("\(option): '\(item)' is not PRAYER=MINUTES (prayers: \(allowed))")
            }
            guard let minutes = Double(kv[1].trimmingSpaces()), minutes.isFinite,
                  abs(minutes) <= 120 else {
                throw ValidationError("\(option): '\(item)' needs minutes between -120 and 120")
            }
            result[prayer] = minutes
        }
        return result
    }

    func parameters() throws -> CalculationParameters {
        let zone = try zone()
        var p = (method ?? (zone == nil ? .mwl : .jakim)).parameters
        p.referencePoints = nil
        zone?.apply(to: &p)
        p.madhab = madhab
        p.highLatitudeRule = highLatitudeRule
        p.highLatitudeRuleOnlyWhenAngleFails = onlyWhenAngleFails
        p.nearestLatitude = nearestLatitude
        p.polarRule = polar
        if let rounding { p.rounding = rounding }
        for (prayer, minutes) in try Self.perPrayerMinutes(adjust, option: "--adjust") { p.adjustments[prayer] = minutes }
        for (prayer, minutes) in try Self.perPrayerMinutes(precautions, option: "--precautions") {
            p.precautions[prayer] = minutes
        }
        p.shafaq = shafaq
        p.imsakMinutes = imsakMinutes
        if let fajrAngle { p.fajrAngle = fajrAngle }
        if let ishaAngle { p.isha = .angle(ishaAngle) }
        if let ishaInterval { p.isha = .minutesAfterMaghrib(ishaInterval); p.ishaRamadanMinutes = nil }
        if let maghribAngle { p.maghrib = .angle(maghribAngle) }
        return p
    }

    func run() throws {
        if showMethod {
            let report = MethodReport(try parameters(), zone: try zone())
            print(format == .json ? try report.json() : report.text, terminator: "")
            return
        }
        let unit = try unit()
        let period = try self.period()
        if format == .html, let period {
            print(try printedMonth(period, unit), terminator: "")
            return
        }
        let (first, count) = period?.days(hijriOffset: unit.site.hijriOffset)
            ?? (date.flatMap { CivilDate(iso: $0) } ?? LocalTime(unix: Date().timeIntervalSince1970, zone: unit.zone).date, days ?? 1)
        var table = TimesTable(zone: unit.zone, coordinates: unit.place, parameters: unit.site.parameters, hijriOffset: unit.site.hijriOffset,
                               timetable: unit.site.timetable)
        table.jakimZone = unit.site.jakimZone
        let rows = table.rows(from: first, days: count)
        switch format {
        case .text: print(table.text(rows), terminator: "")
        case .json: print(table.json(rows))
        case .csv: print(table.csv(rows), terminator: "")
        case .html: break  // refused without --month or --ramadan (validateMonth)
        }
    }
}
