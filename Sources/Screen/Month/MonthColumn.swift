import PrayerTimes

/// The table's columns: the month's (date, weekday, Hijri date, each prayer's adhan and, where
/// any day has one, its iqamah) or Ramadan's (Hijri day, date, imsak, the six times, the night's
/// extras such as taraweeh where any day has them). With `[screen] show_duha` the month has
/// Duha's start after sunrise.
enum MonthColumn: Equatable {
    case day, weekday, hijri
    case hijriDay, gregorian, imsak
    case adhan(Prayer)
    case iqamah(Prayer)
    case duha
    case extras

    static let prayers: [Prayer] = [.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha]

    static func of(_ sheet: MonthSheet) -> [MonthColumn] {
        switch sheet.period {
        case .month:
            var out: [MonthColumn] = [.day, .weekday, .hijri]
            for p in prayers {
                out.append(.adhan(p))
                if sheet.rows.contains(where: { r in r.prayers[p]?.contains { $0.iqamah != nil } ?? false }) { out.append(.iqamah(p)) }
                if p == .sunrise, sheet.rows.contains(where: { $0.duha != nil }) { out.append(.duha) }
            }
            return out
        case .ramadan:
            return [.hijriDay, .gregorian, .imsak] + prayers.map { .adhan($0) } + (sheet.rows.contains { !$0.extras.isEmpty } ? [.extras] : [])
        }
    }
}
