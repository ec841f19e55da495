import Testing
@testable import PrayerTimes

/// Each method's parameters as its source gives them (the sources are cited in
/// MethodSource.swift): Fajr angle, Isha angle or interval, Maghrib rule, the horizon of
/// sunrise and sunset, precautions in minutes, rounding.
@Suite("calculation methods")
struct MethodTests {
    struct Expected: Sendable {
        let method: CalculationMethod
        let fajr: Double
        let isha: IshaRule
        var maghrib: MaghribRule = .sunset
        var horizon = -0.833
        var offsets: [Prayer: Double] = [:]
        var rounding: Rounding = .nearest
        var midnight: MidnightMode = .standard
    }

    static let expected: [Expected] = [
        Expected(method: .mwl, fajr: 18, isha: .angle(17)),
        Expected(method: .isna, fajr: 15, isha: .angle(15)),
        Expected(method: .egypt, fajr: 19.5, isha: .angle(17.5)),
        Expected(method: .karachi, fajr: 18, isha: .angle(18)),
        Expected(method: .ummAlQura, fajr: 18.5, isha: .minutesAfterMaghrib(90)),
        Expected(method: .dubai, fajr: 18.2, isha: .angle(18.2),
                 offsets: [.sunrise: -3, .dhuhr: 3, .asr: 3, .maghrib: 3]),
        Expected(method: .moonsighting, fajr: 18, isha: .angle(18), offsets: [.dhuhr: 5, .maghrib: 3]),
        Expected(method: .kuwait, fajr: 18, isha: .angle(17.5)),
        // Qatar Calendar House's table: Maghrib 2 min after sunset, Isha 90 min after that, Fajr 1 min before 18 degrees.
        Expected(method: .qatar, fajr: 18, isha: .minutesAfterMaghrib(90), offsets: [.fajr: -1, .maghrib: 2, .isha: 2]),
        Expected(method: .singapore, fajr: 20, isha: .angle(18), offsets: [.dhuhr: 1], rounding: .up),
        Expected(method: .tehran, fajr: 17.7, isha: .angle(14), maghrib: .angle(4.5), midnight: .jafari),
        Expected(method: .jafari, fajr: 16, isha: .angle(14), maghrib: .angle(4), midnight: .jafari),
        Expected(method: .turkey, fajr: 18, isha: .angle(17),
                 offsets: [.sunrise: -7, .dhuhr: 5, .asr: 4, .maghrib: 7]),
        // MKI Muzakarah 116 (Nov 2019): Subuh 18 degrees; e-Solat: Zohor 1 min 4 s after transit, rounded up.
        Expected(method: .jakim, fajr: 18, isha: .angle(18), offsets: [.sunrise: -1, .dhuhr: 64.0 / 60], rounding: .up),
        // Kemenag's criteria: Subuh 20, Isya 18, ihtiyati 2 min; its schedules: -1 degree horizon, 3 min at Dhuhr and sunrise.
        Expected(method: .kemenag, fajr: 20, isha: .angle(18), horizon: -1,
                 offsets: [.fajr: 2, .sunrise: -3, .dhuhr: 3, .asr: 2, .maghrib: 2, .isha: 2], rounding: .up),
        Expected(method: .france, fajr: 12, isha: .angle(12)),
        Expected(method: .russia, fajr: 16, isha: .angle(15)),
        Expected(method: .gulf, fajr: 19.5, isha: .minutesAfterMaghrib(90)),
        Expected(method: .algeria, fajr: 18, isha: .angle(17)),
        Expected(method: .tunisia, fajr: 18, isha: .angle(18)),
        Expected(method: .morocco, fajr: 19, isha: .angle(17)),
        Expected(method: .jordan, fajr: 18, isha: .angle(18), maghrib: .minutesAfterSunset(5)),
    ]

    @Test("every named method is listed here")
    func allListed() {
        #expect(Set(Self.expected.map(\.method)) == Set(CalculationMethod.allCases.filter { $0 != .custom }))
    }

