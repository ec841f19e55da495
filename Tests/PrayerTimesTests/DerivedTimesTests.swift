import Testing
@testable import PrayerTimes

@Suite("derived zones")
struct DerivedTimesTests {
    /// The days on which every Kedah zone's difference from KDH01 changes in JAKIM's own
    /// e-Solat tables (all zones, all six times: no change on any other day): 2026 (the Malaysia
    /// Waktu Solat Dataset, as ../shared has it), 2024 and 2021 (github ruqqq/prayertimes-database,
    /// fetched at each year's start; read here, not copied).
    static let kedahBlockStarts: [Int: [String]] = [
        2026: ["01-20", "02-19", "03-21", "04-19", "05-18", "06-17", "07-16", "08-14", "09-13", "10-12", "11-11", "12-11"],
        2024: ["01-13", "02-11", "03-12", "04-10", "05-10", "06-08", "07-07", "08-06", "09-05", "10-04", "11-03", "12-03"],
        2021: ["01-14", "02-13", "03-15", "04-13", "05-13", "06-12", "07-11", "08-10", "09-08", "10-08", "11-06", "12-06"],
    ]

    @Test("a block is a month of JAKIM's takwim: in 2021, 2024 and 2026 the blocks start on the days JAKIM's Kedah differences change", arguments: [2021, 2024, 2026])
    func blocks(year: Int) throws {
        let derived = DerivedTimes(base: ReferencePoints(repeating: ReferencePoint(try #require(Coordinates(latitude: 6.1, longitude: 100.4)))))
        var starts: Set<String> = []
        var day = try #require(CivilDate(year: year, month: 1, day: 2))
        while day.year == year {
            let (start, end) = derived.block(of: day)
            #expect(start.daysSinceEpoch <= day.daysSinceEpoch && day.daysSinceEpoch < end.daysSinceEpoch, "\(day)")
            #expect((29...30).contains(end.daysSinceEpoch - start.daysSinceEpoch), "\(day): \(start) to \(end)")
            if start.year == year { starts.insert(String("\(start)".dropFirst(5))) }
            day = day.adding(days: 1)
        }
        #expect(starts == Set(Self.kedahBlockStarts[year] ?? []))
    }

    @Test("beyond the takwim (from 1449-07), Umm al-Qura's months: whole months of 29 or 30 days, one after another")
    func beyondTheTakwim() throws {
        let derived = DerivedTimes(base: ReferencePoints(repeating: ReferencePoint(try #require(Coordinates(latitude: 6.1, longitude: 100.4)))))
        var day = try #require(CivilDate(year: 2027, month: 11, day: 1))
        var previous = derived.block(of: day)
        // 1 Rajab 1449 (30 November 2027) is the takwim's last month start (Umm al-Qura's is the
        // day before: the block takes the takwim's); Umm al-Qura's 1 Ramadan 1449 is
        // 28 January 2028 (the hijridate package's month starts).
        var starts: [String] = []
        while day.year < 2029 {
            let block = derived.block(of: day)
            #expect((29...30).contains(block.end.daysSinceEpoch - block.start.daysSinceEpoch), "\(day)")
            if block.start != previous.start {
                #expect(block.start == previous.end, "\(day): \(block.start) after \(previous.end)")
                starts.append("\(block.start)")
            }
            previous = block
            day = day.adding(days: 1)
        }
        #expect(starts.first == "2027-11-30")
        #expect(starts.contains("2028-01-28"))
        #expect(starts.count == 14)
    }

    @Test("every derived zone's base is a zone, computed on its own (not derived itself)")
    func bases() {
        let derived = JakimZone.all.filter { $0.base != nil }
        #expect(derived.map(\.code) == ["KDH02", "KDH03", "KDH04", "KDH05", "KDH06", "KDH07"])
        for zone in derived {
            let base = JakimZone.named(zone.base ?? "")
            #expect(base != nil && base?.base == nil, "\(zone.code): \(zone.base ?? "")")
            var p = CalculationMethod.jakim.parameters
            zone.apply(to: &p)
            #expect(p.derivedFrom?.base == base?.points)
        }
    }

    @Test("a derived zone is its base plus one whole number of minutes a block: its own largest difference (Syuruk: the smallest), rounded up")
    func heldDifference() throws {
        let kdh01 = try #require(JakimZone.named("KDH01")), kdh05 = try #require(JakimZone.named("KDH05"))
        #expect(kdh05.base == "KDH01" && kdh01.base == nil)
        var p = CalculationMethod.jakim.parameters
        kdh05.apply(to: &p)
        let derived = try #require(p.derivedFrom)
        var own = CalculationMethod.jakim.parameters
        own.referencePoints = kdh05.points
        var base = CalculationMethod.jakim.parameters
        base.referencePoints = kdh01.points
        let at = kdh05.points.dhuhr.coordinates
        // The block of 21 March to 18 April 2026 (Syawal 1447), the Sun overhead at noon within it.
        let start = try #require(CivilDate(year: 2026, month: 3, day: 21))
        #expect(derived.block(of: start.adding(days: 10)).start == start)
        var leads = PerPrayer<Set<Double>>(repeating: [])
        for i in 0..<29 {
            let date = start.adding(days: i)
            let d = PrayerCalculator(parameters: p).schedule(for: date, at: at, utcOffset: 28_800)
            let o = PrayerCalculator(parameters: own).schedule(for: date, at: at, utcOffset: 28_800)
            let b = PrayerCalculator(parameters: base).schedule(for: date, at: at, utcOffset: 28_800)
            for prayer in Prayer.allCases {
                leads[prayer].insert(d[prayer] - b[prayer])
                // Never earlier than the zone's own; Syuruk never later, but for the rounding up
                // of its difference (a minute at most).
                #expect(prayer == .sunrise ? d[prayer] <= o[prayer] + 60 : d[prayer] >= o[prayer], "\(date) \(prayer)")
            }
        }
        for prayer in Prayer.allCases { #expect(leads[prayer].count == 1, "\(prayer): \(leads[prayer])") }
    }
}

@Suite("a zone's season")
struct PointSeasonTests {
    /// SBH06 (the Kinabalu summit) in JAKIM's 2026 table, as e-Solat served it in December 2025
    /// and in May 2026: Maghrib 18:05 on 30 November, 17:57 on 1 December, 18:00 on 10 December.
    @Test("SBH06's December Maghrib at sea level, within a minute of JAKIM's 2026: 18:05 on 30 November, 17:57 on 1 December, 18:00 on the 10th")
    func kinabaluDecember() throws {
        let zone = try #require(JakimZone.named("SBH06"))
        let season = try #require(zone.seasons.first)
        #expect(season.prayer == .maghrib && season.months == 12...12 && season.elevation == 0)
        #expect(season.seen.count > 1 && !season.why.isEmpty)
        var p = CalculationMethod.jakim.parameters
        zone.apply(to: &p)
        let calculator = PrayerCalculator(parameters: p)
        for (day, want) in [((11, 30), 18 * 60 + 5), ((12, 1), 17 * 60 + 57), ((12, 10), 18 * 60)] {
            let date = try #require(CivilDate(year: 2026, month: day.0, day: day.1))
            let s = calculator.schedule(for: date, at: zone.points.dhuhr.coordinates, utcOffset: 28_800)
            let m = AuthorityTableTests.minuteOfDay(s.maghrib, offset: 28_800)
            #expect(abs(m - want) <= 1, "\(date): \(m / 60):\(m % 60), JAKIM's \(want / 60):\(want % 60)")
        }
        // Only the season's time moves: the same day's Isyak is the summit's either way.
        var without = p
        without.pointSeasons = []
        let date = try #require(CivilDate(year: 2026, month: 12, day: 10))
        let a = calculator.schedule(for: date, at: zone.points.dhuhr.coordinates, utcOffset: 28_800)
        let b = PrayerCalculator(parameters: without).schedule(for: date, at: zone.points.dhuhr.coordinates, utcOffset: 28_800)
        #expect(a.isha == b.isha && a.fajr == b.fajr && a.maghrib < b.maghrib - 300)
    }
}
