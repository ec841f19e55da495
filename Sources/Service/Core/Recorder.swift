import Foundation
import PrayerTimes

/// `--record FILE`: one JSON line per fired or missed event and per output change, with
/// the (virtual or real) wall time and its zone's offset, milliseconds included.
public final class EventRecorder {
    private let handle: FileHandle
    private let zone: ZoneRules

    public init(path: String, zone: ZoneRules) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let h = FileHandle(forWritingAtPath: path) else {
            throw POSIXFailure("create \(path)", errno)
        }
        handle = h
        self.zone = zone
    }

    deinit { try? handle.close() }

    public static func iso(_ t: Double, zone: ZoneRules, millis: Bool) -> String {
        let l = LocalTime(unix: t, zone: zone).iso8601
        guard millis else { return l }
        let ms = Int(((t - t.rounded(.down)) * 1000).rounded(.down))
        let s = String(ms)
        let frac = "." + String(repeating: "0", count: 3 - s.count) + s
        // Insert before the offset: 2026-03-29T05:01:00+01:00 -> 2026-03-29T05:01:00.012+01:00
        return String(l.prefix(19)) + frac + String(l.dropFirst(19))
    }

    public func event(_ e: PlannedEvent, action: AlertDecision.Action, at t: Double) {
        write("{\"t\":\"\(Self.iso(t, zone: zone, millis: true))\",\"event\":\"\(e.kind.rawValue)\",\"prayer\":\"\(e.prayer.rawValue)\"," +
              "\"scheduled\":\"\(Self.iso(e.time, zone: zone, millis: false))\",\"state\":\"\(action == .fire ? "fired" : "missed")\"" +
              (e.muted ? ",\"muted\":true" : "") + "}")
    }

    public func output(_ name: String, on: Bool, at t: Double) {
        write("{\"t\":\"\(Self.iso(t, zone: zone, millis: true))\",\"output\":\"\(name)\",\"on\":\(on)}")
    }

    private func write(_ line: String) { handle.write(Data((line + "\n").utf8)) }
}
