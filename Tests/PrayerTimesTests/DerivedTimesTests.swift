import Testing
@testable import PrayerTimes

@Suite("derived zones")
struct DerivedTimesTests {
    /// The days on which, in JAKIM's e-Solat table of 2025, every Kedah zone's difference from
    /// KDH01 changes (all 115 changes of all seven zones' six times fall on them, none elsewhere).
    static let kedahBlockStarts = ["2025-01-20", "2025-02-19", "2025-03-21", "2025-04-19", "2025-05-18", "2025-06-17",
                                   "2025-07-16", "2025-08-14", "2025-09-13", "2025-10-12", "2025-11-11", "2025-12-11"]

    @Test("a block starts 21 days after the day of a new moon: 2025's blocks start on the days JAKIM's Kedah differences change")
    func blocks() throws {
        let derived = DerivedTimes(base: ReferencePoints(repeating: ReferencePoint(try #require(Coordinates(latitude: 6.1, longitude: 100.4)))))
        var starts: Set<String> = []
        var day = try #require(CivilDate(year: 2025, month: 1, day: 20))
        while day.year == 2025 {
            let (start, end) = derived.block(of: day)
            #expect(start.daysSinceEpoch <= day.daysSinceEpoch && day.daysSinceEpoch < end.daysSinceEpoch, "\(day)")
            #expect((29...30).contains(end.daysSinceEpoch - start.daysSinceEpoch), "\(day): \(start) to \(end)")
            starts.insert("\(start)")
            day = day.adding(days: 1)
        }
        #expect(starts == Set(Self.kedahBlockStarts))
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

    @Test("a derived zone is its base plus one whole difference a block: the largest of its own (Syuruk: the smallest)")
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
        // The block of 21 March to 18 April 2025, the Sun overhead at noon within it.
        let start = try #require(CivilDate(year: 2025, month: 3, day: 21))
        #expect(derived.block(of: start.adding(days: 10)).start == start)
        var leads = PerPrayer<Set<Double>>(repeating: [])
        for i in 0..<29 {
            let date = start.adding(days: i)
            let d = PrayerCalculator(parameters: p).schedule(for: date, at: at, utcOffset: 28_800)
            let o = PrayerCalculator(parameters: own).schedule(for: date, at: at, utcOffset: 28_800)
            let b = PrayerCalculator(parameters: base).schedule(for: date, at: at, utcOffset: 28_800)
            for prayer in Prayer.allCases {
                leads[prayer].insert(d[prayer] - b[prayer])
                #expect(prayer == .sunrise ? d[prayer] <= o[prayer] : d[prayer] >= o[prayer], "\(date) \(prayer)")
            }
        }
        for prayer in Prayer.allCases { #expect(leads[prayer].count == 1, "\(prayer): \(leads[prayer])") }
    }
}
