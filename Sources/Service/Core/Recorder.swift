import FoundationEssentials
import Glibc
import Platform
import HAL
import PrayerTimes
import Synchronization
import UnitModel

/// `--record FILE`: one JSON line per fired or missed event and per output change, with
/// the (virtual or real) wall time and its zone's offset, milliseconds included. An event's
/// line also carries `real`: the real (monotonic) seconds since the loop started. The virtual
/// clock waits for the loop, so its time always says "on time"; `real` says when it really
/// was, and a loop that stalled shows there.
public final class EventRecorder: @unchecked Sendable {
    // @unchecked: the encoder and the file's writes are under `lock` (the loop writes its lines,
    // a relay its own, from its queue).
    private let fd: Int32
    let zone: ZoneRules
    private let lock = Mutex(())
    /// Real monotonic seconds at the loop's start (`startReal`); until then, the recorder's own.
    private var origin = monotonicSeconds()
    /// One encoder for every line, not one per line (sorted keys: the same bytes on every platform).
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    public init(path: String, zone: ZoneRules) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXFailure("create \(path)", errno) }
        self.fd = fd
        self.zone = zone
    }

    deinit { close(fd) }

    public static func iso(_ t: Double, zone: ZoneRules, millis: Bool) -> String {
        let l = LocalTime(unix: t, zone: zone).iso8601
        guard millis else { return l }
        let ms = Int(((t - t.rounded(.down)) * 1000).rounded(.down))
        let s = String(ms)
        let frac = "." + String(repeating: "0", count: 3 - s.count) + s
        // Insert before the offset: 2026-03-29T05:01:00+01:00 -> 2026-03-29T05:01:00.012+01:00
        return String(l.prefix(19)) + frac + String(l.dropFirst(19))
    }

    /// The loop starts now (its first pass, real monotonic `real`): `real` counts from here.
    public func startReal(at real: Double) { origin = real }

    public func event(_ e: PlannedEvent, action: AlertDecision.Action, at t: Double) {
        let real = ((monotonicSeconds() - origin) * 1000).rounded() / 1000
        encode(EventLine(t: Self.iso(t, zone: zone, millis: true), event: e.kind.rawValue, prayer: e.prayer.rawValue,
                         scheduled: Self.iso(e.time, zone: zone, millis: false), state: action.outcome, muted: e.muted ? true : nil,
                         name: e.name, real: real))
    }

    /// An output line set: `name` is the board's word for it (a ring LED: "qibla_ring_N").
    public func output(_ name: String, on: Bool, at t: Double) {
        encode(OutputLine(t: Self.iso(t, zone: zone, millis: true), output: name, on: on))
    }

    /// A sound started or stopped: {"t", "sound": "start"|"stop", "file", "event", "prayer", "volume"}
    /// (and "reason" on a stop: "ended", "stopped" or the failure).
    public func sound(_ r: SoundReport, at t: Double) {
        let reason: String? = switch r.reason {
        case .ended?: "ended"
        case .stopped?: "stopped"
        case .failed(let why)?: "failed: \(why)"
        case nil: nil
        }
        encode(SoundLine(t: Self.iso(t, zone: zone, millis: true), sound: r.kind.rawValue, file: r.item.sound.path,
                         event: r.item.event, prayer: r.item.prayer, volume: r.volume, reason: reason))
    }

    /// The stop button pressed or released.
    public func button(pressed: Bool, at t: Double) {
        encode(ButtonLine(t: Self.iso(t, zone: zone, millis: true), button: pressed ? "press" : "release"))
    }

    /// The TV's power decided: {"t", "type": "display", "power": "on"|"off", "reason"}: "start"
    /// (the first after the start), "schedule", "override" or "unsure" (no trusted clock or plan).
    public func display(on: Bool, reason: String, at t: Double) {
        encode(DisplayLine(t: Self.iso(t, zone: zone, millis: true), power: on ? "on" : "off", reason: reason))
    }

    /// The lines, one type each; the keys are the record's. "muted" only when it was.
    struct EventLine: Codable, Equatable {
        let t: String, event: String, prayer: String, scheduled: String, state: AlertOutcome, muted: Bool?
        /// A special event's name.
        var name: String? = nil
        /// Real seconds since the loop started.
        var real: Double? = nil
    }

    struct OutputLine: Codable, Equatable {
        let t: String, output: String, on: Bool
    }

    struct SoundLine: Codable, Equatable {
        let t: String, sound: String, file: String, event: String, prayer: String?, volume: Int, reason: String?
    }

    struct ButtonLine: Codable, Equatable {
        let t: String, button: String
    }

    struct DisplayLine: Codable, Equatable {
        let t: String
        var type = "display"
        let power: String, reason: String
    }

    /// One line (a part of the unit's that records its own kind of line: `message`).
    func write(_ line: some Encodable) { encode(line) }

    private func encode(_ line: some Encodable) {
        lock.withLock { _ in
            guard let data = try? encoder.encode(line) else { return }
            writeAll(fd, Array(data) + [0x0A])
        }
    }
}
