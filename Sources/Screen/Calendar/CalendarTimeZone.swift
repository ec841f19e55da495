import PrayerTimes

/// A change of a zone's local time type (offset, summer time or not, abbreviation).
struct ZoneChange: Equatable {
    /// The first UTC second of the new type.
    let at: Int64
    let before: ZoneRules.LocalTimeType
    let after: ZoneRules.LocalTimeType
}

extension ZoneRules {
    /// The changes in [from, to), whether from the tzdata's table or from its rule for later
    /// years (the footer): the rules answer "which type at t", so the range is walked in
    /// steps of 6 hours and each change found is narrowed to its second. No zone changes
    /// twice within 6 hours.
    func changes(from: Int64, to: Int64) -> [ZoneChange] {
        let step: Int64 = 6 * 3600
        var out: [ZoneChange] = []
        var t = from
        var type = localTimeType(at: Double(t))
        while t < to {
            let next = min(t + step, to)
            let nextType = localTimeType(at: Double(next))
            if nextType != type {
                // The type at lo is `type`, at hi it is not: the change is in (lo, hi].
                var lo = t, hi = next
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if localTimeType(at: Double(mid)) == type { lo = mid } else { hi = mid }
                }
                if hi < to { out.append(ZoneChange(at: hi, before: type, after: localTimeType(at: Double(hi)))) }
            }
            t = next
            type = nextType
        }
        return out
    }
}

extension ContentLines {
    /// The VTIMEZONE for `zone` over [from, to) (UTC seconds), from its real transitions: one
    /// dated STANDARD or DAYLIGHT component for the observance in force at `from` (starting
    /// at the change that began it, within the year before; a zone without one, such as
    /// Asia/Kuala_Lumpur, gets a single STANDARD component from 1970) and one for each change
    /// in the range. Dated components, no RRULE: the feed covers at most a year and a day,
    /// and the dates come from the system's tzdata as the unit's own clock reads it.
    mutating func timeZone(_ zone: ZoneRules, id: String, from: Int64, to: Int64) {
        let year: Int64 = 400 * 86_400
        let current = zone.localTimeType(at: Double(from))
        let first = zone.changes(from: from - year, to: from).last
            ?? ZoneChange(at: Int64(-current.offset), before: current, after: current)  // 1970-01-01 00:00 local: nothing earlier matters
        begin("VTIMEZONE")
        line("TZID", ContentLines.escape(id))
        for change in [first] + zone.changes(from: from, to: to) {
            let kind = change.after.isDST ? "DAYLIGHT" : "STANDARD"
            begin(kind)
            // Its onset on the wall clock of the offset it replaces (RFC 5545 section 3.6.5).
            line("DTSTART", CalendarTime.wall(Double(change.at), offset: change.before.offset))
            line("TZOFFSETFROM", CalendarTime.offset(change.before.offset))
            line("TZOFFSETTO", CalendarTime.offset(change.after.offset))
            if !change.after.abbreviation.isEmpty { text("TZNAME", change.after.abbreviation) }
            end(kind)
        }
        end("VTIMEZONE")
    }
}
