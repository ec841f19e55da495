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
    public static func correct(_ days: [PublishedTable.Day], zone: String, _ errata: [TableErratum] = jakim2025)
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

    /// JAKIM's 2025 table, as the Malaysia Waktu Solat Dataset has it.
    public static let jakim2025: [TableErratum] = [
        TableErratum(zone: "SBH06", from: day(2025, 3, 12), to: day(2025, 3, 14),
                     why: "Subuh, Syuruk and Asar 3 to 6 minutes earlier than on the days around, then back"),
        TableErratum(zone: "SBH09", from: day(2025, 3, 28), to: day(2025, 3, 31),
                     why: "every time 3 to 20 minutes later than on the days around (Subuh 05:20 after 05:10), then back"),
        TableErratum(zone: "SBH06", from: day(2025, 12, 1), to: day(2025, 12, 31), times: [.maghrib],
                     why: "Maghrib 8 to 9 minutes earlier than the summit's of January to November, as if at sea level (SBH06 less SBH07: +5 or +6 minutes to 30 November, -3 in December); its Syuruk, Isyak and Subuh, and the other mountain zones, go on as before"),
    ]
}
