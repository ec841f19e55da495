import FoundationEssentials
import Glibc
import PrayerTimes
import TOMLKit
import UnitModel

extension SiteConfig {
    /// `[sounds]` and `[sounds.volumes]`.
    mutating func readSoundTable(_ root: TableReader) throws(ConfigError) {
        guard let t = try root.subtable("sounds") else { return }
        for name in SoundSettings.Name.allCases {
            guard let v = try t.string(name.rawValue) else { continue }
            sound.names[name] = v
            sound.explicit.insert(name)
        }
        if let v = try t.string("device") {
            // "none": no speaker (buzzer only).
            guard !v.isEmpty, !v.contains(where: { $0.isNewline }) else { throw t.error("device", "must be an ALSA device name such as \"default\" or \"hw:1,0\"") }
            sound.device = v
        }
        if let v = try t.bool("keep_awake") { sound.keepAwake = v }
        if let v = try t.double("warm_up_s", in: 0...60) { sound.warmUp = v }
        if let v = try t.double("fade_in_s", in: 0...30) { sound.fadeIn = v }
        if let v = try t.int("volume", in: 0...100) { sound.volume = v }
        if let a = try t.array("directories") {
            let dirs = a.compactMap { $0.string }
            guard dirs.count == a.count, dirs.allSatisfy({ $0.hasPrefix("/") }) else {
                throw t.error("directories", "must be a list of absolute folder paths")
            }
            sound.directories = dirs
        }
        if let v = try t.subtable("volumes") {
            for prayer in [Prayer.fajr, .sunrise, .dhuhr, .asr, .maghrib, .isha] {
                if let n = try v.int(prayer.rawValue, in: 0...100) { sound.volumes[prayer] = n }
            }
            try v.finish()
        }
        try t.finish()
    }

    /// Finds and decodes the sound files (the configured folders, then `sounds/` beside the
    /// config file); a name that is neither a file nor a pattern, or a file that does not
    /// decode, is an error at its line.
    mutating func resolveSounds(_ root: TableReader, lenient: Bool) throws(ConfigError) {
        let folder = parentFolder(of: root.file)
        do {
            try sound.resolve(patterns: patterns, extra: [(folder.isEmpty ? "." : folder) + "/sounds"], lenient: lenient)
        } catch {
            let key = "sounds.\(error.name.rawValue)"
            throw ConfigError(file: root.file, line: root.lines.line(of: key) ?? root.lines.line(of: "sounds"), path: key,
                              message: error.message)
        }
        do {
            try sound.resolveEvents(events, patterns: patterns, extra: [(folder.isEmpty ? "." : folder) + "/sounds"], lenient: lenient)
        } catch {
            let key = "events[\(error.index)].sound"
            throw ConfigError(file: root.file, line: root.lines.line(of: key), path: key, message: error.message)
        }
    }
}
