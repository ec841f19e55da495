import Places
import PrayerTimes
import Testing

@Suite("Places: the method each country uses")
struct CountryMethodTests {
    @Test("every row names a method of the engine, once a country, with its source")
    func rows() {
        for row in CountryMethod.table {
            #expect(CalculationMethod(rawValue: row.method) != nil, "\(row.country): \(row.method)")
            #expect(row.method != "custom", "\(row.country)")
            #expect(row.country.count == 2 && row.country == row.country.uppercased(), "\(row.country)")
            #expect(row.source.count > 20, "\(row.country): a source")
        }
        let codes = CountryMethod.table.map(\.country)
        #expect(Set(codes).count == codes.count)
        #expect(codes == codes.sorted())
    }

    @Test("the issue's rows, and mwl where no source names one")
    func required() {
        let expected = ["MY": "jakim", "SG": "singapore", "TR": "turkey", "SA": "umm-al-qura", "QA": "qatar", "ID": "kemenag",
                        "EG": "egypt", "PK": "karachi", "IN": "karachi", "BD": "karachi", "US": "isna", "CA": "isna",
                        "AE": "dubai", "KW": "kuwait", "IR": "tehran", "FR": "france", "RU": "russia", "DZ": "algeria",
                        "TN": "tunisia", "MA": "morocco", "JO": "jordan", "GB": "mwl"]
        for (country, method) in expected { #expect(CountryMethod.method(for: country) == method, "\(country)") }
        #expect(CountryMethod.method(for: "my") == "jakim")
        #expect(CountryMethod.method(for: "DE") == "mwl")
        #expect(CountryMethod.row(for: "DE").source.contains("no source names one"))
    }
}
