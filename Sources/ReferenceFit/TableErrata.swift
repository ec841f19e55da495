import PrayerTimes

/// Days a published table has wrong: a run of days on which a zone's times, all of them at
/// once, jump by minutes and come back, which no point of the zone (or of anywhere) gives.
/// They are left out of the fit and of its figures, and listed in the table's header.
public struct TableErratum: Sendable {
    public let zone: String
    public let from: CivilDate, to: CivilDate
    public let why: String

    public func covers(_ zone: String, _ date: CivilDate) -> Bool {
        zone == self.zone && from.daysSinceEpoch <= date.daysSinceEpoch && date.daysSinceEpoch <= to.daysSinceEpoch
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) ?? CivilDate(daysSinceEpoch: 0) }

    /// JAKIM's 2025 table, as the Malaysia Waktu Solat Dataset has it.
    public static let jakim2025: [TableErratum] = [
        TableErratum(zone: "SBH06", from: day(2025, 3, 12), to: day(2025, 3, 14),
                     why: "Subuh, Syuruk and Asar 3 to 6 minutes earlier than on the days around, then back"),
        TableErratum(zone: "SBH09", from: day(2025, 3, 28), to: day(2025, 3, 31),
                     why: "every time 3 to 20 minutes later than on the days around (Subuh 05:20 after 05:10), then back"),
    ]
}
