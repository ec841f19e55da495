import Audio
import HAL
import Service

/// The program installs Audio's decoder at its start (`BoardAssembler.installSoundDecoder`);
/// the tests that read configs naming sound files install the same one.
func installSoundDecoder() {
    SoundDecoder.install { path throws(SoundError) in try SoundFile.probe(path) }
}
