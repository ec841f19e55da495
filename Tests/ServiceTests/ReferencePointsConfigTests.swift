import PrayerTimes
import Testing
@testable import Service
import UnitModel

@Suite("config: jakim_zone and reference_points")
struct ReferencePointsConfigTests {
    static let points = """
        [calculation.reference_points]
        fajr = { lat = 3.1, lon = 101.6, height = 100, dip_on_twilight = true }
        sunrise = { lat = 3.2, lon = 101.9 }
        dhuhr = { lat = 3.1, lon = 101.6 }
        asr = { lat = 3.1, lon = 101.6, adjust_seconds = -30 }
        maghrib = { lat = 3.0, lon = 101.5, height = 50 }
        isha = { lat = 3.1, lon = 101.6 }

        """

    func refused(_ text: String) -> String {
        do {
            _ = try SiteConfig.parse(text, file: "x.toml")
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test("jakim_zone: the JAKIM method at the zone's points, the code kept; lower case is read; method jakim and adjustments may go with it")
    func zone() throws {
        let wly = try #require(JakimZone.named("WLY01"))
        for text in ["[calculation]\njakim_zone = \"WLY01\"\n",
                     "[calculation]\nmethod = \"jakim\"\njakim_zone = \"wly01\"\ntimetable = \"\"\n[calculation.adjustments]\nfajr = 2\n"] {
            let c = try SiteConfig.parse(text, file: "x.toml")
            #expect(c.jakimZone == "WLY01")
            #expect(c.parameters.method == .jakim)
            #expect(c.parameters.referencePoints == wly.points)
            #expect(c.parameters.rounding == CalculationMethod.jakim.parameters.rounding)
        }
        let adjusted = try SiteConfig.parse("[calculation]\njakim_zone = \"WLY01\"\n[calculation.adjustments]\nfajr = 2\n", file: "x.toml")
        #expect(adjusted.parameters.adjustments.fajr == 2)
        let plain = try SiteConfig.parse("[calculation]\nmethod = \"jakim\"\n", file: "x.toml")
        #expect(plain.jakimZone == nil && plain.parameters.referencePoints == nil)
    }

    @Test("jakim_zone puts the unit on Malaysia's clock unless [time] zone names another IANA zone (a Pi's system clock is often left on UTC); \"\" is none; a Hanafi madhab is refused beside it")
    func zoneClock() throws {
        #expect(try SiteConfig.parse("[calculation]\njakim_zone = \"PNG01\"\n", file: "x.toml").zone == "Asia/Kuala_Lumpur")
        #expect(try SiteConfig.parse("[time]\nzone = \"system\"\n[calculation]\njakim_zone = \"PNG01\"\n", file: "x.toml").zone == "Asia/Kuala_Lumpur")
        #expect(try SiteConfig.parse("[time]\nzone = \"Asia/Singapore\"\n[calculation]\njakim_zone = \"PNG01\"\n", file: "x.toml").zone == "Asia/Singapore")
        #expect(try SiteConfig.parse("[calculation]\nmethod = \"jakim\"\n", file: "x.toml").zone == "system")
        let none = try SiteConfig.parse("[calculation]\njakim_zone = \"\"\n", file: "x.toml")
        #expect(none.jakimZone == nil && none.parameters.referencePoints == nil && none.zone == "system")
        #expect(try SiteConfig.parse("[calculation]\njakim_zone = \"PNG01\"\nmadhab = \"shafi\"\n", file: "x.toml").jakimZone == "PNG01")
        do {
            _ = try SiteConfig.parse("[calculation]\njakim_zone = \"PNG01\"\nmadhab = \"hanafi\"\n", file: "x.toml")
            Issue.record("a Hanafi madhab beside a zone was taken")
        } catch {
            #expect(error.description == "x.toml:3: calculation.madhab: 'hanafi' cannot go with jakim_zone 'PNG01': the zone's Asr is JAKIM's (Shafi'i)")
        }
    }

    @Test("jakim_zone: an unknown code lists the zones; another method or the keys that contradict the zone are refused by name")
    func zoneRefusals() {
        let codes = JakimZone.all.map(\.code).joined(separator: ", ")
        #expect(refused("[calculation]\njakim_zone = \"XYZ99\"\n")
                == "x.toml:2: calculation.jakim_zone: 'XYZ99' is not a JAKIM zone: \(codes)")
        #expect(refused("[calculation]\nmethod = \"mwl\"\njakim_zone = \"WLY01\"\n")
                .hasPrefix("x.toml:2: calculation.method: 'mwl' cannot go with jakim_zone 'WLY01'"))
        for (key, value) in [("fajr_angle", "18"), ("isha_angle", "18"), ("isha_interval", "90"), ("maghrib_angle", "1"),
                             ("rounding", "\"nearest\"")] {
            #expect(refused("[calculation]\njakim_zone = \"WLY01\"\n\(key) = \(value)\n")
                    .hasPrefix("x.toml:3: calculation.\(key): cannot go with jakim_zone 'WLY01'"))
        }
        #expect(refused("[calculation]\njakim_zone = \"WLY01\"\n[calculation.precautions]\nfajr = 1\n")
                .hasPrefix("x.toml:3: calculation.precautions: cannot go with jakim_zone"))
        #expect(refused("[calculation]\njakim_zone = \"WLY01\"\n" + Self.points)
                .hasPrefix("x.toml:3: calculation.reference_points: jakim_zone and reference_points exclude each other"))
        #expect(refused("[calculation]\njakim_zone = 1\n").hasPrefix("x.toml:2: calculation.jakim_zone: must be a string"))
    }

    @Test("reference_points: a point for each time, the method's angles and rounding kept")
    func points() throws {
        let c = try SiteConfig.parse("[calculation]\nmethod = \"singapore\"\n" + Self.points, file: "x.toml")
        let p = try #require(c.parameters.referencePoints)
        #expect(c.jakimZone == nil)
        #expect(c.parameters.method == .singapore && c.parameters.rounding == CalculationMethod.singapore.parameters.rounding)
        #expect(p.fajr == ReferencePoint(try #require(Coordinates(latitude: 3.1, longitude: 101.6, elevation: 100)), dipOnTwilight: true))
        #expect(p.sunrise.coordinates == Coordinates(latitude: 3.2, longitude: 101.9, elevation: 0))
        #expect(p.asr.adjustmentSeconds == -30 && !p.asr.dipOnTwilight)
        #expect(p.maghrib.coordinates.elevation == 50)
    }

    @Test("reference_points: a missing time, a value out of range, an unknown key are refused by name")
    func pointRefusals() {
        let withoutIsha = Self.points.split(separator: "\n").filter { !$0.hasPrefix("isha") }.joined(separator: "\n") + "\n"
        #expect(refused(withoutIsha).hasPrefix("x.toml:1: calculation.reference_points: isha is missing: give a point for each of fajr, sunrise, dhuhr, asr, maghrib, isha"))
        func with(_ fajr: String) -> String {
            Self.points.replacingOccurrences(of: "fajr = { lat = 3.1, lon = 101.6, height = 100, dip_on_twilight = true }", with: "fajr = \(fajr)")
        }
        #expect(refused(with("{ lat = 91, lon = 101.6 }")) == "x.toml:2: calculation.reference_points.fajr.lat: 91 is out of range (-90 to 90)")
        #expect(refused(with("{ lat = 3, lon = 181 }")) == "x.toml:2: calculation.reference_points.fajr.lon: 181 is out of range (-180 to 180)")
        #expect(refused(with("{ lat = 3, lon = 101, height = -1 }")) == "x.toml:2: calculation.reference_points.fajr.height: -1 is out of range (0 to 9000)")
        #expect(refused(with("{ lat = 3, lon = 101, adjust_seconds = 601 }")) == "x.toml:2: calculation.reference_points.fajr.adjust_seconds: 601 is out of range (-600 to 600)")
        #expect(refused(with("{ lat = 3, lon = 101, elevation = 5 }")) == "x.toml:2: calculation.reference_points.fajr.elevation: unknown key")
        #expect(refused(with("{ lon = 101 }")) == "x.toml:2: calculation.reference_points.fajr.lat: is missing (degrees, -90 to 90)")
        #expect(refused(Self.points + "imsak = { lat = 3, lon = 101 }\n") == "x.toml:8: calculation.reference_points.imsak: unknown key")
    }
}
