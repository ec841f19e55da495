import HAL
import PrayerTimes

/// `[sounds]`: what each event plays (a sound file, a buzzer pattern, or nothing), how
/// loud, on which device. Files are found and decoded once when the configuration is
/// loaded, so a missing or broken one is an error then, never a silence at prayer time.
public struct SoundSettings: Sendable, Equatable {
    public enum Name: String, Sendable, CaseIterable {
        case adhan, adhanFajr = "adhan_fajr", dua, reminder, iqamah, sunrise
    }

    public enum Source: Sendable, Equatable {
        case none
        case pattern(String)
        case file(SoundInfo)
    }

    /// As written: a name under the sound folders ("adhan": adhan.flac, .wav, .mp3, .ogg),
    /// a file name or an absolute path, a pattern's name, "none", or "" (adhan_fajr: Fajr's
    /// own file if there is one, else as adhan; dua: dua's file if there is one, else none).
    public var names: [Name: String] = [.adhan: "adhan", .adhanFajr: "", .dua: "", .reminder: "reminder",
                                         .iqamah: "iqamah", .sunrise: "sunrise"]
    /// The names resolved (`resolve`); until then, the buzzer patterns of the same names.
    public var sources: [Name: Source] = [.adhan: .pattern("adhan"), .adhanFajr: .none, .dua: .none,
                                          .reminder: .pattern("reminder"), .iqamah: .pattern("iqamah"),
                                          .sunrise: .pattern("sunrise")]
    /// `[[events]]`' sounds by their names as written (`resolveEvents`): a file or a pattern.
    public var eventSources: [String: Source] = [:]
    /// Names given in the file: one not found is an error (a default not found falls back).
    public var explicit: Set<Name> = []
    /// ALSA's name for the device: "default", "hw:1,0", "plughw:CARD=Headphones"; "none"
    /// (the default when the file does not say: a config written before there was sound,
    /// for a unit with only a buzzer): no speaker, every event sounds its buzzer pattern.
    public var device = "none"
    /// Keep the device open always (silence between sounds), not only around each sound.
    public var keepAwake = false
    /// Seconds the device is opened (and fed silence) before a sound is due.
    public var warmUp = 5.0
    /// Seconds each sound fades in over.
    public var fadeIn = 1.0
    /// 0-100, and per prayer (`[sounds.volumes]`, keys fajr, sunrise, dhuhr, asr, maghrib, isha).
    public var volume = 100
    public var volumes: [Prayer: Int] = [:]
    /// Searched in order: the user's files first, then ours.
    public var directories = ["/var/lib/mihrab/sounds", "/usr/local/share/mihrab/sounds", "/usr/share/mihrab/sounds"]

    /// Sounds that could not be used when the unit started (`resolve(lenient: true)`): each
    /// plays its buzzer pattern instead; logged, and shown in the status.
    public var problems: [String] = []

    public static let extensions = ["flac", "wav", "mp3", "ogg", "opus"]

    public init() {}

    public func volume(for prayer: Prayer) -> Int { volumes[prayer] ?? volume }

    /// What a planned event plays: a special event its own sound, the others their kind's.
    public func source(for e: PlannedEvent) -> Source {
        e.kind == .special ? (e.sound.flatMap { eventSources[$0] } ?? .none) : source(e.kind, prayer: e.prayer)
    }

    /// The source an event plays: Fajr's adhan its own when it has one.
    public func source(_ kind: SiteConfig.EventKind, prayer: Prayer) -> Source {
        switch kind {
        case .adhan:
            if prayer == .fajr, explicit.contains(.adhanFajr), names[.adhanFajr] == "none" { return .none }  // a silent Fajr
            if prayer == .fajr, let own = sources[.adhanFajr], own != .none { return own }
            return sources[.adhan] ?? .none
        case .reminder: return sources[.reminder] ?? .none
        case .iqamah: return sources[.iqamah] ?? .none
        case .sunrise: return sources[.sunrise] ?? .none
        case .special: return .none  // each its own: source(for:)
        }
    }
}
