import Foundation
import PrayerTimes
import Service
import TestSupport
import Synchronization
import Testing
import UnitModel

/// The site's shared settings: checked like the unit's own file, only the keys a site may
/// set, laid over the unit's file section by section, kept across restarts.
@Suite struct SiteSettingsTests {
    @Test func testASiteConfigIsCheckedWithTheFilesOwnMessages() throws {
        let text = "[iqamah]\nfajr = 500\n"
        var fileError: ConfigError?
        do { _ = try SiteConfig.parse(text, file: "site.toml") } catch { fileError = error }
        var siteError: ConfigError?
        do { try SiteSettings.check(text, file: "site.toml") } catch { siteError = error }
        #expect((siteError?.description) == "site.toml:2: iqamah.fajr: 500 is out of range (0 to 120)")
        #expect(siteError == fileError, "the same line as the unit's file check")
    }

    @Test func testTheUnitsOwnKeysAreRefused() {
        let cases: [(String, String)] = [
            ("[compass]\nrate_hz = 3\n", "site.toml:1: compass: a site config may set only location, time, calculation, iqamah, jumuah, reminders, sounds, patterns, quiet, screen, announcements, events, units; compass belongs to each unit's own file"),
            ("[network]\nmqtt = \"\"\n", "network belongs to each unit's own file"),
            ("[service]\nboard = \"x\"\n", "service belongs"),
            ("[admin]\nlisten = \"\"\n", "admin belongs"),
            ("[screen]\nlisten = \"0.0.0.0:80\"\n", "site.toml:2: screen.listen: belongs to each unit's own file, not to the site config"),
            ("[sounds]\ndevice = \"hw:1,0\"\n", "site.toml:2: sounds.device: belongs to each unit's own file"),
            ("[calculation]\ntimetable = \"t.csv\"\n", "site.toml:2: calculation.timetable: 't.csv' did not come with the site config"),
        ]
        for (text, expected) in cases {
            do { _ = try SiteSettings.check(text, file: "site.toml"); Issue.record(Comment(rawValue: text)) } catch { let e = error; #expect("\(e)".contains(expected), "\(e)") }
        }
        #expect(throws: Never.self) { try SiteSettings.check("[screen]\nlanguage = \"ar\"\n[[announcements]]\ntext = \"Eid prayer 07:30\"\n", file: "s.toml") }
    }

    @Test func testTheSitesKeysGoOverTheUnitsAndTheRestStaysTheUnits() throws {
        let dir = NSTemporaryDirectory() + "mihrab-merge-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let local = dir + "/mihrab.toml"
        try """
            [iqamah]
            fajr = 20
            isha = 10
            [screen]
            listen = "0.0.0.0:8080"
            language = "fr"
            [sounds]
            device = "hw:1,0"
            adhan = "none"
            volume = 40
            [sounds.volumes]
            fajr = 30
            [[announcements]]
            text = "Unit's own"
            [location]
            latitude = 51.5
            """.write(toFile: local, atomically: true, encoding: .utf8)
        let store = SiteSettingsStore(directory: dir)
        #expect((try store.effective(localFile: local)) == nil, "no site settings: the unit's file alone")
        try store.store(SiteSettings(version: 1, site: "c", file: "site.toml", toml: """
            [iqamah]
            fajr = "05:45"
            dhuhr = "13:30"
            [screen]
            language = "ar"
            [sounds]
            volume = 70
            [sounds.volumes]
            isha = 20
            [[announcements]]
            text = "Eid prayer 07:30"
            """, published: "", by: "t"))
        let c = try #require(try store.effective(localFile: local))
        #expect(c.iqamah == ([.fajr: .fixed(5 * 60 + 45), .dhuhr: .fixed(13 * 60 + 30), .isha: .minutesAfterAdhan(10)]), "the site's keys over the unit's, the unit's Isha kept")
        #expect(c.screen.language == "ar")
        #expect(c.screen.listen == "0.0.0.0:8080", "the unit's own server address stays")
        #expect(c.sound.volume == 70)
        #expect(c.sound.volumes == ([.fajr: 30, .isha: 20]), "tables merged key by key")
        #expect(c.sound.device == "hw:1,0", "the unit's own sound device stays")
        #expect((c.sound.names[.adhan]) == "none", "and its sound names")
        #expect(c.announcements.map(\.text) == (["Eid prayer 07:30"]), "a list is replaced whole")
        #expect(c.latitude == 51.5)
    }

    @Test func testASitesTimetableTravelsWithItsConfigAndIsCheckedLikeTheFilesOwn() throws {
        let rows = TimetableFixture.rows(year: 2026)
        let csv = TimetableFixture.simpleCSV(rows)
        let toml = "[calculation]\nmethod = \"isna\"\ntimetable = \"central-2026.csv\"\n"
        let settings = SiteSettings(version: 4, site: "central", file: "site.toml", toml: toml, published: "", by: "imam",
                                    timetable: TimetableText(name: "central-2026.csv", text: csv))
        // A unit far from where it was published: its folder holds no such file, the payload does.
        let dir = NSTemporaryDirectory() + "mihrab-site-tt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let local = dir + "/mihrab.toml"
        try "[time]\nzone = \"Europe/London\"\n[calculation]\nmethod = \"mwl\"\n".write(toFile: local, atomically: true, encoding: .utf8)
        let store = SiteSettingsStore(directory: dir)
        try store.store(try SiteSettings.decode(settings.encoded(), topic: "t").0)
        let c = try #require(try SiteSettingsStore(directory: dir).effective(localFile: local), "kept across a restart")
        let table = try #require(c.timetable)
        #expect(table.days.count == 365)
        let midsummer = try #require(rows.first { $0.date == "2026-06-21" })
        let day = try #require(table.days.first { $0.date.year == 2026 && $0.date.month == 6 && $0.date.day == 21 })
        #expect([day.fajr, day.dhuhr, day.asr, day.maghrib, day.isha] as [Int] == ([midsummer.fajr, midsummer.dhuhr, midsummer.asr, midsummer.maghrib, midsummer.isha]), "the published table's times")
        #expect((day.iqamah[.isha]) == midsummer.ishaJamaah)
        #expect(c.parameters.method == (.isna), "the site's method for the days outside the table")

        // A bad row: the very lines the file check gives for the same table beside the same config.
        var lines = csv.split(separator: "\n").map(String.init)
        lines[10] = lines[10].replacingOccurrences(of: ",", with: ",x", options: [], range: lines[10].range(of: ","))
        let bad = lines.joined(separator: "\n") + "\n"
        try bad.write(toFile: dir + "/central-2026.csv", atomically: true, encoding: .utf8)
        try toml.write(toFile: dir + "/site.toml", atomically: true, encoding: .utf8)
        var fileError: ConfigError?
        do { _ = try SiteConfig.load(path: dir + "/site.toml") } catch { fileError = error }
        var siteError: ConfigError?
        do { try SiteSettings.check(toml, file: dir + "/site.toml", timetable: TimetableText(name: "central-2026.csv", text: bad)) } catch {
            siteError = error
        }
        let fileLine = try #require(fileError?.description)
        #expect(fileLine.hasPrefix("\(dir)/site.toml:3: calculation.timetable: \(dir)/central-2026.csv:11: fajr: 'x"), Comment(rawValue: fileLine))
        #expect((siteError?.description) == (fileLine.replacingOccurrences(of: "timetable: \(dir)/", with: "timetable: ")), "the file check's line, naming the table as the config does")
        // A name the payload does not carry is never looked for on the unit's disk.
        let other = SiteSettings(version: 5, site: "central", file: "site.toml", toml: "[calculation]\ntimetable = \"\(dir)/central-2026.csv\"\n",
                                 published: "", by: "x", timetable: TimetableText(name: "central-2026.csv", text: csv))
        do { _ = try SiteSettings.decode(other.encoded(), topic: "t"); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains("did not come with the site config"), "\(e)") }
    }

