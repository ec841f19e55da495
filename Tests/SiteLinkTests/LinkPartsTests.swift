import Foundation
import Service
@testable import SiteLink
import Testing
import UnitModel

@Suite struct LinkPartsTests {
    @Test func testCredentialsAreASecretFile() throws {
        let path = NSTemporaryDirectory() + "mihrab-cred-\(UUID().uuidString)"
        try "hall:s3cret:with:colons\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        do { _ = try MQTTCredentials.load(path); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains("readable by others (mode 644): chmod 600"), "\(e)") }
        chmod(path, 0o600)
        #expect((try MQTTCredentials.load(path)) == MQTTCredentials(username: "hall", password: "s3cret:with:colons"))
        try "no colon\n".write(toFile: path, atomically: false, encoding: .utf8)
        do { _ = try MQTTCredentials.load(path); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains("username:password"), "\(e)") }
        do { _ = try MQTTCredentials.load(path + ".none"); Issue.record("no error thrown") } catch { let e = error; #expect("\(e)".contains("cannot be read"), "\(e)") }
    }

    @Test func testTopicsAreParsedOnlyWhenTheyAreOurs() {
        #expect(Topics.unitID(in: "mihrab/v1/unit/hall/status", leaf: "status") == "hall")
        #expect(Topics.unitID(in: "mihrab/v1/unit/hall/extra/status", leaf: "status") == nil)
        #expect(Topics.unitID(in: "mihrab/v2/unit/hall/status", leaf: "status") == nil)
        #expect(Topics.commandName(in: "mihrab/v1/unit/hall/cmd/stop", unit: "hall") == "stop")
        #expect(Topics.commandName(in: "mihrab/v1/unit/hall/cmd/stop/x", unit: "hall") == nil)
        #expect(Topics.commandName(in: "mihrab/v1/unit/hallway/cmd/stop", unit: "hall") == nil)
        #expect(Topics.siteConfig("central") == "mihrab/v1/site/central/config")
    }

    /// Home Assistant's discovery: the topic layout <prefix>/<component>/<node_id>/<object_id>/config
    /// and the keys its MQTT integration documents for each component.
    @Test func testHomeAssistantDiscoveryFollowsItsDocumentedLayout() throws {
        let entries = HomeAssistant.discovery(unit: "hall", version: "1.2.3")
        #expect(entries.count == 10)
        for (topic, payload) in entries {
            let parts = topic.split(separator: "/")
            #expect(parts.count == 5, Comment(rawValue: topic))
            #expect(parts.first == "homeassistant")
            #expect(["sensor", "binary_sensor", "button"].contains(String(parts[1])), Comment(rawValue: topic))
            #expect((parts[2]) == "hall", "node id: the unit (an ACL can grant homeassistant/+/hall/#)")
            #expect(parts.last == "config")
            let o = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            let device = try #require(o["device"] as? [String: Any])
            #expect((device["identifiers"] as? [String]) == (["mihrab_hall"]))
            #expect((device["sw_version"] as? String) == "1.2.3")
            if parts[1] == "button" {
                #expect((o["command_topic"] as? String) == "mihrab/v1/unit/hall/cmd/stop")
                #expect((o["payload_press"]) != nil)
            } else {
                #expect((o["state_topic"] as? String) == "mihrab/v1/unit/hall/status")
                #expect((o["value_template"]) != nil)
            }
        }
        let times = entries.filter { $0.0.hasPrefix("homeassistant/sensor/") }
        #expect(times.count == 8, "six times of day, the next prayer and the next special event")
    }

    /// The next special event: a timestamp from the status's `special` (as the screen has it),
    /// its name and days in the attributes.
    @Test func testHomeAssistantHasTheNextSpecialEvent() throws {
        let entries = HomeAssistant.discovery(unit: "hall", version: "1.2.3")
        let payload = try #require(entries.first { $0.0 == "homeassistant/sensor/hall/next_special_event/config" }?.1)
        let o = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect((o["name"] as? String) == "Next special event")
        #expect((o["unique_id"] as? String) == "mihrab_hall_next_special_event")
        #expect((o["device_class"] as? String) == "timestamp")
        #expect((o["state_topic"] as? String) == "mihrab/v1/unit/hall/status")
        #expect((o["json_attributes_topic"] as? String) == "mihrab/v1/unit/hall/status")
        #expect((o["value_template"] as? String)?.contains("value_json.special.at") == true)
        let attributes = try #require(o["json_attributes_template"] as? String)
        #expect(attributes.contains("'name': value_json.special.name") && attributes.contains("'days': value_json.special.days"))
    }

    /// A special event fired goes out on the event topic as type "event" with its name.
    @Test func testASpecialEventGoesOutWithItsName() throws {
        let e = UnitEvent(type: .event, prayer: "isha", scheduled: "2027-02-08T19:20:00+00:00", at: "2027-02-08T19:20:01+00:00", name: "Taraweeh")
        let payload = try #require(e.payload)
        let o = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect((o["type"] as? String) == "event")
        #expect((o["name"] as? String) == "Taraweeh")
        #expect((o["scheduled"] as? String) == "2027-02-08T19:20:00+00:00")
        #expect(o["message"] == nil && o["command"] == nil, "keys it does not have are left out")
    }
}

/// A command topic's name and payload as the command the unit performs, and the name its
/// gate judges: Home Assistant's `display` switch unsigned only.
@Suite("command names")
struct CommandNameTests {
    func resolve(_ name: String, _ payload: String, signed: Bool = false) -> String {
        switch CommandName.resolve(name, payload: Data(payload.utf8), signed: signed) {
        case .success(let r): "\(r.0.rawValue) as \(r.judged)"
        case .failure(let f): f.text
        }
    }

    @Test("each command by its name; display by its power, unsigned only; anything else one line")
    func names() {
        #expect(resolve("stop", "{\"id\":\"x\"}") == "stop as stop")
        #expect(resolve("display-off", "{\"id\":\"x\"}", signed: true) == "display-off as display-off")
        #expect(resolve("display", "{\"id\":\"home-assistant\",\"power\":\"on\"}") == "display-on as display")
        #expect(resolve("display", "{\"id\":\"home-assistant\",\"power\":\"off\"}") == "display-off as display")
        #expect(resolve("display", "{\"power\":\"off\"}", signed: true).hasPrefix("refused: a signed command is display-on or display-off"))
        #expect(resolve("display", "{\"power\":\"dim\"}") == "display takes {\"power\": \"on\"} or {\"power\": \"off\"}")
        #expect(resolve("display", "on") == "display takes {\"power\": \"on\"} or {\"power\": \"off\"}")
        #expect(resolve("dance", "{}") == "unknown command (stop, test-sound, identify, reload, display-on, display-off, display)")
    }
}
