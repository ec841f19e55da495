import HAL

/// Sound files (WAV, FLAC, MP3, Ogg: whatever libsndfile reads), decoded to 16-bit
/// interleaved samples in chunks.
public enum SoundFile {
    /// Opens a file for decoding.
    public static func open(_ path: String) throws(SoundError) -> SoundStream {
        throw SoundError(path, "sound decoding is not built yet")
    }

    /// The file's shape, after decoding it once to the end (a truncated or corrupt file
    /// fails here, with the reason).
    public static func probe(_ path: String) throws(SoundError) -> SoundInfo {
        throw SoundError(path, "sound decoding is not built yet")
    }
}
