import HAL
import Audio
import Service

extension BoardAssembler {
    /// Gives the configuration its sound decoder (libsndfile, with the truncated-file check):
    /// every sound file a config names is then probed by Audio, which Service does not import.
    /// Called once, first thing, by the program (`mihrab`), before any config is read.
    public static func installSoundDecoder() {
        SoundDecoder.install { path throws(SoundError) in try SoundFile.probe(path) }
    }
}
