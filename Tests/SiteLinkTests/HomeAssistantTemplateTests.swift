import Foundation
import Testing
@testable import Service
@testable import SiteLink
@testable import UnitModel

/// The discovery's templates rendered by Jinja (Debian's python3-jinja2, the engine Home
/// Assistant's templates are) over our own status JSON: with every field, and with the fields
/// a status leaves out (no place yet, no special event ahead, no sound). StrictUndefined makes
/// every use of a missing value an error, where Home Assistant would log one on each message.
@Suite("Home Assistant's templates over the status topic")
struct HomeAssistantTemplateTests {
    static let python = "/usr/bin/python3"
    static let render = """
    import json, sys, jinja2
    job = json.load(sys.stdin)
    env = jinja2.Environment(undefined=jinja2.StrictUndefined)
    out = []
    for status in job["statuses"]:
        seen = {}
        for name, template in job["templates"]:
            try:
                seen[name] = env.from_string(template).render(value_json=status)
            except Exception as e:
                seen[name] = "ERROR " + type(e).__name__ + ": " + str(e)
        out.append(seen)
    json.dump(out, sys.stdout)
    """

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Each template of the discovery by "object/kind", rendered over each status.
    static func rendered(_ statuses: [StatusReport]) throws -> [[String: String]] {
        var templates: [[String]] = []
        for (topic, payload) in HomeAssistant.discovery(unit: "hall", version: "1.2.3", television: true, message: true) {
            let o = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            let object = topic.split(separator: "/").dropLast().last.map(String.init) ?? topic
            for key in ["value_template", "json_attributes_template"] {
                if let t = o[key] as? String { templates.append(["\(object)/\(key)", t]) }
            }
        }
        let job: [String: Any] = ["templates": templates,
                                  "statuses": try statuses.map { try JSONSerialization.jsonObject(with: $0.json()) }]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", render]
        let input = Pipe(), out = Pipe(), err = Pipe()
        (p.standardInput, p.standardOutput, p.standardError) = (input, out, err)
        try p.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: job))
        try input.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            if problem.contains("No module named 'jinja2'") {
                throw Failure(description: "python3-jinja2 is not installed: `make test-deps` installs it (apt-get install python3-jinja2)")
            }
            throw Failure(description: "jinja2 failed (\(p.terminationStatus)): \(problem)")
        }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: String]])
    }

    /// A status as a unit writes it, with only what every status has.
    static func bare() throws -> StatusReport {
        let json = """
        {"time": "2027-03-08T16:00:00+00:00", "position": {"source": "none"}, "compass": "none",
         "clock": {"trusted": true, "steps": 0}, "status": "ok", "gps": "none",
         "sensors": {"magnetometer": "none", "accelerometer": "none", "errors": 0},
         "state": {"persisted": true}, "counters": {"fired": 0, "missed": 0, "gpioErrors": 0, "rejectedFixes": 0}}
        """
        return try JSONDecoder().decode(StatusReport.self, from: Data(json.utf8))
    }

    @Test("Every field there: each sensor its time, the attributes their JSON, the adhan playing ON")
    func full() throws {
        var s = try Self.bare()
        s.times = ["fajr": "2027-03-08T05:01:00+00:00", "sunrise": "2027-03-08T06:30:00+00:00", "dhuhr": "2027-03-08T12:15:00+00:00",
                   "asr": "2027-03-08T15:12:00+00:00", "maghrib": "2027-03-08T17:58:00+00:00", "isha": "2027-03-08T19:25:00+00:00"]
        s.next = StatusReport.Next(event: "adhan", prayer: "maghrib", at: "2027-03-08T17:58:00+00:00", inSeconds: 6480)
        s.special = ScreenModel.Special(name: "Eid al-Fitr prayer", at: "2027-03-09T07:30:00+00:00",
                                        times: ["2027-03-09T07:30:00+00:00"], days: 1, happening: false)
        s.sound = StatusReport.Sound(device: "default", available: true, playing: "adhan.wav", problems: [])
        let r = try #require(try Self.rendered([s]).first)
        for prayer in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"] {
            #expect(r["\(prayer)/value_template"] == s.times?[prayer], "\(prayer): \(r)")
        }
        #expect(r["next_prayer/value_template"] == "2027-03-08T17:58:00+00:00")
        #expect(try Self.object(r["next_prayer/json_attributes_template"]) == ["event": "adhan", "prayer": "maghrib"] as NSDictionary)
        #expect(r["next_special_event/value_template"] == "2027-03-09T07:30:00+00:00")
        #expect(try Self.object(r["next_special_event/json_attributes_template"])
                == ["name": "Eid al-Fitr prayer", "days": 1, "happening": false] as NSDictionary)
        #expect(r["adhan_playing/value_template"] == "ON")
    }

    @Test("A status without times, next, special or sound renders None, {} and OFF: no template error")
    func bare() throws {
        var quiet = try Self.bare()
        quiet.sound = StatusReport.Sound(device: "default", available: true, playing: nil, problems: [])
        for r in try Self.rendered([try Self.bare(), quiet]) {
            #expect(!r.values.contains { $0.hasPrefix("ERROR") }, "\(r)")
            for prayer in ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha", "next_prayer", "next_special_event"] {
                #expect(r["\(prayer)/value_template"] == "None", "\(prayer): \(r)")
            }
            #expect(r["next_prayer/json_attributes_template"] == "{}" && r["next_special_event/json_attributes_template"] == "{}")
            #expect(r["adhan_playing/value_template"] == "OFF")
        }
    }

    @Test("The TV's switch: its state the status's display.power (on, off), None without one; its payloads the display command's")
    func television() throws {
        var on = try Self.bare(), off = try Self.bare()
        on.display = StatusReport.DisplayPower(power: .on, reason: .schedule, driver: .cec)
        off.display = StatusReport.DisplayPower(power: .off, reason: .override, driver: .both, until: "2027-03-08T17:43:00+00:00")
        let r = try Self.rendered([on, off, try Self.bare()])
        #expect(r.map { $0["display/value_template"] } == ["on", "off", "None"])
        let entries = HomeAssistant.discovery(unit: "hall", version: "1.2.3", television: true)
        let tv = try #require(entries.first { $0.0 == "homeassistant/switch/hall/display/config" })
        let o = try #require(try JSONSerialization.jsonObject(with: tv.1) as? [String: Any])
        #expect(o["command_topic"] as? String == "mihrab/v1/unit/hall/cmd/display")
        #expect(o["state_on"] as? String == "on" && o["state_off"] as? String == "off")
        for (key, power) in [("payload_on", "on"), ("payload_off", "off")] {
            #expect(try Self.object(o[key] as? String) == ["id": "home-assistant", "power": power] as NSDictionary)
        }
        // Without a TV (power = "none"), no switch.
        #expect(!HomeAssistant.discovery(unit: "hall", version: "1.2.3").contains { $0.0.contains("/switch/") })
    }

    @Test("The urgent message's text entity (only where message is taken unsigned): its state the status's message text, '' without one; what it sends the JSON of the message command, whatever the text holds")
    func message() throws {
        var shown = try Self.bare()
        shown.message = ScreenModel.Message(text: "Car \"AB12\" blocking the gate", by: "imam", until: "2026-03-25T12:17:00+00:00", banner: false)
        let r = try Self.rendered([shown, try Self.bare()])
        #expect(r.map { $0["message/value_template"] } == ["Car \"AB12\" blocking the gate", ""])
        #expect(!HomeAssistant.discovery(unit: "hall", version: "1.2.3").contains { $0.0.contains("/text/") })
        let entry = try #require(HomeAssistant.discovery(unit: "hall", version: "1.2.3", message: true).first { $0.0 == "homeassistant/text/hall/message/config" })
        let o = try #require(try JSONSerialization.jsonObject(with: entry.1) as? [String: Any])
        #expect(o["command_topic"] as? String == "mihrab/v1/unit/hall/cmd/message" && o["max"] as? Int == UrgentMessage.maximumCharacters)
        // The command template as Home Assistant renders it (`value`: what the person typed).
        let template = try #require(o["command_template"] as? String)
        let typed = "سيارة \"AB12\" {{ تسد }} البوابة\\"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.python)
        p.arguments = ["-c", "import sys, jinja2; t, v = sys.argv[1], sys.argv[2]; sys.stdout.write(jinja2.Environment().from_string(t).render(value=v))",
                       template, typed]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let body = try JSONDecoder().decode(CommandBody.self, from: data)
        #expect(body.text == typed && body.by == "Home Assistant" && body.id == "home-assistant" && body.signature == nil,
                Comment(rawValue: String(decoding: data, as: UTF8.self)))
    }

    static func object(_ s: String?) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data((s ?? "").utf8)) as? NSDictionary, Comment(rawValue: s ?? "nil"))
    }
}
