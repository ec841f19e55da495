import PrayerTimes

/// Days a published table has wrong: a run of days on which a zone's times jump by minutes
/// and come back, which no point of the zone (or of anywhere) gives, while the zones around
/// it and its other times go on as before. They are left out of the fit and of its figures,
/// and listed in the table's header.
public struct TableErratum: Sendable {
    public let zone: String
    public let from: CivilDate, to: CivilDate
    /// The times it touches (nil: all of the day's).
    public let times: [Prayer]?
    public let why: String

    public init(zone: String, from: CivilDate, to: CivilDate, times: [Prayer]? = nil, why: String) {
        (self.zone, self.from, self.to, self.times, self.why) = (zone, from, to, times, why)
    }

    public func covers(_ zone: String, _ date: CivilDate, _ prayer: Prayer) -> Bool {
        zone == self.zone && from.daysSinceEpoch <= date.daysSinceEpoch && date.daysSinceEpoch <= to.daysSinceEpoch
            && (times?.contains(prayer) ?? true)
    }

    /// A zone's days with the times the errata cover taken out.
    public static func correct(_ days: [PublishedTable.Day], zone: String, _ errata: [TableErratum] = jakim2026)
        -> [PublishedTable.Day] {
        days.map { day in
            var minutes = day.minutes
            for prayer in Prayer.allCases where errata.contains(where: { $0.covers(zone, day.date, prayer) }) {
                minutes[prayer] = nil
            }
            return PublishedTable.Day(date: day.date, minutes: minutes)
        }
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) ?? CivilDate(daysSinceEpoch: 0) }

    /// JAKIM's 2026 table as e-Solat served it in May 2026 (the Malaysia Waktu Solat Dataset's
    /// files, each year's the same): days its copy of December 2025 (ruqqq/prayertimes-database)
    /// and JAKIM's tables of 2022 to 2025 do not have.
    public static let jakim2026: [TableErratum] = [
        TableErratum(zone: "SBH06", from: day(2026, 3, 12), to: day(2026, 3, 14),
                     why: "Subuh, Syuruk, Zohor and Asar 2 to 6 minutes earlier than on the days around, then back; not in the copy served in December 2025 nor in 2022 to 2025"),
        TableErratum(zone: "SBH09", from: day(2026, 3, 28), to: day(2026, 3, 31),
                     why: "every time 3 to 20 minutes later than on the days around (Subuh 05:20 after 05:10), then back; not in the copy served in December 2025 nor in 2022 to 2025"),
    ]
}
