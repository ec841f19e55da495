import Glibc

/// An instant (seconds since 1970) as UTC ISO 8601, whole seconds: "2026-11-28T04:00:00Z". The
/// one formatter of the unit's UTC times (a command's signed time, a published config's, a GPS
/// fix's, the network's events), byte for byte what Foundation's `Date.ISO8601FormatStyle()`
/// printed for them: the seconds rounded down, no fraction, "Z". Foundation's calendar is
/// Julian before October 1582 and this one is not, so the two differ only before then. An
/// instant before year 1 or after 9999 is taken as that end of the range, and one that is not a
/// number as the epoch: no time traps here.
public func utcISO8601(_ seconds: Double) -> String {
    let first = -62_135_596_800.0, last = 253_402_300_799.0  // 0001-01-01T00:00:00Z, 9999-12-31T23:59:59Z
    var whole = time_t(seconds.isNaN ? 0 : min(max(seconds.rounded(.down), first), last))
    var t = tm()
    gmtime_r(&whole, &t)
    return cFormat("%04d-%02d-%02dT%02d:%02d:%02dZ", t.tm_year + 1900, t.tm_mon + 1, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)
}
