import Foundation
import HAL
import PrayerTimes
import Testing
import TestSupport
@testable import Service
import UnitModel

/// `[sounds]` as the unit loads it: files found by name in the folders and decoded then, a
/// broken or missing one an error at its line, before any prayer time.
@Suite("sound configuration")
struct SoundConfigTests {
    /// A folder with a config file and a sounds/ folder beside it.
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "mihrab-sounds-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/sounds", withIntermediateDirectories: true)
        return dir
    }

    static func config(_ text: String, in dir: String) throws(ConfigError) -> SiteConfig {
        // Only the folder beside the config: the machine's own sound folders are not searched.
        try SiteConfig.parse("[sounds]\ndirectories = [\"\(dir)/none\"]\n" + text, file: dir + "/mihrab.toml")
    }

    @Test("files are found by name (adhan, Fajr's own), decoded for their length; no file: the pattern, or none")
    func byName() throws {
        let dir = try Self.folder()
        try Sox.sine(to: dir + "/sounds/adhan.wav", rate: 48000, seconds: 1.5)
        try Sox.sine(to: dir + "/sounds/adhan_fajr.flac", rate: 44100, channels: 2, seconds: 2)
        let c = try Self.config("", in: dir)
        #expect(c.sound.sources[.adhan] == .file(SoundInfo(path: dir + "/sounds/adhan.wav", sampleRate: 48000, channels: 1, frames: 72000)))
        #expect(c.sound.source(.adhan, prayer: .fajr) == .file(SoundInfo(path: dir + "/sounds/adhan_fajr.flac", sampleRate: 44100, channels: 2, frames: 88200)))
        #expect(c.sound.source(.adhan, prayer: .isha) == c.sound.sources[.adhan])
        #expect(c.sound.sources[.dua] == SoundSettings.Source.none)
        #expect(c.sound.sources[.reminder] == .pattern("reminder"))
        // Named in the file: a file name with its extension, "none", a pattern.
        let named = try Self.config("dua = \"adhan.wav\"\niqamah = \"none\"\nsunrise = \"adhan\"\n", in: dir)
        #expect(named.sound.sources[.dua] == c.sound.sources[.adhan])
        #expect(named.sound.sources[.iqamah] == SoundSettings.Source.none)
        #expect(named.sound.sources[.sunrise] == c.sound.sources[.adhan], "a file of that name comes before the pattern")
    }

    @Test("a file that does not decode is an error naming it, at load time")
    func broken() throws {
        let dir = try Self.folder()
        try Data("not a sound\n".utf8).write(to: URL(fileURLWithPath: dir + "/sounds/adhan.flac"))
        #expect {
            _ = try Self.config("adhan = \"adhan\"\n", in: dir)
        } throws: { e in
            let d = "\(e)"
            return d.hasPrefix(dir + "/mihrab.toml:3: sounds.adhan: " + dir + "/sounds/adhan.flac: ")
        }
    }

    @Test("a daemon starting (lenient): a broken file is a problem it logs, its buzzer pattern sounds instead")
    func lenient() throws {
        let dir = try Self.folder()
        try Data("not a sound\n".utf8).write(to: URL(fileURLWithPath: dir + "/sounds/adhan.flac"))
        let c = try SiteConfig.parse("[sounds]\ndirectories = []\nadhan_fajr = \"/nowhere/fajr.mp3\"\n", file: dir + "/mihrab.toml", lenientSounds: true)
        #expect(c.sound.sources[.adhan] == .pattern("adhan"))
        #expect(c.sound.source(.adhan, prayer: .fajr) == .pattern("adhan"))
        #expect(c.sound.problems.count == 2)
        #expect(c.sound.problems.contains { $0.hasPrefix("sounds.adhan: \(dir)/sounds/adhan.flac: ") && $0.hasSuffix("the buzzer's adhan pattern instead") })
    }

    @Test("a truncated WAV (its data chunk past the end of the file): an error for a check, a problem for a daemon starting")
    func truncated() throws {
        let dir = try Self.folder()
        let wav = dir + "/sounds/adhan.wav"
        try WAVFixture.data(declared: 96000, held: 13440).write(to: URL(fileURLWithPath: wav))
        let said = "\(wav): truncated: the header says 2.00 s of sound, the file holds 0.28 s"
        #expect {
            _ = try Self.config("", in: dir)
        } throws: { e in "\(e)".hasPrefix("\(dir)/mihrab.toml:") && "\(e)".hasSuffix(": sounds.adhan: \(said)") }
        let c = try SiteConfig.parse("[sounds]\ndirectories = []\n", file: dir + "/mihrab.toml", lenientSounds: true)
        #expect(c.sound.sources[.adhan] == .pattern("adhan"))
        #expect(c.sound.problems == ["sounds.adhan: \(said): the buzzer's adhan pattern instead"])
    }

    @Test("adhan_fajr = \"none\": a silent Fajr, the other adhans as configured; no device key: no speaker")
    func silentFajrAndNoDevice() throws {
        let dir = try Self.folder()
        try Sox.sine(to: dir + "/sounds/adhan.wav", rate: 48000, seconds: 0.5)
        let c = try Self.config("adhan_fajr = \"none\"\n", in: dir)
        #expect(c.sound.source(.adhan, prayer: .fajr) == SoundSettings.Source.none)
        #expect(c.sound.source(.adhan, prayer: .dhuhr) == c.sound.sources[.adhan])
        #expect(c.sound.device == "none", "a config without sounds.device (written before there was sound): buzzer only")
    }

    @Test("a missing file named in the config is an error naming it; a name neither file nor pattern too")
    func missing() throws {
        let dir = try Self.folder()
        #expect {
            _ = try Self.config("adhan_fajr = \"/nowhere/fajr.mp3\"\n", in: dir)
        } throws: { e in "\(e)".hasPrefix(dir + "/mihrab.toml:3: sounds.adhan_fajr: no sound file /nowhere/fajr.mp3") }
        #expect {
            _ = try Self.config("dua = \"dua\"\n", in: dir)
        } throws: { e in "\(e)".contains("sounds.dua: no sound file dua (.flac") }
    }

    @Test("volumes, fade, warm-up, device; out of range refused")
    func settings() throws {
        let dir = try Self.folder()
        let c = try Self.config("volume = 70\nfade_in_s = 2\nwarm_up_s = 8\ndevice = \"hw:1,0\"\nkeep_awake = true\n[sounds.volumes]\nfajr = 30\n", in: dir)
        #expect(c.sound.volume(for: .fajr) == 30)
        #expect(c.sound.volume(for: .maghrib) == 70)
        #expect((c.sound.fadeIn, c.sound.warmUp, c.sound.device, c.sound.keepAwake) == (2, 8, "hw:1,0", true))
        #expect(throws: ConfigError.self) { try Self.config("volume = 101\n", in: dir) }
        #expect(throws: ConfigError.self) { try Self.config("[sounds.volumes]\nasr = -1\n", in: dir) }
    }

    @Test("the shipped config plays the shipped chimes (board/sounds), each decoded")
    func shipped() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        var c = try SiteConfig.load(path: root + "/board/mihrab.toml")
        c.sound.directories = []
        for name in [SoundSettings.Name.adhan, .iqamah, .reminder, .sunrise] {
            guard case .file(let info)? = c.sound.sources[name] else {
                Issue.record("\(name): \(String(describing: c.sound.sources[name]))")
                continue
            }
            #expect(info.path.hasSuffix("board/sounds/\(name.rawValue).flac") || info.path.contains("/mihrab/sounds/"))
            #expect(info.sampleRate == 22050 && info.channels == 1 && info.duration > 1)
        }
    }
}
