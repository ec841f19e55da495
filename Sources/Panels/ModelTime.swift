import PrayerTimes

/// The instants of a `ScreenModel` (ISO 8601 with the unit's offset) read back as what a
/// small display needs: UTC seconds, and the wall-clock fields the text already holds.
struct ModelTime: Equatable {
    let unix: Double
    let hour: Int
    let minute: Int
    let second: Int

    /// "2026-03-20T05:05:12+03:00" (or "Z"); nil for anything else.
    init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for i in from..<(from + count) {
                guard i < b.count, b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                v = v * 10 + Int(b[i] - 0x30)
            }
            return v
        }
        guard let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2), let mi = number(14, 2),
              let s = number(17, 2), let date = CivilDate(year: y, month: mo, day: d), h < 24, mi < 60, s < 61 else { return nil }
        var offset = 0
        if b.count == 20, b[19] == 0x5A {
            offset = 0
        } else if b.count == 25, b[19] == 0x2B || b[19] == 0x2D, b[22] == 0x3A, let oh = number(20, 2), let om = number(23, 2) {
            offset = (oh * 3600 + om * 60) * (b[19] == 0x2D ? -1 : 1)
        } else {
            return nil
        }
        unix = Double(date.daysSinceEpoch * 86_400 + h * 3600 + mi * 60 + s - offset)
        hour = h
        minute = mi
        second = s
    }

    /// "14:05", or "2:05 pm" on a 12-hour clock.
    func clock(twelveHour: Bool, seconds: Bool = false) -> String {
        let tail = seconds ? ":" + two(second) : ""
        guard twelveHour else { return two(hour) + ":" + two(minute) + tail }
        let h = hour % 12 == 0 ? 12 : hour % 12
        return "\(h):" + two(minute) + tail + (hour < 12 ? "am" : "pm")
    }
}

/// "05".
func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

/// A countdown: "1:23:45", "23:45", "0:05"; never negative.
func countdownText(_ seconds: Double) -> String {
    let s = max(0, Int(seconds.rounded(.up)))
    return s >= 3600 ? "\(s / 3600):" + two(s / 60 % 60) + ":" + two(s % 60) : "\(s / 60):" + two(s % 60)
}
