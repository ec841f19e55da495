import Testing
@testable import PrayerTimes

/// Every JAKIM zone at its fitted reference points, computed the way the unit computes it,
/// against JAKIM's own e-Solat table of 2025 (in-sample: the table the points were fitted to;
/// `../shared/reference/authority`, skipped when absent).
@Suite("JAKIM zones", .enabled(if: AuthorityTables.present, "../shared/reference/authority is absent: skipped"))
struct JakimZoneTests {
    /// The times that do not yet meet the goal, each with the share within a minute and the
    /// worst difference it keeps at least, and why. Anything else must meet the goal.
    static let shortOfGoal: [String: (withinOne: Double, worst: Int, why: String)] = [
        "KDH02 asr": (0.92, 3, "Kedah's southern zones' Asr runs 2 minutes early for two weeks after the March equinox and a minute either way elsewhere; no point, height or constant fits"),
        "KDH04 asr": (0.89, 4, "as KDH02's Asr"),
        "KDH05 asr": (0.94, 5, "as KDH02's Asr"),
        "KDH07 asr": (0.91, 3, "KDH02's Asr, to the minute"),
        "SBH06 fajr": (0.99, 4, "the table's 12-14 March 2025 run 2-4 minutes off the rest (every time that day)"),
        "SBH06 sunrise": (0.26, 2, "Kinabalu's Syuruk has a shape over the year that no point and height of the summit gives"),
        "SBH06 dhuhr": (0.99, 2, "the table's 12-14 March 2025"),
        "SBH06 asr": (0.99, 6, "the table's 12-14 March 2025"),
        "SBH06 maghrib": (0.91, 9, "the table's December Maghrib is 8-9 minutes later than its November: the summit's dip dropped"),
        "SBH09 fajr": (0.98, 11, "the table's 28-31 March 2025 are not SBH09's: every time jumps 6-20 minutes and back"),
        "SBH09 sunrise": (0.98, 11, "the table's 28-31 March 2025"),
        "SBH09 dhuhr": (0.98, 7, "the table's 28-31 March 2025"),
        "SBH09 asr": (0.98, 20, "the table's 28-31 March 2025"),
        "SBH09 maghrib": (0.89, 3, "the table's 28-31 March 2025, and a minute either way in April"),
    ]

    @Test("every zone of JAKIM's 2025 table, each time at its point: >= 99% within a minute and all within two (but the times listed short of it)")
    func everyZone() throws {
        let tables = try AuthorityTables.jakim()
        #expect(Set(JakimZone.all.map(\.code)) == Set(tables.days.keys), "the table's zones and JakimZone's")
        var met = 0, all = 0
        for zone in JakimZone.all {
            var p = CalculationMethod.jakim.parameters
            p.referencePoints = zone.points
            let calculator = PrayerCalculator(parameters: p)
            let days = try #require(tables.days[zone.code], "\(zone.code) is not in the table")
            var diffs: [Prayer: [(CivilDate, Int)]] = [:]
            for (date, published) in days {
                // The place given is not used: each time comes from its own point.
                let s = calculator.schedule(for: date, at: zone.points.dhuhr.coordinates, utcOffset: 28_800)
                for (prayer, minute) in published {
                    diffs[prayer, default: []].append((date, AuthorityTableTests.minuteOfDay(s[prayer], offset: 28_800) - minute))
                }
            }
            for prayer in Prayer.allCases {
                let d = diffs[prayer] ?? []
                let withinOne = Double(d.filter { abs($0.1) <= 1 }.count) / Double(max(1, d.count))
                let worst = d.map { abs($0.1) }.max() ?? 0
                let off = d.filter { abs($0.1) > 1 }.map { "\($0.0) \($0.1 > 0 ? "+" : "")\($0.1)" }
                let what = "\(zone.code) \(prayer.rawValue): \(Int(withinOne * 1000)) per mille within 1 min, worst \(worst); more than a minute off: \(off.prefix(12).joined(separator: ", "))"
                #expect(d.count == 365, "\(zone.code) \(prayer.rawValue): \(d.count) days")
                // The table in the source says the same of itself.
                #expect(zone.fit[prayer].withinOne == d.filter { abs($0.1) <= 1 }.count && zone.fit[prayer].worst == worst, "\(what): the table says \(zone.fit[prayer])")
                all += 1
                if let known = Self.shortOfGoal["\(zone.code) \(prayer.rawValue)"] {
                    #expect(withinOne >= known.withinOne && worst <= known.worst, "\(what) (\(known.why))")
                } else {
                    #expect(withinOne >= 0.99 && worst <= 2, "\(what)")
                    met += 1
                }
            }
        }
        #expect(all == 360 && met == all - Self.shortOfGoal.count)
        print("JAKIM 2025 at the fitted points: \(met) of \(all) zone times meet the goal; short of it: \(Self.shortOfGoal.keys.sorted().joined(separator: ", "))")
    }
}

