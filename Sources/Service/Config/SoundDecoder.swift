import HAL
import Synchronization

/// How the sound files a config names are decoded (their length, rate, channels, and a check
/// that the whole file is there). Service does not decode sound itself: the layer that
/// assembles a unit (Assembly, from Audio's libsndfile decoder) installs the decoder once when
/// the program starts, before any config is read, so this module never imports Audio.
public enum SoundDecoder {
    public typealias Probe = @Sendable (String) throws(SoundError) -> SoundInfo

    private static let installed = Mutex<Probe?>(nil)

    /// From the program's start (and tests): the decoder every config read from now on uses.
    public static func install(_ probe: @escaping Probe) {
        installed.withLock { $0 = probe }
    }

    /// Decodes a file through the installed decoder; with none installed, every file is refused
    /// with one line (a strict config says so at the key; a daemon falls back to its buzzer).
    public static func probe(_ path: String) throws(SoundError) -> SoundInfo {
        guard let p = installed.withLock({ $0 }) else {
            throw SoundError(path, "no sound decoder in this program")
        }
        return try p(path)
    }
}