    @Test func testAPayloadIsDecodedAndCheckedAndABadOneNamesWhatIsWrong() throws {
        let good = SiteSettings(version: 3, site: "central", file: "site.toml", toml: "[jumuah]\ntimes = [\"13:15\", \"14:00\"]\n",
                                published: "2026-11-23T10:00:00Z", by: "imam")
        let (s, config, sections) = try SiteSettings.decode(good.encoded(), topic: "t")
        #expect(s == good)
        #expect(config.jumuah == ([.fixed(13 * 60 + 15), .fixed(14 * 60)]))
        #expect(sections == (["jumuah"]))
        for (payload, expected) in [("not json", "t: not a site config"), ("{\"version\":1}", "site is missing"),
                                    ("{\"version\":0,\"site\":\"c\",\"file\":\"f\",\"toml\":\"\",\"published\":\"\",\"by\":\"\"}", "t: version: 0 is not a version (1 to 1000000000)"),
                                    (String(repeating: "x", count: SiteSettings.maximumBytes + 1), "larger than a site config may be")] {
            do { _ = try SiteSettings.decode(Data(payload.utf8), topic: "t"); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains(expected), "\(e)")
                #expect(!("\(e)".contains("\n")), "one line") }
        }
    }

    @Test func testVersionsAreBoundedAndStoredOneWriterAtATime() throws {
        @Sendable func settings(_ v: Int, _ toml: String = "[iqamah]\nfajr = 15\n") -> SiteSettings {
            SiteSettings(version: v, site: "c", file: "s.toml", toml: toml, published: "", by: "a")
        }
        // A version at the top of Int would make the next one overflow: refused, not even seen.
        do { _ = try SiteSettings.decode(settings(Int.max).encoded(), topic: "t"); Issue.record("no error thrown") } catch { let e = error; #expect(("\(e)") == ("t: version: \(Int.max) is not a version (1 to 1000000000)")) }

        let dir = NSTemporaryDirectory() + "mihrab-site-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = SiteSettingsStore(directory: dir)
        #expect(try store.storeIfNewer(settings(3)))
        // Forty writers at once (admin saves and the network's), each having seen a version below the stored one:
        // forty versions after it, none twice, whichever writer runs first.
        let made = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            if let s = try? store.storeNext(above: SiteVersion(version: i % 3), { v throws(ConfigError) in settings(v.version) }) { made.withLock { $0.append(s.version) } }
        }
        #expect((made.withLock { $0 }.sorted()) == Array(4...43))
        #expect(SiteSettingsStore(directory: dir).version == 43, "the last one on disk, whole")
        #expect(!(try store.storeIfNewer(settings(43, "[iqamah]\nfajr = 30\n"))), "the same version again is not newer")
        #expect(try store.storeIfNewer(settings(44)))
        #expect((try store.storeNext(above: SiteVersion(version: 100)) { v throws(ConfigError) in settings(v.version) }.version) == 101, "above what the site has seen")
        do { _ = try store.storeNext(above: .none) { _ throws(ConfigError) in
            throw ConfigError(file: "admin page", line: 2, path: "iqamah.fajr", message: "refused")
        }; Issue.record("no error thrown") } catch {}
        #expect(SiteSettingsStore(directory: dir).version == 101, "a refused change stores nothing")
        // Larger than a unit takes from the broker (and so than this one would read at its next start): not stored.
        let big = "# " + String(repeating: "x", count: SiteSettings.maximumBytes) + "\n[iqamah]\nfajr = 15\n"
        do { _ = try store.storeNext(above: .none) { v throws(ConfigError) in settings(v.version, big) }; Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains("larger than a site config may be"), "\(e)") }
        #expect(SiteSettingsStore(directory: dir).version == 101)
    }

    @Test func testSettingsSignedWithTheUnitsKeyReplaceOnesThatAreNotWhateverTheirVersion() throws {
        let dir = NSTemporaryDirectory() + "mihrab-site-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = SiteSettingsStore(directory: dir)
        func settings(_ v: Int, key: String?, series: Int = 0) -> SiteSettings {
            var s = SiteSettings(version: v, site: "c", file: "s.toml", toml: "[iqamah]\nfajr = 15\n", published: "", by: "a", series: series)
            (s.key, s.signature) = (key, key.map { _ in "ed25519:x" })
            return s
        }
        // A forged version 10^9, stored before this unit took only signed settings.
        #expect(try store.storeIfNewer(settings(1_000_000_000, key: nil)))
        #expect(!(try store.storeIfNewer(settings(1, key: nil))), "unsigned, it would stay stuck")
        #expect(try store.storeIfNewer(settings(1, key: "ed25519:A", series: 0), key: "ed25519:A"), "the site key's first config replaces it")
        #expect(!(try store.storeIfNewer(settings(1, key: "ed25519:A"), key: "ed25519:A")), "then versions count")
        #expect(try store.storeIfNewer(settings(1, key: "ed25519:A", series: 1), key: "ed25519:A"), "a reset's series is newer")
        #expect(!(try store.storeIfNewer(settings(900, key: "ed25519:A"), key: "ed25519:A")), "an older series is not, whatever its version")
        #expect(try store.storeIfNewer(settings(1, key: "ed25519:B"), key: "ed25519:B"), "a new site key starts afresh")
        #expect((SiteSettingsStore(directory: dir).settings?.key) == "ed25519:B")
    }

    @Test func testTheStoreKeepsThePreviousVersionAndSurvivesACorruptFile() throws {
        let dir = NSTemporaryDirectory() + "mihrab-site-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = SiteSettingsStore(directory: dir)
        #expect(store.version == 0)
        let v1 = SiteSettings(version: 1, site: "c", file: "s.toml", toml: "[iqamah]\nfajr = 15\n", published: "", by: "a")
        let v2 = SiteSettings(version: 2, site: "c", file: "s.toml", toml: "[iqamah]\nfajr = 25\n", published: "", by: "a")
        try store.store(v1)
        try store.store(v2)
        #expect(SiteSettingsStore(directory: dir).settings == v2, "read back after a restart")
        let previous = try #require(FileManager.default.contents(atPath: store.previousPath))
        #expect((try JSONDecoder().decode(SiteSettings.self, from: previous)) == v1, "the one before is kept")
        let effective = try #require(try SiteSettingsStore(directory: dir).effective(localFile: nil))
        #expect((effective.iqamah[.fajr]) == SiteConfig.Iqamah.minutesAfterAdhan(25))

        try Data("{\"version\": 3, \"toml\": ".utf8).write(to: URL(fileURLWithPath: store.path))
        let reread = SiteSettingsStore(directory: dir)
        #expect(reread.settings == nil, "a corrupt file is not used")
        #expect(reread.problem?.contains("moved to") == true, Comment(rawValue: reread.problem ?? ""))
        #expect(FileManager.default.fileExists(atPath: store.path + ".corrupt"), "nothing lost")
    }

    @Test func testNetworkAndAdminSectionsAreCheckedWithOneLineEach() throws {
        let c = try SiteConfig.parse("""
            [network]
            mqtt = "mqtts://broker.local:8883"
            unit_id = "hall"
            site = "central"
            credentials = "/etc/mihrab/mqtt.secret"
            [admin]
            listen = "0.0.0.0:8443"
            """, file: "m.toml")
        #expect(c.network.broker == BrokerURL(host: "broker.local", port: 8883, tls: true))
        #expect(c.admin.listen == "0.0.0.0:8443")
        #expect(SiteConfig().network.enabled == false, "off by default: nothing sent")
        #expect(SiteConfig().admin.listen == "", "the admin page is off by default")
        let bad: [(String, String)] = [
            ("[network]\nmqtt = \"http://x\"\n", "m.toml:2: network.mqtt: 'http://x' is not \"mqtt://HOST[:PORT]\""),
            ("[network]\nmqtt = \"mqtt://x\"\nsite = \"c\"\n", "network.unit_id: is needed with mqtt"),
            ("[network]\nmqtt = \"mqtt://x\"\nunit_id = \"a/b\"\nsite = \"c\"\n", "network.unit_id: 'a/b' must be 1 to 64 letters"),
            ("[network]\nmqtt = \"mqtt://x:99999\"\n", "is not \"mqtt://"),
            ("[network]\ncredentials = \"mqtt.secret\"\n", "network.credentials: must be an absolute path"),
            ("[admin]\nlisten = \"8443\"\n", "admin.listen: '8443' is not \"ADDRESS:PORT\""),
            ("[admin]\ncertificate = \"/etc/c.pem\"\n", "admin.key: certificate and key go together"),
        ]
        for (text, expected) in bad {
            do { _ = try SiteConfig.parse(text, file: "m.toml"); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains(expected), "\(e)") }
        }
        #expect(BrokerURL("mqtt://[::1]:1884") == BrokerURL(host: "::1", port: 1884, tls: false))
        #expect(BrokerURL("mqtt://10.0.0.2") == BrokerURL(host: "10.0.0.2", port: 1883, tls: false))
        #expect(BrokerURL("mqtt://a b") == nil)
    }
}

