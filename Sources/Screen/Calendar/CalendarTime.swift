import PrayerTimes

/// The date-time, offset and duration forms of RFC 5545 (sections 3.3.5, 3.3.14, 3.3.6).
enum CalendarTime {
    /// "20260329T053000": the wall time of a UTC instant at a fixed offset from UTC. Written
    /// into the string's own storage (DecimalText): a year's feed writes 5,000 of them.
    static func wall(_ unix: Double, offset: Int) -> String { wall(unix, offset: offset, zulu: false) }

    private static func wall(_ unix: Double, offset: Int, zulu: Bool) -> String {
        let (date, sod) = civilDateTime(unix: unix.rounded(.down), offsetSeconds: offset)
        let s = Int(sod)
        guard (0...9999).contains(date.year) else {
            return basic(date) + "T" + two(s / 3600) + two(s / 60 % 60) + two(s % 60) + (zulu ? "Z" : "")
        }
        return String(unsafeUninitializedCapacity: 16) { buffer in
            var i = 0
            DecimalText.put(date.year, width: 4, buffer, &i)
            DecimalText.put(date.month, width: 2, buffer, &i)
            DecimalText.put(date.day, width: 2, buffer, &i)
            DecimalText.put("T", buffer, &i)
            DecimalText.put(s / 3600, width: 2, buffer, &i)
            DecimalText.put(s / 60 % 60, width: 2, buffer, &i)
            DecimalText.put(s % 60, width: 2, buffer, &i)
            if zulu { DecimalText.put("Z", buffer, &i) }
            return i
        }
    }

    /// "20260329T010000Z".
    static func utc(_ unix: Double) -> String { wall(unix, offset: 0, zulu: true) }

    /// "+0100", "-0330", "+053028" (seconds only where there are some; "-0000" is not allowed).
    static func offset(_ seconds: Int) -> String {
        let a = abs(seconds)
        return (seconds < 0 ? "-" : "+") + two(a / 3600) + two(a / 60 % 60) + (a % 60 == 0 ? "" : two(a % 60))
    }

    /// "PT25M", "PT1H5M", "PT40S": a positive exact duration.
    static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60)
        let hours = h >= 100_000 ? 6 : h >= 10_000 ? 5 : h >= 1_000 ? 4 : h >= 100 ? 3 : h >= 10 ? 2 : 1
        guard h < 1_000_000 else { return "PT\(h)H" + (m > 0 ? "\(m)M" : "") + (sec > 0 ? "\(sec)S" : "") }
        // Written into the string's own storage: a year's feed writes 1,900 of them.
        return String(unsafeUninitializedCapacity: 2 + hours + 1 + 3 + 3) { buffer in
            var i = 0
            DecimalText.put("P", buffer, &i)
            DecimalText.put("T", buffer, &i)
            if h > 0 { DecimalText.put(h, width: hours, buffer, &i); DecimalText.put("H", buffer, &i) }
            if m > 0 { DecimalText.put(m, width: m >= 10 ? 2 : 1, buffer, &i); DecimalText.put("M", buffer, &i) }
            if sec > 0 || s == 0 { DecimalText.put(sec, width: sec >= 10 ? 2 : 1, buffer, &i); DecimalText.put("S", buffer, &i) }
            return i
        }
    }

    private static func basic(_ d: CivilDate) -> String {
        let y = String(d.year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + two(d.month) + two(d.day)
    }

    private static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}
