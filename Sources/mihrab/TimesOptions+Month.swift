import ArgumentParser
import FoundationEssentials
import Glibc
import PrayerTimes
import Screen
import UnitModel

/// `mihrab times --month YYYY-MM` / `--ramadan YYYY` (any format; html: the printable month,
/// the page the screen serves at /timetable) and `--config FILE` (the unit's own settings).
extension TimesOptions {
    /// Where and how the times are computed: the unit's config, or one made of the options.
    struct Unit {
        var site: SiteConfig
        var zone: ZoneRules
        /// The position given or configured (nil: none, a JAKIM zone's points give the times).
        var position: Coordinates?
        /// Where the times are computed for.
        var place: Coordinates
    }

    /// The options that say how to compute, which a config file says itself.
    private var calculationOptions: [(String, Bool)] {
        [("--method", method != nil), ("--jakim-zone", jakimZone != nil), ("--rounding", rounding != nil), ("--adjust", adjust != nil),
         ("--precautions", precautions != nil), ("--fajr-angle", fajrAngle != nil), ("--isha-angle", ishaAngle != nil),
         ("--isha-interval", ishaInterval != nil), ("--maghrib-angle", maghribAngle != nil), ("--timetable", timetable != nil)]
    }

    func validateMonth() throws {
        if month != nil, ramadan != nil { throw ValidationError("--month and --ramadan exclude each other: give one") }
        if let month, PrintedPeriod.parsing(month: month) == nil {
            throw ValidationError("--month must be a month as YYYY-MM, \(PrintedPeriod.years.lowerBound) to \(PrintedPeriod.years.upperBound) (got '\(month)')")
        }
        if let ramadan, PrintedPeriod.parsing(ramadan: ramadan) == nil {
            throw ValidationError("--ramadan must be a Hijri year, \(PrintedPeriod.hijriYears.lowerBound) to \(PrintedPeriod.hijriYears.upperBound) (got '\(ramadan)')")
        }
        let span = month != nil || ramadan != nil
        if span, date != nil || days != nil {
            throw ValidationError("--\(month != nil ? "month" : "ramadan") gives the days itself: leave out --date and --days")
        }
        if format == .html, !span { throw ValidationError("--format html is the printable month: give --month YYYY-MM or --ramadan YYYY") }
        if let lang {
            guard format == .html else { throw ValidationError("--lang is the printed month's language: only with --format html") }
            guard ScreenConfig.languages.contains(lang) else {
                throw ValidationError("--lang must be one of \(ScreenConfig.languages.joined(separator: ", ")) (got '\(lang)')")
            }
        }
        if config != nil, let (option, _) = calculationOptions.first(where: { $0.1 }) {
            throw ValidationError("\(option) cannot go with --config: the config's [calculation] says how the unit computes its times")
        }
        if config != nil, showMethod { throw ValidationError("--show-method cannot go with --config") }
    }

    /// --month or --ramadan (nil: neither; both checked by `validateMonth`).
    func period() throws -> PrintedPeriod? {
        if let month { return PrintedPeriod.parsing(month: month) }
        if let ramadan { return PrintedPeriod.parsing(ramadan: ramadan) }
        return nil
    }

    func unit() throws -> Unit {
        let given = lat.flatMap { lat in lon.flatMap { Coordinates(latitude: lat, longitude: $0, elevation: elevation) } }
        guard let config else {
            let jakim = try zone()
            // JAKIM's zones are all in Malaysia: its clock unless --tz says otherwise.
            let zone = try zoneRules(tz ?? (jakim == nil ? nil : TimesOptions.jakimTimeZone))
            var site = SiteConfig()
            site.parameters = try parameters()
            site.hijriOffset = hijriOffset
            site.timetable = try timetable.map { try loadTimetable($0, zone: zone) }
            site.jakimZone = jakim?.code
            // With a zone the times are the zone's points'; the place shown is the zone's.
            guard let place = site.parameters.place(unit: given) else {
                throw CommandError("--lat/--lon: not a place on Earth", exitCode: .validationFailure)
            }
            return Unit(site: site, zone: zone, position: given, place: place)
        }
        let site = try loadConfig(config, lenientSounds: true)
        let zoneName = tz ?? site.zone
        let zone: ZoneRules
        do { zone = try ZoneRules.named(zoneName) } catch {
            throw CommandError("\(tz == nil ? "\(config): time.zone" : "--tz"): \(error)", exitCode: .config)
        }
        let configured = site.locationSource == .fixed
            ? Coordinates(latitude: site.latitude, longitude: site.longitude, elevation: site.elevation) : nil
        let position = given ?? configured
        guard let place = site.parameters.place(unit: position) else {
            throw CommandError("\(config): the unit's position comes from its GPS: give --lat and --lon", exitCode: .validationFailure)
        }
        return Unit(site: site, zone: zone, position: position, place: place)
    }

    /// The printable month, made as the screen's server makes it (`PrintedMonth.html`).
    func printedMonth(_ period: PrintedPeriod, _ unit: Unit) throws -> String {
        let input = ScreenInput(config: unit.site, zone: unit.zone, days: [], trusted: true, position: unit.position)
        let today = LocalTime(unix: Date().timeIntervalSince1970, zone: unit.zone).date
        let request = PrintedMonth.Request(period: period, language: lang ?? unit.site.screen.language, digits: unit.site.screen.digits)
        do { return try PrintedMonth.html(input, request, printed: today) } catch {
            throw CommandError(error.description, exitCode: .validationFailure)
        }
    }
}
