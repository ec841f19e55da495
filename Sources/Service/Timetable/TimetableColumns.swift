import PrayerTimes

/// What one column of a timetable (a CSV header's name, a JSON day's key) holds.
public enum TimetableColumn: Hashable, Sendable {
    case date
    /// A prayer's adhan (beginning) time; `.sunrise` for sunrise.
    case adhan(Prayer)
    /// Asr at two shadow lengths (London's `asr_hanafi`, `asr_2`, `asr_mithl_2`).
    case asrHanafi
    /// A prayer's iqamah (jamaah) time.
    case iqamah(Prayer)

    /// Our own name for it: `date`, `fajr`, `sunrise`, `asr_hanafi`, `fajr_iqamah`.
    public var name: String {
        switch self {
        case .date: "date"
        case .adhan(let p): p.rawValue
        case .asrHanafi: "asr_hanafi"
        case .iqamah(let p): "\(p.rawValue)_iqamah"
        }
    }
}

/// The documented column mapping, so that common exports load as they are. A name is
/// compared without case, with spaces, hyphens and dots read as `_` and apostrophes
/// dropped ("Fajr Jama'ah" is `fajr_jamaah`). A prayer's name, then optionally a suffix:
///
/// - prayers: fajr (fajar, subuh, subh, suboh, sobh), sunrise (shuruq, shurooq, shuruk,
///   syuruk, syuruq, terbit), dhuhr (duhr, dhur, dhuhur, dzuhur, zuhr, zuhur, zohr, zohor,
///   zuhor), asr (asar, ashar), maghrib (magrib, maghreb), isha (ishaa, isya, isyak, esha, eisha);
/// - the adhan: no suffix, or `_begins`, `_begin`, `_start`, `_starts`, `_adhan`, `_azan`,
///   `_athan` (`asr_mithl_1`, `asr_1`, `asr_shafi` too);
/// - the iqamah: `_jamaah`, `_jamaat`, `_jamat`, `_jamah`, `_jammat`, `_jamaa`, `_iqamah`,
///   `_iqama`, `_iqamat`, `_congregation`;
/// - Asr at two shadow lengths: `asr_hanafi`, `asr_2`, `asr2`, `asr_mithl_2` (used only when
///   the unit's madhab is hanafi);
/// - the date: `date`, `d_date`, `gregorian`, `gregorian_date`, `tarikh`, `tarikh_miladi`, `tanggal`.
///
/// Any other column (`day`, `hijri`, `jumuah`, ...) is ignored.
public enum TimetableColumns {
    public static let prayerNames: [(Prayer, [String])] = [
        (.fajr, ["fajr", "fajar", "subuh", "subh", "suboh", "sobh"]),
        (.sunrise, ["sunrise", "shuruq", "shurooq", "shuruk", "syuruk", "syuruq", "terbit"]),
        (.dhuhr, ["dhuhr", "duhr", "dhur", "dhuhur", "dzuhur", "zuhr", "zuhur", "zohr", "zohor", "zuhor"]),
        (.asr, ["asr", "asar", "ashar"]),
        (.maghrib, ["maghrib", "magrib", "maghreb"]),
        (.isha, ["isha", "ishaa", "isya", "isyak", "esha", "eisha"]),
    ]
    public static let adhanSuffixes: Set<String> = ["begins", "begin", "start", "starts", "adhan", "azan", "athan"]
    public static let iqamahSuffixes: Set<String> = [
        "jamaah", "jamaat", "jamat", "jamah", "jammat", "jamaa", "iqamah", "iqama", "iqamat", "congregation",
    ]
    public static let asrFirstSuffixes: Set<String> = ["mithl_1", "1", "shafi", "shafii"]
    public static let asrHanafiSuffixes: Set<String> = ["hanafi", "2", "mithl_2"]
    public static let dateNames: Set<String> = ["date", "d_date", "gregorian", "gregorian_date", "tarikh", "tarikh_miladi", "tanggal"]

    /// The name compared: lower case, `_` for spaces, hyphens and dots, no apostrophes.
    public static func normalized(_ name: String) -> String {
        var out = ""
        for ch in name.lowercased() {
            switch ch {
            case "'", "\u{2019}", "\u{02BC}", "`", "\u{2018}": continue
            case " ", "-", ".", "\t": if !out.isEmpty && out.last != "_" { out.append("_") }
            case "_": if out.last != "_" { out.append("_") }
            default: out.append(ch)
            }
        }
        while out.last == "_" { out.removeLast() }
        return out
    }

    /// What a column holds, nil for a column the unit ignores.
    public static func column(named raw: String) -> TimetableColumn? {
        let name = normalized(raw)
        if dateNames.contains(name) { return .date }
        for (prayer, aliases) in prayerNames {
            for alias in aliases {
                if name == alias { return .adhan(prayer) }
                if prayer == .asr && name == alias + "2" { return .asrHanafi }
                guard name.hasPrefix(alias + "_") else { continue }
                let suffix = String(name.dropFirst(alias.count + 1))
                if adhanSuffixes.contains(suffix) { return .adhan(prayer) }
                if prayer == .sunrise { return nil }
                if iqamahSuffixes.contains(suffix) { return .iqamah(prayer) }
                if prayer == .asr && asrFirstSuffixes.contains(suffix) { return .adhan(.asr) }
                if prayer == .asr && asrHanafiSuffixes.contains(suffix) { return .asrHanafi }
            }
        }
        return nil
    }
}
