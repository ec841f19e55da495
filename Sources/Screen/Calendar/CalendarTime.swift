import PrayerTimes

/// The date-time, offset and duration forms of RFC 5545 (sections 3.3.5, 3.3.14, 3.3.6).
enum CalendarTime {
    /// "20260329T053000": the wall time of a UTC instant at a fixed offset from UTC.
    static func wall(_ unix: Double, offset: Int) -> String {
        let (date, sod) = civilDateTime(unix: unix.rounded(.down), offsetSeconds: offset)
        let s = Int(sod)
        return basic(date) + "T" + two(s / 3600) + two(s / 60 % 60) + two(s % 60)
    }

    /// "20260329T010000Z".
    static func utc(_ unix: Double) -> String { wall(unix, offset: 0) + "Z" }

    /// "+0100", "-0330", "+053028" (seconds only where there are some; "-0000" is not allowed).
    static func offset(_ seconds: Int) -> String {
        let a = abs(seconds)
        return (seconds < 0 ? "-" : "+") + two(a / 3600) + two(a / 60 % 60) + (a % 60 == 0 ? "" : two(a % 60))
    }

    /// "PT25M", "PT1H5M", "PT40S": a positive exact duration.
    static func duration(_ seconds: Int) -> String {
        let s = max(0, seconds)
        var out = "PT"
        if s >= 3600 { out += "\(s / 3600)H" }
        if s / 60 % 60 > 0 { out += "\(s / 60 % 60)M" }
        if s % 60 > 0 || s == 0 { out += "\(s % 60)S" }
        return out
    }

    private static func basic(_ d: CivilDate) -> String {
        let y = String(d.year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + two(d.month) + two(d.day)
    }

    private static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
}
