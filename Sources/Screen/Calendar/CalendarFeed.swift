import PrayerTimes
import Service
import UnitModel

/// `GET /calendar.ics?days=N[&lang=xx]`: the unit's planned days as an iCalendar feed (RFC
/// 5545) that a phone subscribes to. One VEVENT per prayer at its adhan (Fajr, Dhuhr, Asr,
/// Maghrib, Isha) with its iqamah in the summary and the description, one per Jumu'ah session
/// on Fridays, one per time of a special event (`[[events]]`: Eid's prayers, taraweeh). Sunrise is left out: no one gathers for it and it has no iqamah, and a sixth
/// event a day would only crowd the phone's day view.
///
/// Stable by construction, so that a phone updates its copy rather than adding another:
/// - UID: the planned event's own id ("2026-03-29/asr/adhan", what the state file remembers)
///   at a domain of the unit's title and zone (`uidDomain`): the same on every fetch and
///   across restarts; a moved time keeps its UID.
/// - DTSTAMP: the unit's local midnight of the day it serves the feed, so two fetches on one
///   day are the same bytes unless the times themselves changed. There is no LAST-MODIFIED
///   (nor SEQUENCE, which iTIP scheduling uses, not subscriptions): without one, a client such
///   as ICSx⁵ rewrites each event on every fetch, so an iqamah changed at noon reaches the
///   phone at its next refresh; with one that stayed the same all day, it would not.
public enum CalendarFeed {
    static let defaultDays = 30
    static let maxDays = 366
    static let contentType = "text/calendar; charset=utf-8"
    /// An event's length where the prayer has no iqamah: from the adhan.
    static let withoutIqamah = 20 * 60

    public typealias Problem = QueryProblem

    /// The feed's bytes for a request's query, from today at the unit's clock (`wall`).
    public static func make(query: [String: String], input: ScreenInput, wall: Double) throws(Problem) -> [UInt8] {
        let count = try QueryProblem.days(query, fallback: defaultDays, maximum: maxDays)
        // An unknown `lang` falls back to the unit's language, as the page does.
        let words = query["lang"].flatMap(CalendarWords.language) ?? CalendarWords.language(input.config.screen.language) ?? .english
        let today = LocalTime(unix: wall, zone: input.zone).date
        guard let days = input.plannedDays(from: today, count: count) else { throw .noPosition }
        return document(days, config: input.config, zone: input.zone, words: words, today: today)
    }

    static func document(_ days: [ScreenInput.Day], config: SiteConfig, zone: ZoneRules, words: CalendarWords, today: CivilDate) -> [UInt8] {
        var out = ContentLines(reservingCapacity: 2_048 + days.count * 1_400)
        out.begin("VCALENDAR")
        out.line("VERSION", "2.0")
        out.line("PRODID", "-//Mihrab//Prayer times//EN")
        out.line("CALSCALE", "GREGORIAN")
        out.text("X-WR-CALNAME", config.screen.title ?? "Mihrab")
        out.text("X-WR-TIMEZONE", zone.identifier)
        out.line("REFRESH-INTERVAL", ("VALUE", "DURATION"), "PT12H")
        out.line("X-PUBLISHED-TTL", "PT12H")
        if let first = days.first?.date, let last = days.last?.date {
            let from = LocalMinute.instant(first, minute: 0, zone: zone)
            let to = LocalMinute.instant(last.adding(days: 1), minute: 0, zone: zone)
            out.timeZone(zone, id: zone.identifier, from: Int64(from.rounded(.down)), to: Int64(to.rounded(.up)) + 1)
        }
        let writer = EventWriter(config: config, zone: zone, words: words,
                                 stamp: CalendarTime.utc(LocalMinute.instant(today, minute: 0, zone: zone)),
                                 uidSuffix: "@" + uidDomain(config: config, zone: zone))
        for day in days {
            for e in day.events {
                switch e.kind {
                case .adhan: writer.prayer(e, of: day, to: &out)
                case .special: writer.special(e, to: &out)
                case .reminder, .iqamah, .sunrise: continue  // an iqamah is in its adhan's event
                }
            }
        }
        out.end("VCALENDAR")
        return out.bytes
    }

