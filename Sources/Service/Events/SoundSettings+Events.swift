import HAL
import UnitModel

extension SoundSettings {
    /// Finds `[[events]]`' sounds, each named as `[sounds]` names one: a file in the sound
    /// folders (or an absolute path), else a buzzer pattern. Throws (index, message) for the
    /// first that is neither or does not decode; `lenient` (a daemon starting): recorded in
    /// `problems`, and the "event" pattern sounds instead.
    public mutating func resolveEvents(_ events: [SpecialEvent], patterns: [String: [Int]], extra: [String] = [], lenient: Bool = false,
                                       probe: (String) throws(SoundError) -> SoundInfo = SoundDecoder.probe) throws(EventSoundError) {
        eventSources = [:]
        for (i, event) in events.enumerated() {
            guard let name = event.sound, eventSources[name] == nil else { continue }
            do {
                eventSources[name] = try Self.eventSource(name, patterns: patterns, folders: directories + extra, probe: probe)
            } catch {
                guard lenient else { throw EventSoundError(index: i, message: error.message) }
                eventSources[name] = patterns["event"] != nil ? .pattern("event") : Source.none
                problems.append("events[\(i)].sound: \(error.message): the buzzer's event pattern instead")
            }
        }
    }

    public struct EventSoundError: Error, Sendable {
        public let index: Int
        public let message: String
    }

    private static func eventSource(_ name: String, patterns: [String: [Int]], folders: [String],
                                    probe: (String) throws(SoundError) -> SoundInfo) throws(EventSoundError) -> Source {
        if let path = find(name, in: folders) {
            do { return .file(try probe(path)) } catch { throw EventSoundError(index: 0, message: "\(error)") }
        }
        if patterns[name] != nil { return .pattern(name) }
        let looked = name.hasPrefix("/") ? name : "\(name) (.\(extensions.joined(separator: ", .")) in \(folders.joined(separator: ", ")))"
        throw EventSoundError(index: 0, message: "no sound file \(looked) and no pattern \(quoted(name)) (patterns: \(patterns.keys.sorted().joined(separator: ", ")))")
    }
}
