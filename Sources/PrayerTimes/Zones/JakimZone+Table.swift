// Made by fit-reference-points (Sources/fit-reference-points, `make jakim-zones`): do not edit.
// Fitted to JAKIM's e-Solat table of 2026, every day of every zone: the Malaysia Waktu Solat
// Dataset (github abualif120/malaysia-waktu-solat-dataset, commit db916d0, a compilation of
// JAKIM's e-solat portal, May 2026), licence CC BY 4.0, whose files for 2020 to 2027 all hold
// that table; zones' states and places from its zones.csv. Where a row's years say so, also
// to JAKIM's tables of those years as fetched at each year's start (github
// ruqqq/prayertimes-database, commit a474760, GPL-3.0, read by `make jakim-zones`, not
// copied); the figures are 2026's. Kedah's derived zones follow JAKIM's takwim
// (JakimTakwimTable.swift).
// Each time: its point (latitude, longitude, height m; dip: the height's dip also on the
// twilight angle; adjust: seconds added where no point of the zone's box fits) and its fit
// (days, within 1 min, within 2, worst minutes). The rows: JakimZone+North.swift, JakimZone+South.swift, JakimZone+Borneo.swift.
// Left out, the table's own error: SBH06 2026-03-12 to 2026-03-14, Subuh, Syuruk, Zohor and Asar 2 to 6 minutes earlier than on the days around, then back; not in the copy served in December 2025 nor in 2022 to 2025.
// Left out, the table's own error: SBH09 2026-03-28 to 2026-03-31, every time 3 to 20 minutes later than on the days around (Subuh 05:20 after 05:10), then back; not in the copy served in December 2025 nor in 2022 to 2025.
extension JakimZone {
    static let table: [JakimZone] = (north + south + borneo)
        .sorted { $0.code < $1.code }
}
