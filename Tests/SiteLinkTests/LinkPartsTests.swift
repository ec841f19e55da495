import Foundation
import SiteLink
import XCTest

final class LinkPartsTests: XCTestCase {
    func testCredentialsAreASecretFile() throws {
        let path = NSTemporaryDirectory() + "mihrab-cred-\(UUID().uuidString)"
        try "hall:s3cret:with:colons\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        XCTAssertThrowsError(try MQTTCredentials.load(path)) { e in
            XCTAssertTrue("\(e)".contains("readable by others (mode 644): chmod 600"), "\(e)")
        }
        chmod(path, 0o600)
        XCTAssertEqual(try MQTTCredentials.load(path), MQTTCredentials(username: "hall", password: "s3cret:with:colons"))
        try "no colon\n".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try MQTTCredentials.load(path)) { e in XCTAssertTrue("\(e)".contains("username:password"), "\(e)") }
        XCTAssertThrowsError(try MQTTCredentials.load(path + ".none")) { e in XCTAssertTrue("\(e)".contains("cannot be read"), "\(e)") }
    }

    func testTopicsAreParsedOnlyWhenTheyAreOurs() {
        XCTAssertEqual(Topics.unitID(in: "mihrab/v1/unit/hall/status", leaf: "status"), "hall")
        XCTAssertNil(Topics.unitID(in: "mihrab/v1/unit/hall/extra/status", leaf: "status"))
        XCTAssertNil(Topics.unitID(in: "mihrab/v2/unit/hall/status", leaf: "status"))
        XCTAssertEqual(Topics.commandName(in: "mihrab/v1/unit/hall/cmd/stop", unit: "hall"), "stop")
        XCTAssertNil(Topics.commandName(in: "mihrab/v1/unit/hall/cmd/stop/x", unit: "hall"))
        XCTAssertNil(Topics.commandName(in: "mihrab/v1/unit/hallway/cmd/stop", unit: "hall"))
        XCTAssertEqual(Topics.siteConfig("central"), "mihrab/v1/site/central/config")
    }

    /// Home Assistant's discovery: the topic layout <prefix>/<component>/<node_id>/<object_id>/config
    /// and the keys its MQTT integration documents for each component.
    func testHomeAssistantDiscoveryFollowsItsDocumentedLayout() throws {
        let entries = HomeAssistant.discovery(unit: "hall", version: "1.2.3")
        XCTAssertEqual(entries.count, 9)
        for (topic, payload) in entries {
            let parts = topic.split(separator: "/")
            XCTAssertEqual(parts.count, 5, topic)
            XCTAssertEqual(parts.first, "homeassistant")
            XCTAssertTrue(["sensor", "binary_sensor", "button"].contains(String(parts[1])), topic)
            XCTAssertEqual(parts[2], "hall", "node id: the unit (an ACL can grant homeassistant/+/hall/#)")
            XCTAssertEqual(parts.last, "config")
            let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            let device = try XCTUnwrap(o["device"] as? [String: Any])
            XCTAssertEqual(device["identifiers"] as? [String], ["mihrab_hall"])
            XCTAssertEqual(device["sw_version"] as? String, "1.2.3")
            if parts[1] == "button" {
                XCTAssertEqual(o["command_topic"] as? String, "mihrab/v1/unit/hall/cmd/stop")
                XCTAssertNotNil(o["payload_press"])
            } else {
                XCTAssertEqual(o["state_topic"] as? String, "mihrab/v1/unit/hall/status")
                XCTAssertNotNil(o["value_template"])
            }
        }
        let times = entries.filter { $0.0.hasPrefix("homeassistant/sensor/") }
        XCTAssertEqual(times.count, 7, "six times of day and the next prayer")
    }
}
