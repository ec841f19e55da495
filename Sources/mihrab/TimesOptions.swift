import ArgumentParser
import FoundationEssentials
import Glibc
import PrayerTimes
import Platform
import Screen
import UnitModel

/// What `mihrab times` was asked, as plain values: filled by ArgumentParser (`TimesCommand`) or,
/// for a plain command line, by `QuickTimes`. The defaults here are the command's.
struct TimesOptions: Equatable, Sendable {
    var lat: Double? = nil
    var lon: Double? = nil
    var elevation: Double = 0
    var date: String? = nil
    var days: Int? = nil
    var tz: String? = nil
    var method: CalculationMethod? = nil
    var jakimZone: String? = nil
    var madhab: Madhab = .shafi
    var highLatitudeRule: HighLatitudeRule = .automatic
    var onlyWhenAngleFails = false
    var nearestLatitude: Double = 48.5
    var polar: PolarRule = .nearestLatitude
    var rounding: Rounding? = nil
    var adjust: String? = nil
    var precautions: String? = nil
    var showMethod = false
    var hijriOffset: Int = 0
    var fajrAngle: Double? = nil
    var ishaAngle: Double? = nil
    var ishaInterval: Double? = nil
    var maghribAngle: Double? = nil
    var shafaq: Shafaq = .general
    var imsakMinutes: Double = 10
    var timetable: String? = nil
    var format: OutputFormat = .text
    var month: String? = nil
    var ramadan: String? = nil
    var config: String? = nil
    var lang: String? = nil
}

extension TimesOptions {
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
