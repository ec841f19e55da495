import FoundationEssentials
import Glibc
import PrayerTimes
import TOMLKit
import UnitModel

extension SiteConfig {
    /// Reads and validates a site config file. Every error names the file, line and key.
    /// `lenientSounds` (a daemon starting): a sound file that is missing or does not decode is
    /// not an error but a problem the unit logs and shows, its buzzer pattern sounding
    /// instead: a bad file dropped into the sound folder must not keep the unit down.
    public static func load(path: String, lenientSounds: Bool = false) throws(ConfigError) -> SiteConfig {
        try parse(try TableReader.text(of: path), file: path, lenientSounds: lenientSounds)
    }

    /// `timetable`: a timetable that came as text (a site config's, over the network): when
    /// `calculation.timetable` names it, it is read from there, never from the disk.
    public static func parse(_ text: String, file: String, lenientSounds: Bool = false,
                             timetable given: TimetableText? = nil) throws(ConfigError) -> SiteConfig {
        let root = try TableReader.root(of: text, file: file)
        var c = SiteConfig()
        try c.readLocation(root)
        try c.readTime(root)
        try c.readCalculation(root, given: given)
        try c.readPrayerEvents(root)
        try c.readSounds(root)
        try c.readDevice(root)
        try c.readScreen(root)
        try c.readDisplay(root)
        try c.readEvents(root)
        try c.readNetwork(root)
        try c.readRoster(root)
        try root.finish()
        try c.resolveSounds(root, lenient: lenientSounds)
        return c
    }

    private mutating func readLocation(_ root: TableReader) throws(ConfigError) {
        guard let t = try root.subtable("location") else { return }
        if let s = try t.choice("source", LocationSource.self) { locationSource = s }
        if let v = try t.double("latitude", in: -90...90) { latitude = v }
        if let v = try t.double("longitude", in: -180...180) { longitude = v }
        if let v = try t.double("elevation", in: -500...9000) { elevation = v }
        if let v = try t.double("replan_distance_km", in: 0.01...1000) { replanDistanceKm = v }
        try t.finish()
    }

    private mutating func readTime(_ root: TableReader) throws(ConfigError) {
        guard let t = try root.subtable("time") else { return }
        if let z = try t.string("zone") {
            if z != "system" {
                do { _ = try ZoneRules.load(z) } catch { throw t.error("zone", error.description) }
            }
            zone = z
        }
        if let v = try t.bool("assume_synchronized") { assumeSynchronized = v }
        try t.finish()
    }

    private mutating func readCalculation(_ root: TableReader, given: TimetableText?) throws(ConfigError) {
        guard let t = try root.subtable("calculation") else { return }
        // A JAKIM zone is the JAKIM method at the zone's points (checked before the keys it excludes are read).
        let jakim = try SiteConfig.jakimZone(t)
        let method = try t.choice("method", CalculationMethod.self) ?? (jakim == nil ? .mwl : .jakim)
        var p = method.parameters
        if let jakim { jakim.apply(to: &p) } else { p.referencePoints = try SiteConfig.referencePoints(t) }
        jakimZone = jakim?.code
        // A JAKIM zone's times are on Malaysia's clock: that, unless [time] zone names another
        // IANA zone ("system" does not: a unit's system clock is often left on UTC).
        if jakim != nil, zone == "system" { zone = "Asia/Kuala_Lumpur" }
        if let v = try t.choice("madhab", Madhab.self) { p.madhab = v }
        if let v = try t.choice("high_latitude_rule", HighLatitudeRule.self) { p.highLatitudeRule = v }
        if let v = try t.bool("only_when_angle_fails") { p.highLatitudeRuleOnlyWhenAngleFails = v }
        if let v = try t.double("nearest_latitude", in: 0...65) { p.nearestLatitude = v }
        if let v = try t.choice("polar", PolarRule.self) { p.polarRule = v }
        if let v = try t.choice("rounding", Rounding.self) { p.rounding = v }
        if let v = try t.choice("shafaq", Shafaq.self) { p.shafaq = v }
        if let v = try t.double("fajr_angle", in: 0...30) { p.fajrAngle = v }
        if let v = try t.double("isha_angle", in: 0...30) { p.isha = .angle(v) }
        if let v = try t.double("isha_interval", in: 0...300) {
            if t.has("isha_angle") { throw t.error("isha_interval", "isha_angle and isha_interval exclude each other") }
            p.isha = .minutesAfterMaghrib(v)
            p.ishaRamadanMinutes = nil
        }
        if let v = try t.double("maghrib_angle", in: 0...30) { p.maghrib = .angle(v) }
        if let v = try t.double("imsak_minutes", in: 0...60) { p.imsakMinutes = v }
        if let v = try t.int("hijri_offset", in: -2...2) { hijriOffset = v }
        if let path = try t.string("timetable") {
            timetablePath = path
            timetable = path.isEmpty ? nil : try loadTimetable(path, t, given: given?.name == path ? given : nil)
        }
        if let a = try t.subtable("precautions") {
            // Replace the method's precautions (minutes added before rounding) for the prayers named.
            for prayer in Prayer.allCases {
                if let v = try a.double(prayer.rawValue, in: -120...120) { p.precautions[prayer] = v }
            }
            try a.finish()
        }
        if let a = try t.subtable("adjustments") {
            for prayer in Prayer.allCases {
                if let v = try a.double(prayer.rawValue, in: -120...120) { p.adjustments[prayer] = v }
            }
            try a.finish()
        }
        parameters = p
        try t.finish()
    }

