/// The calculation methods of the authorities, by their command-line names. Each method's
/// parameters are the authority's rules as far as its own statements and its own published
/// times show them: angles, the precautions (ihtiyati, temkin) it adds and how it rounds.
/// Where each rule comes from, and how the method was checked against the authority's own
/// tables, is in `source` (MethodSource.swift), printed by `mihrab times --show-method`.
public enum CalculationMethod: String, Sendable, CaseIterable {
    case mwl, isna, egypt, karachi
    case ummAlQura = "umm-al-qura"
    case dubai, moonsighting, kuwait, qatar, singapore, tehran, jafari, turkey
    case jakim, kemenag, france, russia, gulf, algeria, tunisia, morocco, jordan
    case custom

    public var authority: String {
        switch self {
        case .mwl: "Muslim World League"
        case .isna: "Islamic Society of North America"
        case .egypt: "Egyptian General Authority of Survey"
        case .karachi: "University of Islamic Sciences, Karachi"
        case .ummAlQura: "Umm al-Qura University, Makkah"
        case .dubai: "Dubai (UAE)"
        case .moonsighting: "Moonsighting Committee Worldwide"
        case .kuwait: "Kuwait"
        case .qatar: "Qatar"
        case .singapore: "Majlis Ugama Islam Singapura (MUIS)"
        case .tehran: "Institute of Geophysics, University of Tehran"
        case .jafari: "Shia Ithna-Ashari, Leva Institute, Qum"
        case .turkey: "Diyanet Isleri Baskanligi, Turkey"
        case .jakim: "Jabatan Kemajuan Islam Malaysia (JAKIM)"
        case .kemenag: "Kementerian Agama Republik Indonesia (KEMENAG)"
        case .france: "Union des Organisations Islamiques de France (12 degrees)"
        case .russia: "Spiritual Administration of Muslims of Russia"
        case .gulf: "Gulf Region"
        case .algeria: "Ministry of Religious Affairs and Wakfs, Algeria"
        case .tunisia: "Ministry of Religious Affairs, Tunisia"
        case .morocco: "Ministry of Habous and Islamic Affairs, Morocco"
        case .jordan: "Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan"
        case .custom: "Custom"
        }
    }

    public var parameters: CalculationParameters {
        func angles(_ fajr: Double, _ isha: Double) -> CalculationParameters {
            CalculationParameters(method: self, fajrAngle: fajr, isha: .angle(isha))
        }
        switch self {
        case .mwl: return angles(18, 17)
        case .isna: return angles(15, 15)
        case .egypt: return angles(19.5, 17.5)
        case .karachi: return angles(18, 18)
        case .ummAlQura:
            var p = CalculationParameters(method: self, fajrAngle: 18.5, isha: .minutesAfterMaghrib(90))
            p.ishaRamadanMinutes = 120
            return p
        case .dubai:
            var p = angles(18.2, 18.2)
            p.precautions = PrayerAdjustments(sunrise: -3, dhuhr: 3, asr: 3, maghrib: 3)
            return p
        case .moonsighting:
            var p = angles(18, 18)
            p.precautions = PrayerAdjustments(dhuhr: 5, maghrib: 3)
            p.seasonalTwilight = true
            return p
        case .kuwait: return angles(18, 17.5)
        case .qatar:
            // Isha is 90 minutes after the published Maghrib, so it carries Maghrib's 2 minutes.
            var p = CalculationParameters(method: self, fajrAngle: 18, isha: .minutesAfterMaghrib(90))
            p.precautions = PrayerAdjustments(fajr: -1, maghrib: 2, isha: 2)
            return p
        case .singapore:
            var p = angles(20, 18)
            p.precautions = PrayerAdjustments(dhuhr: 1)
            p.rounding = .up
            return p
        case .tehran:
            var p = CalculationParameters(method: self, fajrAngle: 17.7, isha: .angle(14), maghrib: .angle(4.5))
            p.midnight = .jafari
            return p
        case .jafari:
            var p = CalculationParameters(method: self, fajrAngle: 16, isha: .angle(14), maghrib: .angle(4))
            p.midnight = .jafari
            return p
        case .turkey:
            var p = angles(18, 17)
            p.precautions = PrayerAdjustments(sunrise: -7, dhuhr: 5, asr: 4, maghrib: 7)
            return p
        case .jakim:
            // Subuh 18 degrees since the MKI Muzakarah of November 2019 (20 before); Zohor 1 min
            // 4 s after transit; every time rounded up, Syuruk a minute earlier.
            var p = angles(18, 18)
            p.precautions = PrayerAdjustments(sunrise: -1, dhuhr: 64.0 / 60)
            p.rounding = .up
            return p
        case .kemenag:
            // Sunrise and sunset at -1 degree; ihtiyati 2 minutes (3 for Dhuhr and sunrise); up.
            var p = angles(20, 18)
            p.horizon = -1
            p.precautions = PrayerAdjustments(fajr: 2, sunrise: -3, dhuhr: 3, asr: 2, maghrib: 2, isha: 2)
            p.rounding = .up
            return p
        case .france: return angles(12, 12)
        case .russia: return angles(16, 15)
        case .gulf: return CalculationParameters(method: self, fajrAngle: 19.5, isha: .minutesAfterMaghrib(90))
        case .algeria: return angles(18, 17)
        case .tunisia: return angles(18, 18)
        case .morocco: return angles(19, 17)
        case .jordan:
            return CalculationParameters(method: self, fajrAngle: 18, isha: .angle(18), maghrib: .minutesAfterSunset(5))
        case .custom: return angles(18, 17)
        }
    }
}
