import FoundationEssentials
import Glibc
import Platform
import HAL
import UnitModel

/// `[sounds]` read: each name found as a file in the sound folders (decoded once, through
/// Audio's decoder) or a buzzer pattern, when the configuration is loaded.
extension SoundSettings {
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
