import HAL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Generated sounds: the self-test's beep.
public enum Tone {
    /// A sine, mono, with linear ramps at both ends (no click), at `level` of full scale
    /// (`seconds` at most 60).
    public static func sine(frequency: Double = 880, seconds: Double = 1, sampleRate: Int = 48000,
                            level: Double = 0.5, ramp: Double = 0.01) -> MemorySound {
        let rate = max(1, sampleRate)
        let seconds = seconds.isFinite ? max(0, min(seconds, 60)) : 0
        let ramp = ramp.isFinite ? max(0, min(ramp, seconds / 2)) : 0
        let frames = Int((seconds * Double(rate)).rounded())
        let rampFrames = max(1, Int(ramp * Double(rate)))
        let peak = max(0, min(1, level)) * Double(Int16.max)
        var samples = [Int16](repeating: 0, count: frames)
        for i in 0..<frames {
            let edge = min(i, frames - 1 - i)
            let envelope = edge < rampFrames ? Double(edge) / Double(rampFrames) : 1
            samples[i] = Int16((sin(2 * Double.pi * frequency * Double(i) / Double(rate)) * peak * envelope).rounded())
        }
        return MemorySound(samples: samples, sampleRate: rate, channels: 1)
    }

    /// What `mihrab selftest` plays: 1 s of 880 Hz at 48 kHz, mono.
    public static func selftest() -> MemorySound { sine() }
}
