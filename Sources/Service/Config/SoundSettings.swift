import FoundationEssentials
import Glibc
import Platform
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

    public struct ResolveError: Error, Sendable {
        public let name: Name
        public let message: String
    }

    /// Finds and decodes every named file (in `directories`, then `extra`), else takes a
    /// pattern of that name. Throws for a name given in the file that is neither, and for
    /// a file that does not decode.
    /// `lenient` (a daemon starting): such a sound is recorded in `problems` and replaced by
    /// its buzzer pattern, so that a bad file can never keep the unit, and its buzzer, down.
    public mutating func resolve(patterns: [String: [Int]], extra: [String] = [], lenient: Bool = false,
                                 probe: (String) throws(SoundError) -> SoundInfo = SoundDecoder.probe) throws(ResolveError) {
        problems = []
        for name in Name.allCases {
            do {
                try resolve(name, patterns: patterns, folders: directories + extra, probe: probe)
            } catch {
                guard lenient else { throw error }
                let fallback = name == .dua ? nil : (name == .adhanFajr ? "adhan" : name.rawValue)
                sources[name] = fallback.flatMap { patterns[$0] != nil ? Source.pattern($0) : nil } ?? Source.none
                problems.append("sounds.\(name.rawValue): \(error.message): \(fallback.map { "the buzzer's \($0) pattern instead" } ?? "nothing instead")")
            }
        }
    }

    private mutating func resolve(_ name: Name, patterns: [String: [Int]], folders: [String],
                                  probe: (String) throws(SoundError) -> SoundInfo) throws(ResolveError) {
        let written = names[name] ?? ""
        if written == "none" {
            sources[name] = Source.none
            return
        }
        let lookup = written.isEmpty ? name.rawValue : written
        if let path = SoundSettings.find(lookup, in: folders) {
            do { sources[name] = .file(try probe(path)) } catch {
                throw ResolveError(name: name, message: "\(error)")
            }
        } else if written.isEmpty {
            sources[name] = Source.none  // adhan_fajr: as adhan; dua: none
        } else if patterns[written] != nil {
            sources[name] = .pattern(written)
        } else if !explicit.contains(name) {
            sources[name] = Source.none  // a default with neither file nor pattern
        } else {
            let looked = lookup.hasPrefix("/") ? lookup : "\(lookup) (.\(SoundSettings.extensions.joined(separator: ", .")) in \(folders.joined(separator: ", ")))"
            throw ResolveError(name: name, message: "no sound file \(looked) and no pattern \(quoted(written)) (patterns: \(patterns.keys.sorted().joined(separator: ", ")), or \"none\")")
        }
    }

    /// An absolute path that exists, or the first folder holding NAME or NAME.ext.
    static func find(_ name: String, in folders: [String]) -> String? {
        let fm = FileManager.default
        if name.hasPrefix("/") { return fm.fileExists(atPath: name) ? name : nil }
        guard !name.contains("/"), !name.isEmpty else { return nil }
        let hasExtension = SoundSettings.extensions.contains(pathExtension(of: name).lowercased())
        for folder in folders {
            let candidates = hasExtension ? [name] : SoundSettings.extensions.map { "\(name).\($0)" }
            for c in candidates where fm.fileExists(atPath: folder + "/" + c) { return folder + "/" + c }
        }
        return nil
    }
}