@Suite struct PathsTests {
    @Test func testFoldersAndNamesOfPathsAPersonTypes() {
        for (path, folder, name) in [("t", "", "t"), ("/", "/", "/"), ("/t", "/", "t"), ("a/b", "a", "b"), ("/etc/mihrab/mihrab.toml", "/etc/mihrab", "mihrab.toml"),
                                     ("a//b", "a", "b"), ("dir/", "", "dir"), ("", "", "")] {
            #expect(parentFolder(of: path) == folder, Comment(rawValue: path))
            #expect(lastComponent(of: path) == name, Comment(rawValue: path))
        }
    }

    @Test func testAPathAFileNamesIsReadFromTheFilesFolder() {
        for (path, file, resolved) in [("t.csv", "/etc/mihrab/site.toml", "/etc/mihrab/t.csv"), ("t.csv", "site.toml", "t.csv"),
                                       ("/srv/t.csv", "/etc/mihrab/site.toml", "/srv/t.csv"), ("t.csv", "/site.toml", "/t.csv"),
                                       ("tables/t.csv", "office/site.toml", "office/tables/t.csv")] {
            #expect(resolvedPath(path, besideFile: file) == resolved, "\(path) beside \(file)")
        }
    }

    /// Settings saved on the unit unsigned (its admin page without the site key) do not lower
    /// what the key's configs must go above: version 3 of that key once taken, a replayed
    /// version 2 of it is refused though the stored settings are not its own.
    @Test func testTheSignedFloorOutlivesUnsignedSettings() throws {
        let dir = NSTemporaryDirectory() + "mihrab-floor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = SiteSettingsStore(directory: dir)
        func signed(_ v: Int) -> SiteSettings {
            var s = SiteSettings(version: v, site: "central", file: "site.toml", toml: "[iqamah]\nasr = \(v)\n", published: "2026-03-25T09:00:00Z", by: "office")
            (s.key, s.signature) = ("ed25519:K", "ed25519:sig")
            return s
        }
        #expect(try store.storeIfNewer(signed(3), key: "ed25519:K"))
        #expect(store.signedFloor(key: "ed25519:K") == SiteVersion(version: 3))
        try store.store(SiteSettings(version: 4, site: "central", file: "admin page", toml: "[iqamah]\nasr = 9\n", published: "2026-03-25T09:01:00Z", by: "imam"))
        #expect(try !store.storeIfNewer(signed(2), key: "ed25519:K"), "an old signed version replayed over unsigned settings")
        #expect(try store.storeIfNewer(signed(5), key: "ed25519:K"))
        #expect(SiteSettingsStore(directory: dir).signedFloor(key: "ed25519:K") == SiteVersion(version: 5), "kept on disk")
        #expect(store.signedFloor(key: "ed25519:other") == .none, "another key starts with none")
    }
}
