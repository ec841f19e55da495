import PrayerTimes
import UnitModel

/// The words the small displays use. Latin script only: their fonts have no Arabic, and an
/// HD44780's character ROM has none either, so the names are the transliterations the
/// wall screen's English uses.
enum PanelWords {
    static func prayer(_ prayer: Prayer, jumuah: Bool = false) -> String {
        if jumuah { return "Jumu'ah" }
        return switch prayer {
        case .fajr: "Fajr"
        case .sunrise: "Sunrise"
        case .dhuhr: "Dhuhr"
        case .asr: "Asr"
        case .maghrib: "Maghrib"
        case .isha: "Isha"
        }
    }

    /// Hijri month names short enough for the OLED's top line (25 characters) and an LCD's row.
    static let hijriMonths = ["Muharram", "Safar", "Rabi I", "Rabi II", "Jumada I", "Jumada II",
                              "Rajab", "Sha'ban", "Ramadan", "Shawwal", "Dhul-Qa'da", "Dhul-Hijja"]

    static func hijri(_ h: ScreenModel.HijriDay, year: Bool = true) -> String {
        let month = (1...12).contains(h.month) ? hijriMonths[h.month - 1] : "?"
        return "\(h.day) \(month)" + (year ? " \(h.year)" : "")
    }

    /// Whether the state puts the times themselves in doubt (then it outranks everything).
    static func critical(_ m: ScreenModel) -> Bool {
        !m.trusted || m.notices.contains(.noPlan) || m.notices.contains(.clockUntrusted)
    }

    /// What the unit's state line says, most serious first; nil when all is well.
    static func state(_ m: ScreenModel) -> String? {
        let notices = Set(m.notices)
        if notices.contains(.noPlan) { return "No prayer times" }
        if !m.trusted || notices.contains(.clockUntrusted) { return "Clock not synced" }
        if notices.contains(.sensorFault) { return "Compass fault" }
        if notices.contains(.stateNotPersisted) { return "State not saved" }
        if notices.contains(.noFix) { return "No GPS fix" }
        if notices.contains(.compassUncalibrated) { return "Calibrate compass" }
        return nil
    }

    /// The phase's headline: "ADHAN", "IQAMAH IN", ...; nil in the normal phase and the khutbah.
    static func phase(_ kind: ScreenModel.Phase.Kind) -> String? {
        switch kind {
        case .normal: nil
        case .reminder: "ADHAN IN"
        case .adhan: "ADHAN"
        case .iqamah: "IQAMAH IN"
        case .silence: "SILENCE PHONES"
        case .prayer: "PRAYER"
        case .after: "AFTER PRAYER"
        case .event: "STARTS IN"
        case .khutbah: nil  // no lit bar in the khutbah: the clock and the iqamah alone
        }
    }
}
