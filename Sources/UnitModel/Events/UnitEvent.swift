import HAL
import Platform

/// Something the unit did, as the network tells it (`mihrab/v1/unit/<id>/event`): an event
/// fired or missed, the stop button, a command's answer, an error.
public struct UnitEvent: Codable, Sendable, Equatable {
    /// What happened: the JSON's `type`.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A planned event fired (`SiteConfig.EventKind`'s words: `event` is one of `[[events]]`).
        case adhan, iqamah, reminder, sunrise, event
        /// A planned event whose time passed without it sounding (the clock was not trusted, or
        /// the unit was down longer than the grace).
        case missed
        /// The stop button.
        case stopPressed = "stop-pressed"
        /// A command's answer (`id`, `command`, `result`).
        case command
        /// A site config applied or refused (`result`, `version`, `message`).
        case config
        /// An error's line (`message`).
        case error

        /// A planned event's kind, fired.
        public init(_ kind: SiteConfig.EventKind) {
            self = switch kind {
            case .adhan: .adhan
            case .iqamah: .iqamah
            case .reminder: .reminder
            case .sunrise: .sunrise
            case .special: .event
            }
        }
    }

    public var type: Kind
    public var prayer: String?
    /// When it was due (local ISO 8601), for events and missed ones.
    public var scheduled: String?
    /// When it happened (local ISO 8601 on the unit's clock, "" when the unit did not say).
    public var at: String
    /// A command's id (as sent), and its result or an error's line.
    public var id: String?
    public var command: String?
    public var result: String?
    public var message: String?
    public var version: Int?
    /// A special event's name (type "event", or a missed one).
    public var name: String?
    /// Who sent an urgent message (command "message").
    public var by: String?

    public init(type: Kind, prayer: String? = nil, scheduled: String? = nil, at: String, id: String? = nil,
                command: String? = nil, result: String? = nil, message: String? = nil, version: Int? = nil, name: String? = nil,
                by: String? = nil) {
        (self.type, self.prayer, self.scheduled, self.at, self.id) = (type, prayer, scheduled, at, id)
        (self.command, self.result, self.message, self.version, self.name) = (command, result, message, version, name)
        self.by = by
    }
}

/// What the network may ask of the unit (`mihrab/v1/unit/<id>/cmd/<name>`).
public enum RemoteCommand: String, Sendable, CaseIterable {
    case stop, testSound = "test-sound", identify, reload
    /// The hall's TV on or off until the schedule's next change.
    case displayOn = "display-on", displayOff = "display-off"
}

extension UnitEvent {
    /// An event's time: the unit's wall clock (the injected one: the virtual clock in a
    /// simulation), UTC ISO 8601. A command's answer, the network's own events.
    public static func at(_ clock: any DeviceClock) -> String {
        utcISO8601(clock.wallNow())
    }
}
