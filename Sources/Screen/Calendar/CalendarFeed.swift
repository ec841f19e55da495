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
        out.line("VERSION", [], "2.0")
        out.line("PRODID", [], "-//Mihrab//Prayer times//EN")
        out.line("CALSCALE", [], "GREGORIAN")
        out.text("X-WR-CALNAME", config.screen.title ?? "Mihrab")
        out.text("X-WR-TIMEZONE", zone.identifier)
        out.line("REFRESH-INTERVAL", [("VALUE", "DURATION")], "PT12H")
        out.line("X-PUBLISHED-TTL", [], "PT12H")
        if let first = days.first?.date, let last = days.last?.date {
            let from = LocalMinute.instant(first, minute: 0, zone: zone)
            let to = LocalMinute.instant(last.adding(days: 1), minute: 0, zone: zone)
            out.timeZone(zone, id: zone.identifier, from: Int64(from.rounded(.down)), to: Int64(to.rounded(.up)) + 1)
        }
        let writer = EventWriter(config: config, zone: zone, words: words,
                                 stamp: CalendarTime.utc(LocalMinute.instant(today, minute: 0, zone: zone)),
                                 domain: uidDomain(config: config, zone: zone))
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
    let stamp: String
    let domain: String

    /// A prayer at its adhan, its iqamah (the one of the same session) named; it lasts until
    /// the end of the prayer as the wall screen counts it (`[screen] prayer_minutes`, Jumu'ah's
    /// `jumuah_prayer_minutes`) after the iqamah, or `withoutIqamah` after the adhan.
    func prayer(_ e: PlannedEvent, of day: ScreenInput.Day, to out: inout ContentLines) {
        let iqamah = day.events.first { $0.kind == .iqamah && $0.prayer == e.prayer && $0.index == e.index }
        let jumuah = e.prayer == .dhuhr && e.date.weekday == 5
        let sessions = jumuah ? day.events.filter { $0.kind == .adhan && $0.prayer == .dhuhr }.count : 1
        let name = words.name(jumuah ? "jumuah" : e.prayer.rawValue, session: sessions > 1 ? e.index + 1 : nil)
        let adhanClock = clock(e.time)
        let iqamahClock = iqamah.map { clock($0.time) }
        let prayerLength = max(60, jumuah ? config.screen.jumuahPrayerSeconds : config.screen.prayerSeconds)
        event(e, summary: iqamahClock.map { "\(name) — \(words.iqamah) \($0)" } ?? name,
              description: "\(words.adhan) \(adhanClock)" + (iqamahClock.map { "\n\(words.iqamah) \($0)" } ?? ""),
              end: iqamah.map { $0.time + prayerLength } ?? e.time + Double(CalendarFeed.withoutIqamah), to: &out)
    }

    /// A special event (`[[events]]`) at one of its times, by its name (numbered where it has
    /// several times: "Eid al-Fitr prayer 2"), lasting as long as the screen shows it (`minutes`).
    func special(_ e: PlannedEvent, to out: inout ContentLines) {
        let name = e.name ?? ""
        let several = (config.events.first { $0.name == name }?.times.count ?? 1) > 1
        event(e, summary: words.numbered(name, session: several ? e.index + 1 : nil), description: nil,
              end: e.time + Double(max(1, e.minutes) * 60), to: &out)
    }

    /// A VEVENT from `e.time` to `end`.
    func event(_ e: PlannedEvent, summary: String, description: String?, end: Double, to out: inout ContentLines) {
        out.begin("VEVENT")
        out.text("UID", "\(e.id)@\(domain)")
        out.line("DTSTAMP", [], stamp)
        let (parameters, value) = start(e.time)
        out.line("DTSTART", parameters, value)
        out.line("DURATION", [], CalendarTime.duration(Int(end.rounded(.down) - e.time.rounded(.down))))
        out.text("SUMMARY", summary)
        if let description { out.text("DESCRIPTION", description) }
        out.end("VEVENT")
    }

    /// DTSTART on the unit's wall clock with its TZID; in UTC for an instant the wall time
    /// cannot name: the second pass through the hour the clocks go back, which a local time
    /// reads as the first (RFC 5545 section 3.3.5).
    func start(_ t: Double) -> ([(String, String)], String) {
        let local = LocalTime(unix: t, zone: zone)
        let first = LocalMinute.instant(local.date, minute: local.hour * 60 + local.minute, zone: zone) + Double(local.second)
        guard first == t.rounded(.down) else { return ([], CalendarTime.utc(t)) }
        return ([("TZID", zone.identifier)], CalendarTime.wall(t, offset: local.offset))
    }

    private func clock(_ t: Double) -> String { words.clock(LocalTime(unix: t, zone: zone), format: config.screen.clock) }
}
