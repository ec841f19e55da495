import HAL
import Testing

@Suite("volume and fade-in factors")
struct SoundGainTests {
    @Test("volume is a square law: 100 leaves the samples, 50 is a quarter, 0 silence, out of range clamped")
    func amplitude() {
        #expect(SoundGain.amplitude(volume: 100) == 1)
        #expect(SoundGain.amplitude(volume: 50) == 0.25)
        #expect(SoundGain.amplitude(volume: 0) == 0)
        #expect(SoundGain.amplitude(volume: 150) == 1)
        #expect(SoundGain.amplitude(volume: -3) == 0)
        #expect(abs(SoundGain.amplitude(volume: 10) - 0.01) < 1e-12)
    }

    @Test("the fade is linear from 0 at the first frame to 1 at fadeFrames, 1 after it and without a fade")
    func fade() {
        #expect(SoundGain.fade(frame: 0, fadeFrames: 100) == 0)
        #expect(SoundGain.fade(frame: 25, fadeFrames: 100) == 0.25)
        #expect(SoundGain.fade(frame: 99, fadeFrames: 100) == 0.99)
        #expect(SoundGain.fade(frame: 100, fadeFrames: 100) == 1)
        #expect(SoundGain.fade(frame: 5000, fadeFrames: 100) == 1)
        #expect(SoundGain.fade(frame: 0, fadeFrames: 0) == 1)
        #expect(SoundGain.fade(frame: 0, fadeFrames: -5) == 1)
    }

    @Test("a request clamps its volume to 0-100 and its fade to 0 or more")
    func requestClamps() {
        let r = SoundRequest(items: [], volume: 140, fadeIn: -2)
        #expect(r.volume == 100 && r.fadeIn == 0)
    }
}
