import Testing
@testable import PrayerTimes

@Suite("time zones from the system's tzdata")
struct ZoneRulesTests {
    static let zones = ["Europe/London", "America/New_York", "Australia/Sydney", "America/Santiago",
                        "Asia/Beirut", "Asia/Riyadh", "Asia/Tehran", "Africa/Casablanca", "Europe/Istanbul",
                        "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu",
                        "Pacific/Chatham", "America/Godthab", "Africa/Cairo"]

    @Test("every offset zdump reports 2020-2050 (before and at each transition)", arguments: zones)
    func matchesZdump(zone: String) throws {
        let rules = try ZoneRules.load(zone)
        let lines = try ZdumpReference.lines(zone: zone, fromYear: 2020, toYear: 2051)
        for line in lines {
            let ours = rules.localTimeType(at: line.unix)
            #expect(ours.offset == line.offset && ours.isDST == line.isDST,
                    "\(zone) at \(line.unix): ours \(ours.offset) dst \(ours.isDST), zdump \(line.offset) dst \(line.isDST)")
        }
        // Zones with DST have transitions to check; the others still answer.
        if ["Europe/London", "America/New_York", "Australia/Sydney", "America/Santiago"].contains(zone) {
            #expect(lines.count > 100)
        }
    }

    @Test("bad names are refused with a clear reason")
    func badNames() {
        #expect(throws: ZoneRules.LoadError.notFound("Mars/Olympus_Mons")) { try ZoneRules.load("Mars/Olympus_Mons") }
        #expect(throws: ZoneRules.LoadError.invalidName("../etc/passwd")) { try ZoneRules.load("../etc/passwd") }
        #expect(throws: ZoneRules.LoadError.invalidName("")) { try ZoneRules.load("") }
        #expect(String(describing: ZoneRules.LoadError.notFound("X/Y")).contains("'X/Y'"))
    }

    @Test("garbage instead of a TZif file is an error, not a crash")
    func malformed() {
        #expect(throws: ZoneRules.LoadError.self) { try ZoneRules.parse([0x54, 0x5A, 0x69, 0x66, 0x32], identifier: "x") }
        #expect(throws: ZoneRules.LoadError.self) { try ZoneRules.parse(Array(repeating: 0xFF, count: 200), identifier: "x") }
        var header: [UInt8] = Array("TZif2".utf8) + Array(repeating: 0, count: 15)
        header += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1, 0, 0, 0, 4]
        #expect(throws: ZoneRules.LoadError.self) { try ZoneRules.parse(header, identifier: "x") }
    }

    @Test("POSIX rules: the forms RFC 8536 allows")
    func posix() throws {
        let london = try #require(PosixTimeZone("GMT0BST,M3.5.0/1,M10.5.0"))
        // 2026-03-29 01:00 UTC: BST begins; 2026-10-25 01:00 UTC: ends.
        #expect(london.localTimeType(at: 1_774_745_999).offset == 0)
        #expect(london.localTimeType(at: 1_774_746_000).offset == 3600)
        #expect(london.localTimeType(at: 1_792_889_999).offset == 3600)
        #expect(london.localTimeType(at: 1_792_890_000).offset == 0)
        let fixed = try #require(PosixTimeZone("<+0545>-5:45"))
        #expect(fixed.localTimeType(at: 0).offset == 20_700)
        #expect(PosixTimeZone("") == nil)
        #expect(PosixTimeZone("GMT0BST,M13.5.0,M10.5.0") == nil)
        #expect(PosixTimeZone("XX5") == nil)
    }
}