    /// The timetable, a relative path read from the config file's folder, checked against
    /// the configured zone's clock changes (or `given`, its text); its errors are the config
    /// error's lines.
    private func loadTimetable(_ path: String, _ t: TableReader, given: TimetableText?) throws(ConfigError) -> Timetable {
        let full = given != nil ? path : resolvedPath(path, besideFile: t.file)
        let rules = try? ZoneRules.named(zone)
        do {
            if let given { return try Timetable.parse(Array(given.text.utf8), file: given.name, zone: rules) }
            return try Timetable.load(path: full, zone: rules)
        } catch {
            let lines = error.lines
            if lines.count == 1 { throw t.error("timetable", lines[0]) }
            let shown = Array(lines.prefix(SiteConfig.timetableErrorLines))
            let more = lines.count - shown.count
            let base = t.error("timetable", "\(lines.count) errors in \(full), one a line:")
            throw ConfigError(file: base.file, line: base.line, path: base.path, message: base.message,
                              details: shown + (more > 0 ? ["... and \(more) more"] : []))
        }
    }

    private mutating func readPrayerEvents(_ root: TableReader) throws(ConfigError) {
        if let t = try root.subtable("iqamah") {
            for prayer in SiteConfig.prayers where t.has(prayer.rawValue) {
                if let s = t.table[prayer.rawValue]?.string {
                    guard let m = TableReader.minutes(s) else {
                        throw t.error(prayer.rawValue, "\(quoted(s)) must be minutes after the adhan (0 to 120) or a time \"HH:MM\"")
                    }
                    _ = try t.string(prayer.rawValue)
                    iqamah[prayer] = .fixed(m)
                } else if let m = try t.int(prayer.rawValue, in: 0...120) {
                    iqamah[prayer] = .minutesAfterAdhan(m)
                }
            }
            try t.finish()
        }
        if let t = try root.subtable("jumuah") {
            if let times = try t.array("times") {
                var out: [JumuahTime] = []
                for v in times {
                    guard let s = v.string else { throw t.error("times", "must be a list of \"HH:MM\" or \"dhuhr\"") }
                    if s == "dhuhr" { out.append(.dhuhr) } else if let m = TableReader.minutes(s) { out.append(.fixed(m)) } else {
                        throw t.error("times", "\(quoted(s)) is not \"dhuhr\" or a time \"HH:MM\"")
                    }
                }
                guard !out.isEmpty, out.count <= 4 else { throw t.error("times", "give one to four times") }
                jumuah = out
            }
            try t.finish()
        }
        if let t = try root.subtable("reminders") {
            for prayer in SiteConfig.prayers {
                if let m = try t.int(prayer.rawValue, in: 0...60) { reminders[prayer] = m == 0 ? nil : m }
            }
            if let m = try t.int("sunrise", in: 0...60) { sunriseWarningMinutes = m }  // 0: at sunrise
            try t.finish()
        }
    }

    private mutating func readSounds(_ root: TableReader) throws(ConfigError) {
        if let t = try root.subtable("patterns") {
            for key in t.table.keys.sorted() {
                guard let a = try t.array(key) else { continue }
                let ms = a.compactMap { $0.int }
                guard ms.count == a.count, (1...64).contains(ms.count), ms.allSatisfy({ (10...600_000).contains($0) }) else {
                    throw t.error(key, "must be 1 to 64 durations in milliseconds (10 to 600000), on, off, on, ...")
                }
                patterns[key] = ms
            }
            try t.finish()
        }
        try readSoundTable(root)
        if let periods = try root.array("quiet") {
            quiet = []
            for (i, v) in periods.enumerated() {
                guard let q = v.table else { throw root.error("quiet", "must be [[quiet]] tables with from and to") }
                let t = TableReader(q, path: "quiet[\(i)]", file: root.file, lines: root.lines)
                guard let from = try t.clockTime("from"), let to = try t.clockTime("to") else {
                    throw t.error(t.has("from") ? "to" : "from", "is missing (\"HH:MM\")")
                }
                try t.finish()
                quiet.append(Quiet(from: from, to: to))
            }
        }
    }

    private mutating func readDevice(_ root: TableReader) throws(ConfigError) {
        if let t = try root.subtable("compass") {
            if let v = try t.double("rate_hz", in: 1...100) { compassRate = v }
            if let v = try t.double("smoothing_s", in: 0...60) { smoothingSeconds = v }
            if let v = try t.double("aligned_tolerance_deg", in: 0.5...45) { alignedToleranceDegrees = v }
            try t.finish()
        }
        if let t = try root.subtable("outputs") {
            if let v = try t.int("next_prayer_blink_minutes", in: 0...120) { nextPrayerBlinkMinutes = v }
            try t.finish()
        }
        if let t = try root.subtable("service") {
            if let v = try t.string("board") { board = v }
            if let v = try t.string("state_directory") { stateDirectory = v }
            if let v = try t.string("runtime_directory") { runtimeDirectory = v }
            if let v = try t.double("grace_minutes", in: 0...60) { graceSeconds = v * 60 }
            try t.finish()
        }
    }
}
