// Made by fit-reference-points (Sources/fit-reference-points, `make jakim-zones`): do not edit.
// Fitted to JAKIM's e-Solat table of 2025, every day of every zone: the Malaysia Waktu Solat
// Dataset (github abualif120/malaysia-waktu-solat-dataset, commit db916d0, a compilation of
// JAKIM's e-solat portal), licence CC BY 4.0; zones' states and places from its zones.csv.
// Each time: its point (latitude, longitude, height m; dip: the height's dip also on the
// twilight angle; adjust: seconds added where no point of the zone's box fits) and its fit
// (days, within 1 min, within 2, worst minutes). The rows: JakimZone+North.swift, JakimZone+South.swift, JakimZone+Borneo.swift.
// Left out, the table's own error: SBH06 2025-03-12 to 2025-03-14, Subuh, Syuruk and Asar 3 to 6 minutes earlier than on the days around, then back.
// Left out, the table's own error: SBH09 2025-03-28 to 2025-03-31, every time 3 to 20 minutes later than on the days around (Subuh 05:20 after 05:10), then back.
// Left out, the table's own error: SBH06 (maghrib) 2025-12-01 to 2025-12-31, Maghrib 8 to 9 minutes earlier than the summit's of January to November, as if at sea level (SBH06 less SBH07: +5 or +6 minutes to 30 November, -3 in December); its Syuruk, Isyak and Subuh, and the other mountain zones, go on as before.
extension JakimZone {
    static let table: [JakimZone] = (north + south + borneo)
        .sorted { $0.code < $1.code }
}
