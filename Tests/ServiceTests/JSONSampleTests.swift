import Foundation
import HAL
import PrayerTimes
import Testing
import TestSupport
@testable import Screen
@testable import Service
@testable import UnitModel

/// The bytes of status.json, of the wall screen's JSON (`GET /api/v1/screen`, its event stream,
/// `GET /api/v1/times`) and of `--record`'s lines, held to recorded samples
/// (Fixtures/samples): a change of any byte, a key's name, its order, a number's format,
/// fails here. `MIHRAB_RECORD_SAMPLES=1` records them again (SampleFile).
///
/// The unit: London (the system's zone, as UnitHarness loads it), the test configuration with
/// Eid al-Fitr's two prayers as an `[[events]]` entry, on the eve of Eid 1448 (the last fast)
/// at 16:00:01, virtual time: between Asr and Maghrib, so the status has its `next` prayer
/// event, today's `iqamah`, Eid's prayers tomorrow (`special`) and the iftar countdown (`fast`).
@Suite("JSON samples: status.json, the wall screen's JSON and --record, byte for byte")
struct JSONSampleTests {
    static let samples = SampleFile.directory(besides: #filePath)
    static let eidName = "Eid al-Fitr prayer"
    /// The eve of Eid al-Fitr 1448 (Ramadan's last day), a Monday; London is on GMT (+00:00).
    static let eve = "2027-03-08"

    static func check(_ produced: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = SampleFile.mismatch(produced, sample: samples + "/" + name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// The unit at 16:00:01 on the eve (started at 16:00, one second run).
    static func unit() throws -> UnitHarness {
        let eve = try #require(CivilDate(iso: Self.eve))
        let eid = HijriCalendar.date(for: eve.adding(days: 1), offset: 0)
        try #require(eid.year == 1448 && eid.month == 10 && eid.day == 1, "\(Self.eve) is not the eve of Eid 1448: \(eid)")
        var config = UnitHarness.testConfig()
        config.events = [SpecialEvent(name: eidName, dates: .hijri(year: nil, month: 10, day: 1), times: [.clock(450), .clock(540)], minutes: 45)]
        let unit = try UnitHarness(zone: "Europe/London", lat: 51.5, lon: -0.12, start: eve, startMinute: 16 * 60, config: config)
        unit.run(untilWall: unit.clock.wallNow() + 1)
        return unit
    }

    /// The unit's state directory and its stand-in for /run/mihrab.
    static func remove(_ unit: UnitHarness) {
        for d in [unit.stateDirectory, unit.runtimeDirectory] { try? FileManager.default.removeItem(atPath: d) }
    }

    @Test("status.json of the unit on the eve of Eid at 16:00:01: next, iqamah, special and fast among its keys")
    func unitStatus() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        let status = unit.core.status(wall: unit.clock.wallNow())
        // What this sample is for: each optional part that a unit at this time has.
        try #require(status.next != nil && status.iqamah?.isEmpty == false && status.special != nil && status.fast != nil
                     && status.times != nil && status.date != nil && status.hijri != nil && status.sound != nil, "\(status)")
        Self.check(status.json(), "status-eid-eve.json")
    }

    /// Every optional part filled, on the unit's own report: the daemon's (loop, displays,
    /// servers, site) and the rest a unit has at other times (a heading, a problem, a sound
    /// playing, a JAKIM zone), so every key and its format is in a sample.
    static func fullReport(_ status: StatusReport) -> StatusReport {
        var r = status
        r.version = "1.4.0"
        r.problem = "no position: no times until the first fix"
        r.position.jakimZone = "WLY01"
        r.heading = 212.4
        r.qiblaOffset = -93.1
        r.compass = .high
        r.clock.source = .gps
        r.status = .stateNotPersisted
        r.state.persisted = false
        r.state.problem = "/var/lib/mihrab/state.json: cannot be written (Read-only file system)"
        r.sound = StatusReport.Sound(device: "hw:CARD=Device,DEV=0", available: true, playing: "adhan",
                                     problems: ["sound.adhan: /var/lib/mihrab/adhan.wav: no such file", "stop button: line 17 is gone"])
        r.loop = StatusReport.Loop(passes: 86_412, earlyWakes: 3, overruns: 1, lateMedianMicroseconds: 61.5, lateP99Microseconds: 412.25,
                                   lateMaxMicroseconds: 1843, cpuSeconds: 12.375, uptimeSeconds: 86_401.5)
        r.displays = [StatusReport.Display(display: "oled", state: .ok, problem: nil, renders: 1442),
                      StatusReport.Display(display: "lcd", state: .failing, problem: "i2c-1 0x27: write failed (EIO)", renders: 7)]
        r.servers = [StatusReport.Server(server: "screen", listen: "0.0.0.0:8080", state: .listening, problem: nil, connections: 2),
                     StatusReport.Server(server: "admin", listen: "[::]:8443", state: .down, problem: "address in use", connections: 0)]
        var site = StatusReport.Site(name: "central", unit: "hall", configVersion: 12, refused: "version 11 is not newer than 12",
                                     broker: .connecting, problem: "connection refused")
        site.configSeries = 2
        site.refusals = 3
        site.login = .account
        site.openBroker = false
        r.site = site
        return r
    }

    @Test("status.json with every optional part filled: each key's name and each value's format")
    func fullStatus() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        let full = Self.fullReport(unit.core.status(wall: unit.clock.wallNow()))
        Self.check(full.json(), "status-full.json")
        #expect(try JSONDecoder().decode(StatusReport.self, from: full.json()) == full, "mihrab status reads it back")
    }