@Suite("reference points")
struct ReferencePointTests {
    let kl = Coordinates(latitude: 3.139, longitude: 101.6869)!
    let date = CivilDate(year: 2026, month: 3, day: 20)!

    @Test("six points at one place give that place's schedule")
    func samePlace() {
        let plain = PrayerCalculator(parameters: CalculationMethod.jakim.parameters)
        var p = CalculationMethod.jakim.parameters
        p.referencePoints = ReferencePoints(repeating: ReferencePoint(kl))
        let elsewhere = Coordinates(latitude: 51.5, longitude: -0.12)!
        #expect(PrayerCalculator(parameters: p).schedule(for: date, at: elsewhere, utcOffset: 28_800)
                == plain.schedule(for: date, at: kl, utcOffset: 28_800))
    }

    @Test("a point's adjustment moves only its own time, before rounding; a point a degree east is 4 minutes earlier")
    func adjustmentAndLongitude() {
        var none = CalculationMethod.jakim.parameters
        none.rounding = .none
        let base = PrayerCalculator(parameters: none).schedule(for: date, at: kl, utcOffset: 28_800)
        var p = none
        p.referencePoints = ReferencePoints(repeating: ReferencePoint(kl))
        p.referencePoints?.asr = ReferencePoint(kl, adjustmentSeconds: 45)
        p.referencePoints?.dhuhr = ReferencePoint(Coordinates(latitude: 3.139, longitude: 102.6869)!)
        let s = PrayerCalculator(parameters: p).schedule(for: date, at: kl, utcOffset: 28_800)
        #expect(s.asr == base.asr + 45)
        #expect(abs(s.dhuhr - (base.dhuhr - 240)) < 1)
        #expect(s.fajr == base.fajr && s.isha == base.isha && s.maghrib == base.maghrib)
    }

    @Test("a height lowers the horizon; with the dip on the twilight angles Subuh comes earlier and Isyak later too")
    func dip() {
        var none = CalculationMethod.jakim.parameters
        none.rounding = .none
        let ground = PrayerCalculator(parameters: none).schedule(for: date, at: kl, utcOffset: 28_800)
        let high = Coordinates(latitude: 3.139, longitude: 101.6869, elevation: 1000)!
        var p = none
        p.referencePoints = ReferencePoints(repeating: ReferencePoint(high))
        let plain = PrayerCalculator(parameters: p).schedule(for: date, at: kl, utcOffset: 28_800)
        p.referencePoints = ReferencePoints(repeating: ReferencePoint(high, dipOnTwilight: true))
        let dipped = PrayerCalculator(parameters: p).schedule(for: date, at: kl, utcOffset: 28_800)
        // 1000 m: a dip of 1.10 degrees, about 4.4 minutes of the Sun's climb near the equator.
        #expect(ground.sunrise - plain.sunrise > 240 && ground.sunrise - plain.sunrise < 300)
        #expect(plain.fajr == ground.fajr && plain.isha == ground.isha)
        #expect(plain.fajr - dipped.fajr > 240 && dipped.isha - plain.isha > 240)
    }
}
