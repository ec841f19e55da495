/// The method a country's authority uses, one row a country, each with its source: the
/// suggestion the setup page shows (the person setting up confirms or changes it). A country
/// without a row gets `mwl` (`fallback`). The methods are `CalculationMethod`'s config names;
/// what each one is and where its numbers come from is in PrayerTimes' MethodSource.swift.
public struct CountryMethod: Sendable, Equatable {
    /// ISO 3166 alpha-2.
    public let country: String
    /// A `CalculationMethod` raw value (its config name).
    public let method: String
    /// The authority, and where it (or a listing of methods) says so.
    public let source: String

    init(_ country: String, _ method: String, _ source: String) {
        (self.country, self.method, self.source) = (country, method, source)
    }

    /// Where no source names a method.
    public static let fallback = CountryMethod("", "mwl", "no source names one for the country: the Muslim World League's (praytimes.org's Calculation Methods: Europe, Far East, parts of US)")

    /// The row for a country (ISO alpha-2, any case), or `fallback` with its code.
    public static func row(for country: String) -> CountryMethod {
        let code = country.uppercased()
        return table.first { $0.country == code } ?? CountryMethod(code, fallback.method, fallback.source)
    }

    /// The suggested method's config name for a country.
    public static func method(for country: String) -> String { row(for: country).method }

    static let praytimes = "praytimes.org's Calculation Methods (its table of methods and the regions using them)"

    public static let table: [CountryMethod] = [
        .init("AE", "dubai", "the UAE's General Authority of Islamic Affairs and Endowments and IACAD Dubai publish the times; the engine's dubai is their rule (MethodSource)"),
        .init("AF", "karachi", "University of Islamic Sciences, Karachi: \(praytimes) lists Pakistan, Afghanistan, Bangladesh, India"),
        .init("BD", "karachi", "University of Islamic Sciences, Karachi: \(praytimes) lists Pakistan, Afghanistan, Bangladesh, India"),
        .init("BH", "gulf", "aladhan's 'Gulf Region' method (the engine's gulf); no Bahraini authority text found"),
        .init("CA", "isna", "Islamic Society of North America: \(praytimes) lists North America (US and Canada)"),
        .init("DZ", "algeria", "Algeria's Ministry of Religious Affairs and Wakfs (the engine's algeria)"),
        .init("EG", "egypt", "Egyptian General Authority of Survey, the rule the Grand Mufti states (the engine's egypt)"),
        .init("FR", "france", "UOIF (now Musulmans de France), 12 degrees, its president in Saphirnews 25 Jul 2012; the Grande Mosquee de Paris keeps 18 degrees (mwl)"),
        .init("GB", "mwl", "Muslim World League: \(praytimes) lists Europe; no British authority sets one"),
        .init("ID", "kemenag", "Kementerian Agama RI (Kemenag) publishes Indonesia's times (bimasislam.kemenag.go.id)"),
        .init("IN", "karachi", "University of Islamic Sciences, Karachi: \(praytimes) lists Pakistan, Afghanistan, Bangladesh, India"),
        .init("IQ", "egypt", "Egyptian General Authority of Survey: libitl's method list (Debian's libitl, method-info.md) names Iraq"),
        .init("IR", "tehran", "Institute of Geophysics, University of Tehran: \(praytimes) lists Iran"),
        .init("JO", "jordan", "Jordan's Ministry of Awqaf, Islamic Affairs and Holy Places (awqaf.gov.jo; the engine's jordan)"),
        .init("KW", "kuwait", "Kuwait's Ministry of Awqaf and Islamic Affairs (the engine's kuwait)"),
        .init("LB", "egypt", "Egyptian General Authority of Survey: \(praytimes) lists Africa, Syria, Lebanon"),
        .init("LY", "egypt", "Egyptian General Authority of Survey: \(praytimes) lists Africa, Syria, Lebanon"),
        .init("MA", "morocco", "Morocco's Ministry of Habous and Islamic Affairs publishes the times (habous.gov.ma; the engine's morocco)"),
        .init("MY", "jakim", "JAKIM publishes every zone's times (e-solat.gov.my); the zone from JAKIM's list of each zone's districts"),
        .init("OM", "gulf", "aladhan's 'Gulf Region' method (the engine's gulf); no Omani authority text found"),
        .init("PK", "karachi", "University of Islamic Sciences, Karachi: \(praytimes) lists Pakistan, Afghanistan, Bangladesh, India"),
        .init("QA", "qatar", "Qatar's Ministry of Awqaf publishes the Qatar Calendar House's table (the engine's qatar is fitted to it)"),
        .init("RU", "russia", "Spiritual Administration of Muslims of the Russian Federation (DUM RF; the engine's russia)"),
        .init("SA", "umm-al-qura", "Umm al-Qura University, Makkah: the Kingdom's official calendar; \(praytimes) lists the Arabian Peninsula"),
        .init("SD", "egypt", "Egyptian General Authority of Survey: \(praytimes) lists Africa, Syria, Lebanon"),
        .init("SG", "singapore", "Majlis Ugama Islam Singapura (MUIS) publishes Singapore's times (muis.gov.sg)"),
        .init("SY", "egypt", "Egyptian General Authority of Survey: \(praytimes) lists Africa, Syria, Lebanon"),
        .init("TN", "tunisia", "Tunisia's Ministry of Religious Affairs (the engine's tunisia)"),
        .init("TR", "turkey", "Diyanet Isleri Baskanligi publishes Turkiye's times (namazvakitleri.diyanet.gov.tr)"),
        .init("US", "isna", "Islamic Society of North America: \(praytimes) lists North America (US and Canada)"),
        .init("YE", "umm-al-qura", "Umm al-Qura University, Makkah: \(praytimes) lists the Arabian Peninsula"),
    ]
}
