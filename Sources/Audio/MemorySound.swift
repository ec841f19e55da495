import HAL

/// A sound already in memory (a generated tone, a test's samples), read like a file.
public final class MemorySound: SoundStream {
    public let info: SoundInfo
    /// Interleaved samples.
    public let samples: [Int16]
    private var position = 0

    /// `samples` interleaved, `channels` per frame (a trailing partial frame is ignored).
    public init(samples: [Int16], sampleRate: Int, channels: Int, path: String = "") {
        let channels = max(1, channels)
        self.samples = samples
        self.info = SoundInfo(path: path, sampleRate: sampleRate, channels: channels, frames: samples.count / channels)
    }

    public func read(into buffer: UnsafeMutableBufferPointer<Int16>, frames: Int) throws(SoundError) -> Int {
        let channels = info.channels
        let n = max(0, min(frames, buffer.count / channels, info.frames - position))
        guard n > 0, let destination = buffer.baseAddress else { return 0 }
        samples.withUnsafeBufferPointer { s in
            if let source = s.baseAddress {
                destination.update(from: source + position * channels, count: n * channels)
            }
        }
        position += n
        return n
    }
}