    @Test("parameters as the source gives them, and they drive the times", arguments: expected.map(\.method))
    func parameters(method: CalculationMethod) throws {
        let e = try #require(Self.expected.first { $0.method == method })
        let p = method.parameters
        #expect(p.method == method)
        #expect(p.fajrAngle == e.fajr)
        #expect(p.isha == e.isha)
        #expect(p.maghrib == e.maghrib)
        #expect(p.horizon == e.horizon)
        #expect(p.rounding == e.rounding)
        #expect(p.midnight == e.midnight)
        for prayer in Prayer.allCases { #expect(p.precautions[prayer] == e.offsets[prayer, default: 0], "\(prayer)") }
        #expect(p.seasonalTwilight == (method == .moonsighting))

        // Cairo in March: every angle is reached, no high-latitude bound applies.
        let at = try #require(Coordinates(latitude: 30.0444, longitude: 31.2357))
        let date = try #require(CivilDate(year: 2026, month: 3, day: 10))
        var q = p
        q.rounding = .none
        let s = PrayerCalculator(parameters: q).schedule(for: date, at: at, utcOffset: 7200)
        var plain = CalculationParameters(fajrAngle: e.fajr, isha: .angle(17))
        plain.rounding = .none
        plain.horizon = e.horizon
        let base = PrayerCalculator(parameters: plain).schedule(for: date, at: at, utcOffset: 7200)
        if !p.seasonalTwilight {
            #expect(abs(s.fajr - base.fajr - e.offsets[.fajr, default: 0] * 60) < 0.001)
        }
        #expect(abs(s.dhuhr - base.dhuhr - e.offsets[.dhuhr, default: 0] * 60) < 0.001)
        #expect(abs(s.asr - base.asr - e.offsets[.asr, default: 0] * 60) < 0.001)
        #expect(abs(s.sunrise - base.sunrise - e.offsets[.sunrise, default: 0] * 60) < 0.001)
        let sunset = base.maghrib
        let maghribOffset = e.offsets[.maghrib, default: 0] * 60
        switch e.maghrib {
        case .sunset: #expect(abs(s.maghrib - sunset - maghribOffset) < 0.001)
        case .minutesAfterSunset(let m): #expect(abs(s.maghrib - sunset - m * 60) < 0.001)
        case .angle: #expect(s.maghrib > sunset + 60 && s.maghrib < s.isha)
        }
        if case .minutesAfterMaghrib(let m) = e.isha {
            #expect(abs(s.isha - (s.maghrib - maghribOffset) - m * 60 - e.offsets[.isha, default: 0] * 60) < 0.001)
        }
    }

    @Test("Umm al-Qura: Isha 120 minutes after Maghrib in Ramadan")
    func ramadan() throws {
        let at = try #require(Coordinates(latitude: 21.4225, longitude: 39.8262))
        let date = try #require(CivilDate(year: 2026, month: 2, day: 20))  // 3 Ramadan 1447
        let calc = PrayerCalculator(parameters: CalculationMethod.ummAlQura.parameters)
        let normal = calc.schedule(for: date, at: at, utcOffset: 10_800)
        let ramadan = calc.schedule(for: date, at: at, utcOffset: 10_800, ramadan: true)
        #expect(normal.isha - normal.maghrib == 90 * 60)
        #expect(ramadan.isha - ramadan.maghrib == 120 * 60)
    }

    @Test("rounding: nearest rounds a half minute up, up rounds up, none keeps seconds")
    func rounding() throws {
        var p = CalculationMethod.mwl.parameters
        p.rounding = .nearest
        let c = PrayerCalculator(parameters: p)
        #expect(c.round(89) == 60)
        #expect(c.round(90) == 120)
        p.rounding = .up
        #expect(PrayerCalculator(parameters: p).round(60.001) == 120)
        #expect(PrayerCalculator(parameters: p).round(60) == 60)
        p.rounding = .none
        #expect(PrayerCalculator(parameters: p).round(61.5) == 61.5)
    }

    @Test("Moonsighting Committee: the seasonal bound at the equator is 75 minutes all year")
    func moonsightingEquator() throws {
        for day in [1, 91, 137, 183, 229, 275, 365] {
            #expect(abs(MoonsightingSeason.morningMinutes(latitude: 0, daysSinceSolstice: Double(day)) - 75) < 1e-9)
            #expect(abs(MoonsightingSeason.eveningMinutes(latitude: 0, daysSinceSolstice: Double(day), shafaq: .general) - 75) < 1e-9)
            #expect(abs(MoonsightingSeason.eveningMinutes(latitude: 0, daysSinceSolstice: Double(day), shafaq: .ahmer) - 62) < 1e-9)
        }
        // At 55 degrees the four seasonal Fajr values are 75 + 28.65, 19.44, 32.74 and 48.10 minutes.
        #expect(abs(MoonsightingSeason.morningMinutes(latitude: 55, daysSinceSolstice: 0) - 103.65) < 1e-9)
        #expect(abs(MoonsightingSeason.morningMinutes(latitude: 55, daysSinceSolstice: 91) - 94.44) < 1e-9)
        #expect(abs(MoonsightingSeason.morningMinutes(latitude: 55, daysSinceSolstice: 183) - 123.10) < 1e-9)
        // Days since the solstice: 10 days after 1 January in the north, from 21/22 June in the south.
        #expect(MoonsightingSeason.daysSinceSolstice(dayOfYear: 1, year: 2026, latitude: 51) == 11)
        #expect(MoonsightingSeason.daysSinceSolstice(dayOfYear: 172, year: 2026, latitude: -33) == 0)
        #expect(MoonsightingSeason.daysSinceSolstice(dayOfYear: 365, year: 2026, latitude: 51) == 10)
    }

    @Test("high-latitude rules at London in June (MWL: the 18 degree dawn is never reached)")
    func highLatitudeRules() throws {
        let at = try #require(Coordinates(latitude: 51.5074, longitude: -0.1278))
        let date = try #require(CivilDate(year: 2026, month: 6, day: 21))
        func run(_ rule: HighLatitudeRule, onlyWhenFails: Bool = false) -> DaySchedule {
            var p = CalculationMethod.mwl.parameters
            p.highLatitudeRule = rule
            p.highLatitudeRuleOnlyWhenAngleFails = onlyWhenFails
            p.rounding = .none
            return PrayerCalculator(parameters: p).schedule(for: date, at: at, utcOffset: 3600)
        }
        let middle = run(.middleOfNight), seventh = run(.seventhOfNight), angle = run(.twilightAngle)
        let auto = run(.automatic), nearest = run(.nearestLatitude), none = run(.none)
        #expect(middle.resolved[.fajr] == .middleOfNight)
        #expect(seventh.resolved[.fajr] == .seventhOfNight)
        #expect(angle.resolved[.fajr] == .twilightAngle)
        #expect(nearest.resolved[.fajr] == .nearestLatitude)
        #expect(auto == seventh)  // above 48 degrees
        // Fajr by the fraction of the night before it: 1/2 < 18/60 < 1/7 of the night, so earlier to later.
        #expect(middle.fajr < angle.fajr && angle.fajr < seventh.fajr)
        // Isha, as a bound, likewise in reverse.
        #expect(middle.isha > angle.isha && angle.isha > seventh.isha)
        // 'none' with no angle time: the middle of the night, flagged.
        #expect(none.fajr == middle.fajr && none.resolved[.fajr] == .middleOfNight)
        // Only-when-fails leaves a reached angle alone: Isha at 17 degrees is never reached in London
        // in June either, so both are ruled; in March both angles are reached.
        let march = try #require(CivilDate(year: 2026, month: 3, day: 1))
        var p = CalculationMethod.mwl.parameters
        p.highLatitudeRule = .seventhOfNight
        p.highLatitudeRuleOnlyWhenAngleFails = true
        let s = PrayerCalculator(parameters: p).schedule(for: march, at: at, utcOffset: 0)
        #expect(s.resolved[.fajr] == nil && s.resolved[.isha] == nil)
    }
}

@Suite("elevation")
struct ElevationTests {
    @Test("a unit 1000 m up sees sunrise earlier and sunset later by the horizon's dip (0.0347 x sqrt(h) degrees)")
    func elevation() throws {
        let date = try #require(CivilDate(year: 2026, month: 3, day: 20))
        var p = CalculationMethod.mwl.parameters
        p.rounding = .none
        let calc = PrayerCalculator(parameters: p)
        let sea = calc.schedule(for: date, at: try #require(Coordinates(latitude: 21.4, longitude: 39.8)), utcOffset: 10_800)
        let hill = calc.schedule(for: date, at: try #require(Coordinates(latitude: 21.4, longitude: 39.8, elevation: 1000)),
                                 utcOffset: 10_800)
        // 1.097 degrees of dip at a sun climbing ~0.93 degree in 4 minutes near the equinox: 4-5 minutes.
        let earlier = sea.sunrise - hill.sunrise, later = hill.maghrib - sea.maghrib
        #expect(earlier > 240 && earlier < 300, "\(earlier)")
        #expect(later > 240 && later < 300, "\(later)")
        #expect(hill.dhuhr == sea.dhuhr && hill.fajr == sea.fajr)
    }
}
