/// Where a method's rules come from, and how the method was checked against the times the
/// authority itself publishes. The research notes behind these lines (quotes, translations)
/// are summarised in the issue 11 closing note; URLs as found in November 2026.
public struct MethodSource: Sendable {
    /// The authority's own statement of its rules (where, and what it says), or, where none
    /// was found, that none was found and the secondary source used.
    public let statement: String
    /// The published table the method was compared with and the fit measured, or that no
    /// table of the authority's was available.
    public let checked: String
}

extension CalculationMethod {
    private static let noTable = "no table published by the authority itself was available to the project"

    public var source: MethodSource {
        switch self {
        case .jakim:
            return MethodSource(
                statement: "Subuh 18 degrees: MKI Muzakarah 116, 20-21 Nov 2019 (JAKIM Director-General's statement; 20 degrees before, states from Nov 2019 to Feb 2020). Rounded up: JAKIM's e-Solat worked example (e-solat.gov.my/web/index1.php?id=56, 13h08m52s -> 1:09). Zohor 1 min 4 s after transit: e-Solat page id=55 as quoted in batoulapps/Adhan#80. Isyak 18 degrees and Syuruk a minute earlier: fitted, no JAKIM text found. A zone's times are for its reference point, traditionally its westernmost (Mohd Paidi Norman et al., 'kaedah titik paling barat').",
                checked: "JAKIM e-Solat 2026, 51 zones at their westernmost listed place: 91% of times within 1 min, 99% within 2 (24 zones >= 99% and 100%); was 57% and 78%. With jakim_zone, each time at the zone's point fitted to that table (JakimZone; Kedah's zones derived from KDH01's by the months of JAKIM's takwim): all 360 zone times >= 99% within 1 min and all within 2; fitted over JAKIM's 2024 and 2025 tables too, where 57 and 56 of 59 zones meet that; 45 of 59 in 2023's, out of sample")
        case .singapore:
            return MethodSource(
                statement: "no MUIS text found; 20/18 degrees from the Fiqh Council of North America's table, Dhuhr +1 min and rounding up fitted (batoulapps/adhan)",
                checked: "MUIS 2025 calendar, Singapore: 99.4% of times within 1 min, 100% within 2; adhan's Singapore vectors (2196 times) within 2")
        case .kemenag:
            return MethodSource(
                statement: "Subuh -20 degrees: Kemenag's Falakiyah team (Dirjen Bimas Islam, Republika 22 Dec 2020; reaffirmed 2 Dec 2025). Isya -18 and Maghrib at -1 degree: Ephemeris Hisab Rukyat 2017 as summarised by UIN Walisongo. Ihtiyati 2 min on every time: Kemenag's 'Kriteria Jadwal Shalat' as reproduced by rukyatulhilal.org. 3 min at Dhuhr and sunrise, -1 degree sunrise, rounding up: fitted to Bimas Islam's schedules (batoulapps/adhan-swift#103).",
                checked: Self.noTable)
        case .turkey:
            return MethodSource(
                statement: "Fajr 18 degrees since 1 Jan 1983 (19 before) and temkin reduced by the High Board decision of 21 Jan 1981 (Diyanet calendar note, reproduced); Isha 17 degrees and the temkin minutes (sunrise -7, Dhuhr +5, Asr +4, Maghrib +7) from batoulapps/adhan, no Diyanet text with the minutes found",
                checked: "no Diyanet table of its own available to the project; adhan's Ankara vectors (2019, from yenisafak.com) all within their 2-minute tolerance")
        case .qatar:
            return MethodSource(
                statement: "no statement of rules found; the Ministry of Awqaf publishes the Qatar Calendar House's perpetual table (github osamaalassiry/TaqweemQatar, Feb 2025). Fitted to it: Fajr 18 degrees -1 min, Maghrib sunset +2 min, Isha 90 min after that Maghrib, nearest minute.",
                checked: "the perpetual table at Doha, by the research notes: Isha = Maghrib + 90 every day, Maghrib 72% and Fajr 74% on the minute (a perpetual table repeats one year's times)")
        case .ummAlQura:
            return MethodSource(
                statement: "no Umm al-Qura/KACST text found; Fajr 18.5 degrees (19 before 1430 AH), Isha 90 min after Maghrib, 120 in Ramadan, from the Fiqh Council of North America's table",
                checked: Self.noTable)
        case .dubai:
            return MethodSource(
                statement: "no IACAD or Awqaf UAE text found; 18.2/18.2 degrees and sunrise -3, Dhuhr/Asr/Maghrib +3 min from batoulapps/adhan",
                checked: Self.noTable)
        case .gulf:
            return MethodSource(
                statement: "no authority text found; Fajr 19.5 degrees, Isha 90 min after Maghrib from aladhan (which took it from IslamicFinder)",
                checked: Self.noTable)
        case .kuwait:
            return MethodSource(statement: "no Ministry of Awqaf text found; 18/17.5 degrees from aladhan and batoulapps/adhan",
                                checked: "no Ministry table of its own available to the project; adhan's Kuwait City vectors all within their 2-minute tolerance")
        case .egypt:
            return MethodSource(
                statement: "Fajr 19.5 degrees: the Grand Mufti Shawki Allam (the Survey's rule since 1898); Isha 17.5 from aladhan, no authority text found",
                checked: Self.noTable)
        case .karachi:
            return MethodSource(statement: "no University of Islamic Sciences text found; 18/18 degrees from the Fiqh Council of North America's table",
                                checked: Self.noTable)
        case .isna:
            return MethodSource(
                statement: "15/15 degrees, ISNA's classic table as the Fiqh Council of North America lists it (fiqhcouncil.org, Oct 2017); the Council's 25 Sep 2011 position prefers 17.5/15 or seasonal functions (use fajr_angle, or moonsighting)",
                checked: Self.noTable)
        case .france:
            return MethodSource(
                statement: "12/12 degrees: UOIF (now Musulmans de France), its president in Saphirnews 25 Jul 2012 (a 1994 congress); the Grande Mosquee de Paris keeps 18 degrees (Saphirnews 1 Aug 2012: use mwl or fajr_angle=18)",
                checked: Self.noTable)
        case .russia:
            return MethodSource(statement: "no DUM text found; 16/15 degrees from aladhan", checked: Self.noTable)
        case .tunisia:
            return MethodSource(statement: "no Ministry text found; 18/18 degrees from aladhan", checked: Self.noTable)
        case .algeria:
            return MethodSource(statement: "no Ministry text found; 18/17 degrees from aladhan", checked: Self.noTable)
        case .morocco:
            return MethodSource(
                statement: "no Ministry of Habous statement of its rules (it publishes tables only); 19/17 degrees from aladhan",
                checked: Self.noTable)
        case .jordan:
            return MethodSource(
                statement: "no Ministry text found; 18/18 degrees and Maghrib 5 min after sunset from aladhan (api.aladhan.com#73, pointing at awqaf.gov.jo)",
                checked: Self.noTable)
        case .tehran:
            return MethodSource(statement: "no Institute of Geophysics text found; 17.7/14 degrees, Maghrib 4.5 degrees from praytimes.org and aladhan",
                                checked: Self.noTable)
        case .jafari:
            return MethodSource(statement: "no Leva Institute text found; 16/14 degrees, Maghrib 4 degrees from praytimes.org and aladhan",
                                checked: Self.noTable)
        case .moonsighting:
            return MethodSource(
                statement: "Zuhr 5 min after zenith, Maghrib 3 min after sunset: moonsighting.com's text (reproduced by msofg.org); Fajr and Isha by Khalid Shaukat's seasonal functions as batoulapps/adhan implements them",
                checked: Self.noTable)
        case .mwl:
            return MethodSource(statement: "no Muslim World League text found; 18/17 degrees from praytimes.org and aladhan", checked: Self.noTable)
        case .custom:
            return MethodSource(statement: "your own parameters (18/17 degrees unless overridden)", checked: "not applicable")
        }
    }
}
