import FoundationEssentials
import Glibc
import PrayerTimes
import UnitModel

/// Home Assistant's MQTT discovery (retained under `homeassistant/`): each prayer time, the
/// next prayer and the next special event (its name in the attributes) as timestamp
/// sensors, "adhan playing" as a binary sensor, a stop button, the TV's switch, all read from the unit's
/// status topic and available while its state topic says online.
/// Node id = the unit id, so a broker ACL can give each unit `homeassistant/+/<id>/#` only.
public enum HomeAssistant {
    public static let prefix = "homeassistant"

    struct Device: Encodable {
        var identifiers: [String]
        var name: String
        var manufacturer = "Mihrab"
        var model = "prayer-time unit"
        var sw_version: String
    }

    struct Availability: Encodable {
        var topic: String
        var value_template = "{{ 'online' if value == 'online' else 'offline' }}"
        var payload_available = "online"
        var payload_not_available = "offline"
    }

    /// One entity's config (the keys Home Assistant's MQTT integration reads; nil ones left out).
    struct Entity: Encodable {
        var name: String
        var unique_id: String
        var object_id: String
        var device: Device
        var availability: [Availability]
        var state_topic: String?
        var value_template: String?
        var device_class: String?
        var icon: String?
        var command_topic: String?
        var payload_press: String?
        var state_on: String?
        var state_off: String?
        var payload_on: String?
        var payload_off: String?
        var json_attributes_topic: String?
        var json_attributes_template: String?
        var command_template: String?
        var max: Int?
        var mode: String?
    }

    /// (topic, payload) for every entity of a unit.
    /// `television`: the unit steers the hall's TV (`[display] power`): a switch for it.
    /// `message`: the unit takes the urgent message unsigned (`[network] unsigned_commands`
    /// lists it): a text entity for it (set: shown for the default minutes; emptied: cleared).
    public static func discovery(unit: String, version: String, television: Bool = false, message: Bool = false) -> [(String, Data)] {
        let device = Device(identifiers: ["mihrab_\(unit)"], name: "Mihrab \(unit)", sw_version: version)
        let availability = [Availability(topic: Topics.state(unit))]
        let status = Topics.status(unit)
        func entity(_ key: String, _ name: String) -> Entity {
            Entity(name: name, unique_id: "mihrab_\(unit)_\(key)", object_id: "mihrab_\(unit)_\(key)", device: device,
                   availability: availability)
        }
        var out: [(String, Entity)] = []
        for p in [Prayer.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha] {
            var e = entity(p.rawValue, p.rawValue.capitalized)
            e.state_topic = status
            e.device_class = "timestamp"
            e.value_template = field("times", p.rawValue)
            out.append(("sensor/\(unit)/\(p.rawValue)", e))
        }
        var next = entity("next_prayer", "Next prayer")
        next.state_topic = status
        next.device_class = "timestamp"
        next.value_template = field("next", "at")
        next.json_attributes_topic = status
        next.json_attributes_template = "{{ {'event': value_json.next.event, 'prayer': value_json.next.prayer} | tojson if value_json.next is defined else '{}' }}"
        out.append(("sensor/\(unit)/next_prayer", next))
        // The next special event (`[[events]]`: Eid's prayers, taraweeh), as the screen shows it.
        var special = entity("next_special_event", "Next special event")
        special.state_topic = status
        special.device_class = "timestamp"
        special.icon = "mdi:calendar-star"
        special.value_template = field("special", "at")
        special.json_attributes_topic = status
        special.json_attributes_template = "{{ {'name': value_json.special.name, 'days': value_json.special.days, 'happening': value_json.special.happening} | tojson if value_json.special is defined else '{}' }}"
        out.append(("sensor/\(unit)/next_special_event", special))
        var playing = entity("adhan_playing", "Adhan playing")
        playing.state_topic = status
        playing.value_template = "{{ 'ON' if value_json.sound is defined and value_json.sound.playing is defined and value_json.sound.playing else 'OFF' }}"
        playing.payload_on = "ON"
        playing.payload_off = "OFF"
        playing.device_class = "sound"
        out.append(("binary_sensor/\(unit)/adhan_playing", playing))
        var stop = entity("stop", "Stop the adhan")
        stop.command_topic = Topics.command(unit, "stop")
        stop.payload_press = "{\"id\":\"home-assistant\"}"
        stop.icon = "mdi:volume-off"
        out.append(("button/\(unit)/stop", stop))
        // The hall's TV (`[display] power`): on or off until the next scheduled change, by the
        // `display` command (unsigned; HA cannot sign), its state the status's `display.power`.
        if television {
            var tv = entity("display", "TV")
            tv.command_topic = Topics.command(unit, "display")
            tv.payload_on = "{\"id\":\"home-assistant\",\"power\":\"on\"}"
            tv.payload_off = "{\"id\":\"home-assistant\",\"power\":\"off\"}"
            tv.state_topic = status
            tv.value_template = "{{ value_json.display.power if value_json.display is defined and value_json.display.power is defined else None }}"
            tv.state_on = "on"
            tv.state_off = "off"
            tv.icon = "mdi:television"
            out.append(("switch/\(unit)/display", tv))
        }
        if message {
            var text = entity("message", "Urgent message")
            text.command_topic = Topics.command(unit, "message")
            text.command_template = "{{ {'id': 'home-assistant', 'by': 'Home Assistant', 'text': value} | tojson }}"
            text.state_topic = status
            text.value_template = "{{ value_json.message.text if value_json.message is defined else '' }}"
            text.max = UrgentMessage.maximumCharacters
            text.mode = "text"
            text.icon = "mdi:message-alert"
            out.append(("text/\(unit)/message", text))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return out.compactMap { topic, e in (try? encoder.encode(e)).map { ("\(prefix)/\(topic)/config", $0) } }
    }

    /// A status field's value, or None (Home Assistant's "unknown") when the status leaves it
    /// out: `times` before the unit has a place, `special` with no event ahead. Each level is
    /// tested with `is defined`: an attribute of an undefined value is a template error, which
    /// Home Assistant logs on every status message.
    static func field(_ object: String, _ key: String) -> String {
        "{{ value_json.\(object).\(key) if value_json.\(object) is defined and value_json.\(object).\(key) is defined else None }}"
    }
}
