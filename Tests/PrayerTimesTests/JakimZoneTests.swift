import Testing
@testable import PrayerTimes
import ReferenceFit

/// Every JAKIM zone at its fitted reference points, computed the way the unit computes it,
/// against JAKIM's own e-Solat table of 2026 (in-sample: the table the points were fitted to;
/// `../shared/reference/authority`, whose file named 2025 holds it; skipped when absent), but
/// for the days the table has wrong (`TableErratum`: 7 days of two zones). SBH06's December
/// Maghrib is computed by its season (at sea level).
@Suite("JAKIM zones", .enabled(if: AuthorityTables.present, "../shared/reference/authority is absent: skipped"))
struct JakimZoneTests {
    @Test("every zone of JAKIM's 2026 table, each time at its point (Kedah's derived from KDH01's): >= 99% within a minute and all within two")
    func everyZone() throws {
        let tables = try AuthorityTables.jakim()
        #expect(Set(JakimZone.all.map(\.code)) == Set(tables.days.keys), "the table's zones and JakimZone's")
        var met = 0, all = 0
        for zone in JakimZone.all {
            var p = CalculationMethod.jakim.parameters
            zone.apply(to: &p)
            let calculator = PrayerCalculator(parameters: p)
            let days = try #require(tables.days[zone.code], "\(zone.code) is not in the table")
            var diffs: [Prayer: [(CivilDate, Int)]] = [:]
            for (date, published) in days {
                // The place given is not used: each time comes from its own point.
                let s = calculator.schedule(for: date, at: zone.points.dhuhr.coordinates, utcOffset: 28_800)
                for (prayer, minute) in published where !TableErratum.jakim2026.contains(where: { $0.covers(zone.code, date, prayer) }) {
                    diffs[prayer, default: []].append((date, AuthorityTableTests.minuteOfDay(s[prayer], offset: 28_800) - minute))
                }
            }
            for prayer in Prayer.allCases {
                let d = diffs[prayer] ?? []
                let withinOne = Double(d.filter { abs($0.1) <= 1 }.count) / Double(max(1, d.count))
                let worst = d.map { abs($0.1) }.max() ?? 0
                let off = d.filter { abs($0.1) > 1 }.map { "\($0.0) \($0.1 > 0 ? "+" : "")\($0.1)" }
                let what = "\(zone.code) \(prayer.rawValue): \(Int(withinOne * 1000)) per mille within 1 min, worst \(worst); more than a minute off: \(off.prefix(12).joined(separator: ", "))"
                let left = days.filter { day in TableErratum.jakim2026.contains { $0.covers(zone.code, day.0, prayer) } }.count
                #expect(d.count == 365 - left, "\(zone.code) \(prayer.rawValue): \(d.count) days")
                // The table in the source says the same of itself.
                #expect(zone.fit[prayer].withinOne == d.filter { abs($0.1) <= 1 }.count && zone.fit[prayer].worst == worst, "\(what): the table says \(zone.fit[prayer])")
                all += 1
                #expect(withinOne >= 0.99 && worst <= 2, "\(what)")
                met += withinOne >= 0.99 && worst <= 2 ? 1 : 0
            }
        }
        #expect(all == 360)
        print("JAKIM 2026 at the fitted points: \(met) of \(all) zone times meet the goal")
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