    /// "mihrab-1f2e3d4c": a hash (FNV-1a, 32 bits) of the unit's title and zone, so two units'
    /// feeds on one phone do not share UIDs while one unit's stay the same across restarts.
    static func uidDomain(config: SiteConfig, zone: ZoneRules) -> String {
        var h: UInt32 = 2_166_136_261
        for b in ((config.screen.title ?? "") + "\n" + zone.identifier).utf8 {
            h = (h ^ UInt32(b)) &* 16_777_619
        }
        let hex = String(h, radix: 16)
        return "mihrab-" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// Writes one VEVENT for a planned event.
struct EventWriter {
    let config: SiteConfig
    let zone: ZoneRules
    let words: CalendarWords
    /// "@mihrab-1f2e3d4c": after each event's id in its UID.
    let uidSuffix: String
    /// The lines every event has alike, written once: BEGIN, DTSTAMP (the feed's day), END.
    let begin: [UInt8], stamp: [UInt8], end: [UInt8]

    init(config: SiteConfig, zone: ZoneRules, words: CalendarWords, stamp: String, uidSuffix: String) {
        (self.config, self.zone, self.words, self.uidSuffix) = (config, zone, words, uidSuffix)
        func bytes(_ write: (inout ContentLines) -> Void) -> [UInt8] {
            var lines = ContentLines()
            write(&lines)
            return lines.bytes
        }
        begin = bytes { $0.begin("VEVENT") }
        self.stamp = bytes { $0.line("DTSTAMP", stamp) }
        end = bytes { $0.end("VEVENT") }
    }

    /// A prayer at its adhan, its iqamah (the one of the same session) named; it lasts until
    /// the end of the prayer as the wall screen counts it (`[screen] prayer_minutes`, Jumu'ah's
    /// `jumuah_prayer_minutes`) after the iqamah, or `withoutIqamah` after the adhan.
    func prayer(_ e: PlannedEvent, of day: ScreenInput.Day, to out: inout ContentLines) {
        // By index and by count: no copy of each event looked at.
        let iqamah = day.events.firstIndex { $0.kind == .iqamah && $0.prayer == e.prayer && $0.index == e.index }.map { day.events[$0].time }
        let jumuah = e.prayer == .dhuhr && e.date.weekday == 5
        var sessions = 1
        if jumuah { sessions = day.events.reduce(0) { $1.kind == .adhan && $1.prayer == .dhuhr ? $0 + 1 : $0 } }
        let name = words.name(jumuah ? "jumuah" : e.prayer.rawValue, session: sessions > 1 ? e.index + 1 : nil)
        let local = LocalTime(unix: e.time, zone: zone)
        let adhanClock = words.clock(local, format: config.screen.clock)
        let iqamahClock = iqamah.map { clock($0) }
        let prayerLength = max(60, jumuah ? config.screen.jumuahPrayerSeconds : config.screen.prayerSeconds)
        eventStart(e, local, end: iqamah.map { $0 + prayerLength } ?? e.time + Double(CalendarFeed.withoutIqamah), to: &out)
        // The summary and the description written in parts, each escaped as one value. The
        // closures take the words, not `self` (a copy of the writer and its config each).
        let (iqamahWord, adhanWord) = (words.iqamah, words.adhan)
        out.text("SUMMARY") { v in
            v.add(name)
            if let iqamahClock { v.add(" — "); v.add(iqamahWord); v.add(" "); v.add(iqamahClock) }
        }
        out.text("DESCRIPTION") { v in
            v.add(adhanWord); v.add(" "); v.add(adhanClock)
            if let iqamahClock { v.add("\n"); v.add(iqamahWord); v.add(" "); v.add(iqamahClock) }
        }
        out.raw(end)
    }

    /// A special event (`[[events]]`) at one of its times, by its name (numbered where it has
    /// several times: "Eid al-Fitr prayer 2"), lasting as long as the screen shows it (`minutes`).
    func special(_ e: PlannedEvent, to out: inout ContentLines) {
        let name = e.name ?? ""
        let several = (config.events.first { $0.name == name }?.times.count ?? 1) > 1
        eventStart(e, LocalTime(unix: e.time, zone: zone), end: e.time + Double(max(1, e.minutes) * 60), to: &out)
        out.text("SUMMARY", words.numbered(name, session: several ? e.index + 1 : nil))
        out.raw(end)
    }

    /// A VEVENT's lines from its start to its DURATION (from `e.time`, on the wall clock
    /// `local`, to `end`); the caller writes its SUMMARY and DESCRIPTION, and ends it.
    func eventStart(_ e: PlannedEvent, _ local: LocalTime, end: Double, to out: inout ContentLines) {
        out.raw(begin)
        let (id, suffix) = (e.id, uidSuffix)
        out.text("UID") { $0.add(id); $0.add(suffix) }
        out.raw(stamp)
        let (parameter, value) = start(e.time, local)
        out.line("DTSTART", parameter, value)
        out.line("DURATION", CalendarTime.duration(Int(end.rounded(.down) - e.time.rounded(.down))))
    }

    /// DTSTART on the unit's wall clock (`local`: `t` on it) with its TZID; in UTC for an instant the wall time
    /// cannot name: the second pass through the hour the clocks go back, which a local time
    /// reads as the first (RFC 5545 section 3.3.5).
    func start(_ t: Double, _ local: LocalTime) -> ((name: String, value: String)?, String) {
        let first = LocalMinute.instant(local.date, minute: local.hour * 60 + local.minute, zone: zone) + Double(local.second)
        guard first == t.rounded(.down) else { return (nil, CalendarTime.utc(t)) }
        return (("TZID", zone.identifier), CalendarTime.wall(t, offset: local.offset))
    }

    private func clock(_ t: Double) -> String { words.clock(LocalTime(unix: t, zone: zone), format: config.screen.clock) }
}
