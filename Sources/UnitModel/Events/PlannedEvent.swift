import PrayerTimes

/// One thing that happens at a time: an adhan, a reminder, an iqamah, a sunrise warning.
public struct PlannedEvent: Sendable, Equatable {
    public let kind: SiteConfig.EventKind
    /// The prayer it belongs to (`.sunrise` for the sunrise warning).
    public let prayer: Prayer
    /// When, in UTC seconds.
    public let time: Double
    /// The local date whose times it belongs to.
    public let date: CivilDate
    /// 0 unless a prayer has several (Jumu'ah at two times).
    public let index: Int
    /// Whether it sounds at all (its kind's source is not "none").
    public let sounds: Bool
    /// In a quiet period: recorded, but the buzzer stays silent.
    public let muted: Bool

    /// Stable across restarts and replans: what the state file remembers.
    public let id: String
    /// A special event's name (`[[events]]`); nil for the prayers' own events.
    public let name: String?
    /// A special event's sound as named in its table (nil: it sounds nothing).
    public let sound: String?
    /// A special event's: how long it is shown as happening after its time, in minutes.
    public let minutes: Int
    /// A special event of every night of Ramadan (`ramadan_nights`).
    public let nightly: Bool

    public init(kind: SiteConfig.EventKind, prayer: Prayer, time: Double, date: CivilDate, index: Int, sounds: Bool,
                muted: Bool, name: String? = nil, sound: String? = nil, minutes: Int = 0, nightly: Bool = false, key: String? = nil) {
        self.kind = kind
        self.prayer = prayer
        self.time = time
        self.date = date
        self.index = index
        self.sounds = sounds
        self.muted = muted
        self.name = name
        self.sound = sound
        (self.minutes, self.nightly) = (minutes, nightly)
        // A special event is keyed by its name and its time as written ("06:30", "isha+20"):
        // its instant moves with the Hijri offset or a prayer's time, not its identity, and
        // adding or reordering its times gives no time another's.
        if kind == .special {
            id = "\(date)/event/\(SpecialEvent.slug(name ?? ""))/\(key ?? String(index))"
        } else {
            id = PlannedEvent.id(date, prayer.rawValue, kind.rawValue, index)
        }
    }

    /// "2026-03-29/asr/adhan", "2026-03-27/dhuhr/iqamah/1": written into the string's own
    /// storage (DecimalText). A year's days plan some 6,000 events, and interpolation took
    /// 2,000 instructions an id (callgrind).
    static func id(_ date: CivilDate, _ prayer: String, _ kind: String, _ index: Int) -> String {
        guard (0...9999).contains(date.year), (0..<1_000_000).contains(index) else {
            return "\(date)/\(prayer)/\(kind)" + (index > 0 ? "/\(index)" : "")
        }
        let digits = index >= 100_000 ? 6 : index >= 10_000 ? 5 : index >= 1_000 ? 4 : index >= 100 ? 3 : index >= 10 ? 2 : 1
        return String(unsafeUninitializedCapacity: 12 + prayer.utf8.count + kind.utf8.count + 1 + digits) { buffer in
            var i = 0
            DecimalText.put(year: date.year, month: date.month, day: date.day, buffer, &i)
            DecimalText.put("/", buffer, &i)
            for b in prayer.utf8 { buffer[i] = b; i += 1 }
            DecimalText.put("/", buffer, &i)
            for b in kind.utf8 { buffer[i] = b; i += 1 }
            if index > 0 {
                DecimalText.put("/", buffer, &i)
                DecimalText.put(index, width: digits, buffer, &i)
            }
            return i
        }
    }
}

extension PlannedEvent {
    /// For the journal: "adhan asr", "event Eid al-Fitr prayer".
    public var label: String { kind == .special ? "event \(name ?? "")" : "\(kind.rawValue) \(prayer.rawValue)" }

    /// Special events by name, in the order they first come, each with its times in order:
    /// what a table row (the screen's, a printed day's) shows.
    public static func specialsByName(_ events: [PlannedEvent]) -> [(name: String, events: [PlannedEvent])] {
        var out: [(name: String, events: [PlannedEvent])] = []
        for e in events.sorted(by: { $0.time < $1.time }) where e.kind == .special {
            let name = e.name ?? ""
            if let i = out.firstIndex(where: { $0.name == name }) { out[i].events.append(e) } else { out.append((name, [e])) }
        }
        return out
    }
}