    /// The unit's input on a screen feed, as the daemon publishes it once a second; the
    /// server's routes read the feed (`feed.model()`: the model at the published instant).
    static func feed(_ unit: UnitHarness) -> ScreenFeed {
        let feed = ScreenFeed()
        feed.publish(unit.core.screenInput, wall: unit.clock.wallNow())
        return feed
    }

    /// The bytes the screen server sends for a value: its JSON encoder (Routes.json, EventHub.event).
    static func served(_ value: some Encodable) throws -> Data { try JSONEncoder.screen.encode(value) }

    @Test("GET /api/v1/screen of the unit on the eve of Eid at 16:00:01 (the fast, Eid tomorrow, Ramadan's row), and its event stream's model event")
    func unitScreen() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        let model = try #require(Self.feed(unit).model())
        try #require(model.special != nil && model.fast != nil && model.next != nil && model.table.ramadan != nil, "\(model)")
        let json = try Self.served(model)
        Self.check(json, "screen-eid-eve.json")
        // The page's event stream carries the same bytes.
        #expect(EventHub.event("model", model) == Array("event: model\ndata: ".utf8) + Array(json) + Array("\n\n".utf8))
        #expect(EventHub.event("time", ["now": model.now]) == Array("event: time\ndata: {\"now\":\"\(model.now)\"}\n\n".utf8))
    }

    @Test("The screen's JSON with every optional part filled: a title, the qibla, a JAKIM source, announcements, notices, a phase's text, Jumu'ah sessions, the day's events")
    func fullScreen() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        var m = try #require(Self.feed(unit).model())
        m.title = "Central Mosque / Masjid"
        m.qibla = ScreenModel.Qibla(bearing: 118.9, offset: -12, accuracy: .good)
        m.source = "JAKIM WLY01"
        m.announcements = ["Taraweeh tonight after Isha", "Zakat al-Fitr: \"£5\" per person"]
        m.notices = [.clockUntrusted, .noFix]
        m.phase = ScreenModel.Phase(kind: .after, prayer: .asr, jumuah: false, start: "2027-03-08T15:37:00+00:00",
                                    end: "2027-03-08T15:42:00+00:00", text: "Astaghfirullah (3x)")
        let dhuhr = try #require(m.table.rows.firstIndex { $0.prayer == .dhuhr })
        m.table.rows[dhuhr].jumuah = [.init(adhan: "2027-03-08T12:15:00+00:00", iqamah: "2027-03-08T12:45:00+00:00"),
                                      .init(adhan: "2027-03-08T13:30:00+00:00", iqamah: nil)]
        m.table.events = [.init(name: Self.eidName, times: ["2027-03-09T07:30:00+00:00", "2027-03-09T09:00:00+00:00"])]
        Self.check(try Self.served(m), "screen-full.json")
    }

    @Test("GET /api/v1/times (today) and ?date= a Friday (its Jumu'ah), of the same unit")
    func unitTimes() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        let p = Self.feed(unit).read()
        let input = try #require(p.input)
        Self.check(try Self.served(try TimesResponse.make(query: [:], input: input, wall: p.wall)), "times-eid-eve.json")
        let friday = try TimesResponse.make(query: ["date": "2027-03-12"], input: input, wall: p.wall)
        try #require(friday.days.first?.jumuah?.isEmpty == false, "2027-03-12 is a Friday")
        Self.check(try Self.served(friday), "times-friday.json")
    }

    @Test("GET /api/v1/times of a unit on a JAKIM zone's times (Kuala Lumpur, WLY01): the zone named in the answer")
    func jakimTimes() throws {
        var config = UnitHarness.testConfig()
        config.parameters = CalculationMethod.jakim.parameters
        try #require(JakimZone.named("WLY01")).apply(to: &config.parameters)
        config.jakimZone = "WLY01"
        let zone = try ZoneRules.load("Asia/Kuala_Lumpur")
        let input = ScreenInput(config: config, zone: zone, days: [], trusted: true, position: Coordinates(latitude: 3.139, longitude: 101.687))
        let day = try #require(CivilDate(iso: "2027-03-08"))
        let r = try TimesResponse.make(query: [:], input: input, wall: LocalMinute.instant(day, minute: 16 * 60, zone: zone))
        try #require(r.jakimZone == "WLY01")
        Self.check(try Self.served(r), "times-jakim.json")
    }

    /// `real` is the real (monotonic) seconds since the loop started: it differs on every
    /// run. Each event line must have it as a number (as RecordTiming reads it); its value is
    /// written `<real>` in the sample, every other byte kept.
    static func maskingReal(_ text: String) throws -> String {
        try text.replacing(Regex(#""real":-?[0-9][0-9.eE+-]*"#), with: #""real":<real>"#)
    }

    @Test("--record of the unit: its first second at 16:00 (the day's earlier events missed, every output set) and Maghrib's adhan's first 4 s (fired, the buzzer's pulse, the LEDs); real masked")
    func unitRecord() throws {
        let unit = try Self.unit()
        defer { Self.remove(unit) }
        let start = unit.clock.wallNow() - 1
        let maghrib = try #require(unit.core.today?.maghrib)
        unit.run(untilWall: maghrib + 5)
        let text = try String(contentsOfFile: unit.recordPath, encoding: .utf8)
        // Every event line's real seconds, read as RecordTiming reads them.
        let events = RecordTiming.events(unit.recordPath)
        try #require(events.contains { $0["state"] as? String == "fired" && $0["event"] as? String == "adhan" }, "\(events)")
        for e in events {
            let real = (e["real"] as? NSNumber)?.doubleValue
            #expect(real.map { $0 >= 0 && $0 < 600 } == true, "real seconds since the loop started: \(e)")
        }
        // The two windows' lines as written (the status LED's heartbeat between them is
        // thousands of lines). `t`s of one format and offset: their text is in time order.
        func iso(_ t: Double) -> String { EventRecorder.iso(t, zone: unit.zone, millis: true) }
        let windows = [(iso(start), iso(start + 1)), (iso(maghrib), iso(maghrib + 4))]
        let kept = try text.split(separator: "\n").filter { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let t = try #require(object?["t"] as? String, "a line without t: \(line)")
            return windows.contains { t >= $0.0 && t < $0.1 }
        }
        let sample = kept.map { $0 + "\n" }.joined()
        try #require(sample.contains("\"state\":\"fired\"") && sample.contains("\"state\":\"missed\"") && sample.contains("\"output\":\"buzzer\""), "\(sample)")
        Self.check(Data(try Self.maskingReal(sample).utf8), "record-eid-eve.jsonl")
    }

    @Test("--record's every line type and optional key: a muted special event missed, a sound's start and failed stop, the button")
    func recordLines() throws {
        let path = NSTemporaryDirectory() + "mihrab-record-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let zone = try ZoneRules.load("Europe/London")
        let recorder = try EventRecorder(path: path, zone: zone)
        let eid = try #require(CivilDate(iso: "2027-03-09"))
        let at = LocalMinute.instant(eid, minute: 450, zone: zone)
        recorder.event(PlannedEvent(kind: .special, prayer: .sunrise, time: at, date: eid, index: 0, sounds: true, muted: true,
                                    name: Self.eidName, minutes: 45), action: .miss, at: at + 60.125)
        recorder.output("qibla_ring_7", on: false, at: at + 61)
        let adhan = SoundRequest.Item(sound: SoundInfo(path: "/var/lib/mihrab/adhan.wav", sampleRate: 44_100, channels: 2, frames: 441_000),
                                      event: "adhan", prayer: "dhuhr")
        recorder.sound(SoundReport(kind: .start, item: adhan, volume: 80, at: 0), at: at + 3600.5)
        recorder.sound(SoundReport(kind: .stop, item: adhan, volume: 80, at: 0, reason: .failed("device unplugged")), at: at + 3604.25)
        recorder.button(pressed: true, at: at + 3605)
        recorder.button(pressed: false, at: at + 3605.375)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        Self.check(Data(try Self.maskingReal(text).utf8), "record-lines.jsonl")
    }
}
