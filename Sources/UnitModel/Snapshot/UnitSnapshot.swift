/// What the unit is at one pass of the loop: one immutable value, made on the loop's thread
/// and published through the `SnapshotHub`; every output (status.json, the screens, the small
/// displays, MQTT, the live view, a relay) reads it on a thread of its own. The loop makes one
/// once a second (`periodic`: status and screens) and at once when something happened in the
/// pass (an event fired or missed, a command answered, a phase began or ended).
public struct UnitSnapshot: Sendable, Codable {
    /// The stretches of a prayer's time an output may follow (a relay's `during`). The same
    /// spans as the wall screen's (`ScreenPhases`), none while the clock is not trusted:
    /// - `reminder`: from the reminder to the adhan;
    /// - `adhan`: from the adhan for `screen.adhan_seconds` (cut short by an early iqamah);
    /// - `iqamah`: the countdown from there to the iqamah, its last minute included;
    /// - `prayer`: from the iqamah for `screen.prayer_seconds` (Jumu'ah: its own);
    /// - `after`: the azkar after the prayer;
    /// - `sound`: the speaker plays a file (an adhan and its dua, a reminder, a test).
    public enum Phase: String, Codable, Sendable, CaseIterable {
        case reminder, adhan, iqamah, prayer, after, sound
    }

    /// An event as the network tells it, with its number (from 1, in order, since the loop
    /// started): an output that must see every one remembers the last number it took.
    public struct Numbered: Codable, Sendable, Equatable {
        public let number: UInt64
        public let event: UnitEvent
        public init(number: UInt64, event: UnitEvent) {
            self.number = number
            self.event = event
        }
    }

    /// Events kept in each snapshot: an output that fell further behind is told by the gap.
    public static let keptEvents = 256

    /// From 1, one more per snapshot.
    public let sequence: UInt64
    /// The unit's wall time (UTC seconds; the virtual clock's in a simulation).
    public let wall: Double
    /// Made by the once-a-second round (false: at once, for an event, an answer or a phase).
    public let periodic: Bool
    /// The core's status with the loop's figures; the other outputs' parts (displays, servers,
    /// the site) are added by `SnapshotHub.status(of:)`.
    public let status: StatusReport
    /// The phases that hold at `wall`, in `Phase.allCases` order.
    public let phases: [Phase]
    /// When the phases change next (wall; nil: nothing planned): the loop makes a snapshot then.
    public let nextChange: Double?
    /// The board's outputs as last set (LEDs and buzzer, by their board names).
    public let lines: [String: Bool]
    /// The newest events (at most `keptEvents`), oldest first.
    public let events: [Numbered]
    /// What the screens compute their model from (the config and the zone with it): in
    /// process only, not coded (nil when decoded).
    public let screen: ScreenInput?

    public init(sequence: UInt64, wall: Double, periodic: Bool, status: StatusReport, phases: [Phase] = [], nextChange: Double? = nil,
                lines: [String: Bool] = [:], events: [Numbered] = [], screen: ScreenInput? = nil) {
        (self.sequence, self.wall, self.periodic, self.status) = (sequence, wall, periodic, status)
        (self.phases, self.nextChange, self.lines, self.events, self.screen) = (phases, nextChange, lines, events, screen)
    }

    enum CodingKeys: String, CodingKey {
        case sequence, wall, periodic, status, phases, nextChange, lines, events
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try c.decode(UInt64.self, forKey: .sequence)
        wall = try c.decode(Double.self, forKey: .wall)
        periodic = try c.decode(Bool.self, forKey: .periodic)
        status = try c.decode(StatusReport.self, forKey: .status)
        phases = try c.decode([Phase].self, forKey: .phases)
        nextChange = try c.decodeIfPresent(Double.self, forKey: .nextChange)
        lines = try c.decode([String: Bool].self, forKey: .lines)
        events = try c.decode([Numbered].self, forKey: .events)
        screen = nil
    }

    /// The events after `number` (all kept ones newer than it), and whether some between were
    /// no longer kept.
    public func events(after number: UInt64) -> (events: [Numbered], lost: UInt64) {
        let newer = events.filter { $0.number > number }
        let lost = newer.first.map { $0.number - number - 1 } ?? 0
        return (newer, lost)
    }
}
