import Testing
@testable import PrayerTimes
import ReferenceFit

/// Every JAKIM zone at its fitted reference points, computed the way the unit computes it,
/// against JAKIM's own e-Solat table of 2025 (in-sample: the table the points were fitted to;
/// `../shared/reference/authority`, skipped when absent), but for the days the table has
/// wrong (`TableErratum`: 7 days of two zones).
@Suite("JAKIM zones", .enabled(if: AuthorityTables.present, "../shared/reference/authority is absent: skipped"))
struct JakimZoneTests {
    /// The times that do not yet meet the goal, each with the share within a minute and the
    /// worst difference it keeps at least, and why. Anything else must meet the goal.
    static let shortOfGoal: [String: (withinOne: Double, worst: Int, why: String)] = [
        "KDH02 asr": (0.93, 3, "southern Kedah's Asr runs 2 to 5 minutes early from the March equinox to the Sun's noon overhead (21 March to 4 April) and for days around its return in September; no point, height or constant gives that"),
        "KDH04 asr": (0.91, 4, "as KDH02's Asr"),
        "KDH05 asr": (0.94, 5, "as KDH02's Asr"),
        "KDH07 asr": (0.93, 3, "KDH02's Asr, to the minute"),
        "SBH06 maghrib": (0.91, 9, "the table's December Maghrib is 8 to 9 minutes earlier than the summit's of January to November, as if at sea level"),
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
            for (date, published) in days where !TableErratum.jakim2025.contains(where: { $0.covers(zone.code, date) }) {
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
                let left = TableErratum.jakim2025.filter { $0.zone == zone.code }.map { $0.to.daysSinceEpoch - $0.from.daysSinceEpoch + 1 }.reduce(0, +)
                #expect(d.count == 365 - left, "\(zone.code) \(prayer.rawValue): \(d.count) days")
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
