import Foundation

/// When an event of a simulated run's `--record` really happened. The virtual clock waits for
/// the loop, so an event's `t` always matches its schedule, even when the loop stalled; its
/// `real` (real seconds since the loop started) does not wait. At `speed`, an event scheduled
/// at virtual `scheduled` is due `(scheduled - start) / speed` real seconds into the run.
public enum RecordTiming {
    /// Real seconds late (negative: early) of one event line (`scheduled`, `real`), for a run
    /// started at `start` (virtual) at `speed`; nil when the line lacks either.
    public static func lateness(_ line: [String: Any], start: Date, speed: Double) -> Double? {
        let iso = ISO8601DateFormatter()
        guard let s = (line["scheduled"] as? String).flatMap(iso.date(from:)), let real = (line["real"] as? NSNumber)?.doubleValue else { return nil }
        return real - s.timeIntervalSince(start) / speed
    }

    /// `local` ("2026-03-25T12:04") in `zone`, as `mihrab run --start` reads it.
    public static func start(_ local: String, zone: String) -> Date {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: zone)
        f.dateFormat = local.count > 16 ? "yyyy-MM-dd'T'HH:mm:ss" : "yyyy-MM-dd'T'HH:mm"
        return f.date(from: local) ?? Date.distantPast
    }

    /// The event lines of a record file.
    public static func events(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["event"] != nil }
    }
}
