import Foundation
import Testing
import TestSupport
@testable import Service
@testable import SiteLink
@testable import UnitModel

/// What a unit publishes on the network, held byte for byte to recorded samples
/// (Fixtures/samples): the status message (plain and sealed with the unit's key), an event
/// message of every type, Home Assistant's discovery, the topics' names and the state topic's
/// words. Each made by the function the link makes it with (StatusMessage.json,
/// UnitEvent.payload, UnitSeal.seal, HomeAssistant.discovery, Topics, UnitPresence).
/// `MIHRAB_RECORD_SAMPLES=1` records them again (SampleFile).
///
/// The unit's real clock is in none of them: where the link stamps an event with
/// `UnitEvent.at(clock)` (a command's answer, a config applied or refused, an error) or seals
/// with `Date()`, a fixed time of the same form stands in.
@Suite("MQTT samples: the unit's messages, byte for byte")
struct MessageSampleTests {
    static let samples = SampleFile.directory(besides: #filePath)
    static let unit = "hall", site = "central", version = "1.4.0"
    /// What `UnitEvent.at(clock)` writes, at a fixed instant.
    static let utc = "2027-03-08T16:00:05Z"
    /// A unit key (any 32 bytes are an Ed25519 seed; its signatures are deterministic).
    static let unitKey = SigningKey(seed: Data((1...32).map { UInt8($0) }))

    static func check(_ produced: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = SampleFile.mismatch(produced, sample: samples + "/" + name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// A status with every part filled (a unit on the eve of Eid 1448 in London at 16:00, on
    /// the network), as `UnitLink.consider` has it: the software's version set.
    static func report() -> StatusReport {
        let times = ["fajr": "2027-03-08T04:42:00+00:00", "sunrise": "2027-03-08T06:31:00+00:00", "dhuhr": "2027-03-08T12:11:00+00:00",
                     "asr": "2027-03-08T15:12:00+00:00", "maghrib": "2027-03-08T17:53:00+00:00", "isha": "2027-03-08T19:37:00+00:00",
                     "imsak": "2027-03-08T04:32:00+00:00", "midnight": "2027-03-09T00:11:00+00:00"]
        var r = StatusReport(
            version: version, time: "2027-03-08T16:00:01+00:00", date: "2027-03-08", hijri: "1448-09-29", times: times,
            iqamah: ["fajr": "2027-03-08T04:57:00+00:00", "dhuhr": "2027-03-08T12:26:00+00:00", "asr": "2027-03-08T15:27:00+00:00",
                     "maghrib": "2027-03-08T18:08:00+00:00", "isha": "2027-03-08T19:52:00+00:00"],
            next: .init(event: "reminder", prayer: "maghrib", at: "2027-03-08T17:43:00+00:00", inSeconds: 6179),
            special: ScreenModel.Special(name: "Eid al-Fitr prayer", at: "2027-03-09T07:30:00+00:00",
                                         times: ["2027-03-09T07:30:00+00:00", "2027-03-09T09:00:00+00:00"], days: 1, happening: false),
            fast: ScreenModel.Fast(kind: .iftar, at: "2027-03-08T17:53:00+00:00"),
            position: .init(latitude: 51.5, longitude: -0.12, source: .gps, jakimZone: "WLY01"),
            heading: 212.4, qiblaOffset: -93.1, compass: .high, clock: .init(trusted: true, steps: 1, source: .gps),
            status: .stateNotPersisted, problem: "no position: no times until the first fix", gps: .fix3D,
            sensors: .init(magnetometer: .ok, accelerometer: .failing, errors: 4),
            state: .init(persisted: false, problem: "/var/lib/mihrab/state.json: cannot be written (Read-only file system)"),
            sound: .init(device: "hw:CARD=Device,DEV=0", available: true, playing: "adhan",
                         problems: ["sound.adhan: /var/lib/mihrab/adhan.wav: no such file", "stop button: line 17 is gone"]),
            counters: .init(fired: 9, missed: 2, gpioErrors: 1, rejectedFixes: 5),
            loop: .init(passes: 86_412, earlyWakes: 3, overruns: 1, lateMedianMicroseconds: 61.5, lateP99Microseconds: 412.25,
                        lateMaxMicroseconds: 1843, cpuSeconds: 12.375, uptimeSeconds: 86_401.5),
            displays: [.init(display: "oled", state: .ok, problem: nil, renders: 1442),
                       .init(display: "lcd", state: .failing, problem: "i2c-1 0x27: write failed (EIO)", renders: 7)],
            servers: [.init(server: "screen", listen: "0.0.0.0:8080", state: .listening, problem: nil, connections: 2),
                      .init(server: "admin", listen: "[::]:8443", state: .down, problem: "address in use", connections: 0)])
        var s = StatusReport.Site(name: site, unit: unit, configVersion: 12, refused: "version 11 is not newer than 12",
                                  broker: .connected, problem: nil)
        (s.configSeries, s.refusals, s.login, s.openBroker) = (2, 3, .account, false)
        r.site = s
        return r
    }

    @Test("The status message: status.json's report with version and site, and config_version at the top; sealed, the same text and a zsig")
    func status() throws {
        let json = StatusMessage(report: Self.report()).json()
        Self.check(json, "status-message.json")
        let key = try #require(Self.unitKey)
        let at = try CommandGate.iso.parse(Self.utc)
        let sealed = UnitSeal.seal(json, topic: Topics.status(Self.unit), key: key, now: at)
        Self.check(sealed, "status-message-sealed.json")
        let opened = UnitSeal.open(sealed, topic: Topics.status(Self.unit), key: key.publicKey)
        #expect(opened?.body == json && opened?.signedAt == at, "the seal opens to the message and its time")
        // The report without a site: config_version 0.
        var bare = Self.report()
        bare.site = nil
        #expect(String(decoding: StatusMessage(report: bare).json(), as: UTF8.self).contains("\"config_version\":0,"))
    }

    /// One of each `UnitEvent.type` ("adhan", "iqamah", "reminder", "sunrise", "event",
    /// "missed", "stop-pressed", "command", "config", "error"), shaped as the unit and the link
    /// make them (UnitCore.tell, readButton; UnitLink's answers, config and errors).
    static let events: [UnitEvent] = [
        UnitEvent(type: .reminder, prayer: "maghrib", scheduled: "2027-03-08T17:43:00+00:00", at: "2027-03-08T17:43:00+00:00"),
        UnitEvent(type: .adhan, prayer: "maghrib", scheduled: "2027-03-08T17:53:00+00:00", at: "2027-03-08T17:53:00+00:00"),
        UnitEvent(type: .iqamah, prayer: "maghrib", scheduled: "2027-03-08T18:08:00+00:00", at: "2027-03-08T18:08:00+00:00"),
        UnitEvent(type: .sunrise, prayer: "sunrise", scheduled: "2027-03-09T06:09:00+00:00", at: "2027-03-09T06:09:00+00:00"),
        UnitEvent(type: .event, prayer: "sunrise", scheduled: "2027-03-09T07:30:00+00:00", at: "2027-03-09T07:30:00+00:00",
                  name: "Eid al-Fitr prayer"),
        UnitEvent(type: .missed, prayer: "fajr", scheduled: "2027-03-08T04:42:00+00:00", at: "2027-03-08T16:00:00+00:00",
                  message: "adhan missed"),
        UnitEvent(type: .missed, prayer: "sunrise", scheduled: "2027-03-09T09:00:00+00:00", at: "2027-03-09T10:02:00+00:00",
                  message: "Eid al-Fitr prayer missed", name: "Eid al-Fitr prayer"),
        UnitEvent(type: .stopPressed, at: "2027-03-08T17:54:12+00:00"),
        UnitEvent(type: .command, at: utc, id: "home-assistant", command: "stop", result: "stopped"),
        UnitEvent(type: .command, at: utc, id: "c-41", command: "test-sound", result: "refused: not signed"),
        UnitEvent(type: .config, at: utc, result: "applied", version: 12),
        UnitEvent(type: .config, at: utc, result: "refused", message: "version 11 is not newer than 12", version: 12),
        UnitEvent(type: .error, at: utc, message: "sound: hw:CARD=Device,DEV=0: device unplugged / busy"),
    ]

    @Test("An event message of every type, one payload a line; one sealed with the unit's key")
    func events() throws {
        var lines = Data()
        for e in Self.events {
            let payload = try #require(e.payload, "\(e)")
            #expect(!payload.contains(0x0A), "one line: \(e)")
            lines.append(payload)
            lines.append(0x0A)
        }
        Self.check(lines, "events.jsonl")
        let key = try #require(Self.unitKey)
        let adhan = try #require(Self.events[1].payload)
        Self.check(UnitSeal.seal(adhan, topic: Topics.event(Self.unit), key: key, now: try CommandGate.iso.parse(Self.utc)), "event-sealed.json")
    }

    @Test("Home Assistant's discovery: each entity's topic and payload, one a line, in the order they are published")
    func homeAssistant() throws {
        let entries = HomeAssistant.discovery(unit: Self.unit, version: Self.version)
        var text = Data()
        for (topic, payload) in entries {
            text.append(contentsOf: Array((topic + " ").utf8))
            text.append(payload)
            text.append(0x0A)
        }
        Self.check(text, "homeassistant.txt")
    }

    @Test("The topics' names (unit hall, site central) and the words on the state topic")
    func topics() throws {
        var lines: [(String, String)] = [
            ("root", Topics.root), ("siteConfig", Topics.siteConfig(Self.site)), ("unit", Topics.unit(Self.unit)),
            ("state", Topics.state(Self.unit)), ("status", Topics.status(Self.unit)), ("event", Topics.event(Self.unit)),
            ("applied", Topics.applied(Self.unit)), ("everyApplied", Topics.everyApplied), ("everyState", Topics.everyState),
            ("everyStatus", Topics.everyStatus), ("homeassistant", HomeAssistant.prefix),
        ]
        lines += RemoteCommand.allCases.map { ("command.\($0.rawValue)", Topics.command(Self.unit, $0.rawValue)) }
        lines.append(("command.display", Topics.command(Self.unit, "display")))  // Home Assistant's switch: {"power": "on"|"off"}
        lines += [UnitPresence.online, .offline, .lost].map { ("presence.\($0.rawValue)", $0.rawValue) }
        Self.check(Data(lines.map { "\($0.0) \($0.1)\n" }.joined().utf8), "topics.txt")
    }
}
