import Audio
import HAL

/// How the sound files a config names are decoded (their length, rate, channels, and a check
/// that the whole file is there): Audio's libsndfile decoder, the one the speaker plays with.
/// Reading a config probes its sounds, so Service takes the decoder from Audio (a layer below
/// it: HAL and libsndfile, no Service) rather than from a hook the program fills at its start.
public enum SoundDecoder {
    public static func probe(_ path: String) throws(SoundError) -> SoundInfo {
        try SoundFile.probe(path)
    }
}
