import Testing
import Foundation
@testable import PrayerTimes

@Suite("time zones from tzdata (TZif files)")
struct ZoneRulesTests {
    static let zones = ["Europe/London", "America/New_York", "Australia/Sydney", "America/Santiago",
                        "Asia/Beirut", "Asia/Riyadh", "Asia/Tehran", "Africa/Casablanca", "Europe/Istanbul",
                        "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns", "Asia/Kathmandu",
                        "Pacific/Chatham", "America/Nuuk", "Africa/Cairo"]

    /// Our reader and zdump on the same shipped files (Fixtures/zoneinfo, tzdata 2026f).
    @Test("every offset zdump reports 1900-2050 (before and at each transition), and each day of 2020-2050",
          arguments: zones)
    func matchesZdump(zone: String) throws {
        let rules = try ZoneFixtures.load(zone)
        let lines = try ZdumpReference.lines(zone: zone, fromYear: 1900, toYear: 2051)
        let first = try #require(lines.first, "\(zone): zdump printed nothing we read")
        for line in lines {
            let ours = rules.localTimeType(at: line.unix)
            #expect(ours.offset == line.offset && ours.isDST == line.isDST,
                    "\(zone) at \(line.unix): ours \(ours.offset) dst \(ours.isDST), zdump \(line.offset) dst \(line.isDST)")
        }
        // Between transitions too (a zone without any in 2020-2050 is checked here only):
        // each day at 00:00 and 12:00 UTC, zdump's offset being that of its last line before.
        let from = try #require(CivilDate(year: 2020, month: 1, day: 1)).unixMidnight
        var i = 0, wrong = [Double]()
        for t in stride(from: from, to: from + 31 * 365.25 * 86_400, by: 43_200) {
            while i + 1 < lines.count && lines[i + 1].unix <= t { i += 1 }
            let want = lines[i].unix <= t ? lines[i] : first
            let ours = rules.localTimeType(at: t)
            if ours.offset != want.offset || ours.isDST != want.isDST { wrong.append(t) }
        }
        #expect(wrong.isEmpty, "\(zone): \(wrong.count) instants off, first \(wrong.prefix(3))")
        // Zones with DST have transitions to check; the others still answer.
        if ["Europe/London", "America/New_York", "Australia/Sydney", "America/Santiago"].contains(zone) {
            #expect(lines.filter { $0.unix >= from }.count > 100)
        }
    }

    /// tzdata 2026c: Morocco leaves its Ramadan switches for permanent +00 on 2026-09-20 at
    /// 02:00 local (01:00 UTC); the file's last transition, then a footer without DST ("<+00>0").
    @Test("Casablanca: +01 until 2026-09-20 01:00 UTC, then +00 for good (no more Ramadan changes)")
    func casablanca() throws {
        let rules = try ZoneFixtures.load("Africa/Casablanca")
        let change = 1_789_866_000.0  // 2026-09-20 01:00:00 UTC
        #expect(rules.localTimeType(at: change - 1) == .init(offset: 3600, isDST: false, abbreviation: "+01"))
        #expect(rules.localTimeType(at: change) == .init(offset: 0, isDST: false, abbreviation: "+00"))
        // Ramadan 2026: still the negative-DST +00 (isdst=1). After the change plain +00, also in
        // the Ramadans of 2027 and 2028 (2027-02-19, 2028-02-04: +00 isdst=1 under tzdata 2025b).
        #expect(rules.localTimeType(at: 1_772_323_200) == .init(offset: 0, isDST: true, abbreviation: "+00"))  // 2026-03-01
        for t in [1_801_180_800.0, 1_802_995_200, 1_833_235_200, 2_524_608_000] {  // 2027-01-29, 2027-02-19, 2028-02-04, 2050-01-01
            #expect(rules.offset(at: t) == 0 && !rules.localTimeType(at: t).isDST, "at \(t)")
        }
    }

    /// The daemon reads the system's tzdata (so that an OS update fixes changed DST rules):
    /// it must load, and agree with the system's zdump on the system's own file, whatever its release.
    @Test("the system's /usr/share/zoneinfo loads (Europe/London) and agrees with the system's zdump")
    func systemTzdata() throws {
        let rules = try ZoneRules.load("Europe/London")
        let lines = try ZdumpReference.lines(zone: "Europe/London", fromYear: 2020, toYear: 2051,
                                             directory: ZoneRules.defaultDirectory)
        #expect(lines.count > 100)
        for line in lines {
            let ours = rules.localTimeType(at: line.unix)
            #expect(ours.offset == line.offset && ours.isDST == line.isDST, "system Europe/London at \(line.unix)")
        }
        #expect(rules.offset(at: 1_784_000_000) == 3600)  // 2026-07-14: BST
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

    @Test("a FIFO or a device in a zone's place: refused at once, naming it (a FIFO blocked the open)")
    func notAFile() throws {
        let dir = "/tmp/mh-zones-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        #expect(mkdir(dir, 0o755) == 0 && mkdir(dir + "/Europe", 0o755) == 0)
        defer { unlink(dir + "/Europe/London"); unlink(dir + "/Europe/Paris"); rmdir(dir + "/Europe"); rmdir(dir) }
        #expect(mkfifo(dir + "/Europe/London", 0o644) == 0)
        #expect(symlink("/dev/null", dir + "/Europe/Paris") == 0)
        for (zone, path) in [("Europe/London", dir + "/Europe/London"), ("Europe/Paris", dir + "/Europe/Paris")] {
            #expect(throws: ZoneRules.LoadError.notAFile(zone, path)) { try ZoneRules.load(zone, directory: dir) }
        }
    }
}
