import PrayerTimes

/// The zones' rules for days of the year on which JAKIM computes a time at another height:
/// the fit leaves those days out of the point's search and checks them at the season's
/// height; the table's rows carry them (`JakimZone.seasons`).
public enum ZoneSeasons {
    public static let jakim: [String: [PointSeason]] = [
        "SBH06": [
            PointSeason(prayer: .maghrib, months: 12...12, elevation: 0,
                        why: "Maghrib as at sea level, 8 to 9 minutes before the summit's of January to November",
                        seen: [2022, 2023, 2024, 2026]),
        ],
    ]

    /// A zone's days with the seasons' times taken out (for the point's search).
    static func outOfSeason(_ days: [PublishedTable.Day], _ seasons: [PointSeason]) -> [PublishedTable.Day] {
        guard !seasons.isEmpty else { return days }
        return days.map { day in
            var minutes = day.minutes
            for season in seasons where season.months.contains(day.date.month) { minutes[season.prayer] = nil }
            return PublishedTable.Day(date: day.date, minutes: minutes)
        }
    }
}
