import CAlsa
import HAL

/// An ALSA PCM as a `PCMDevice`: "default", "hw:1,0", "plughw:1", or a full definition
/// such as "file:FILE=/tmp/out.raw,FORMAT=raw". Opened for blocking S16_LE interleaved
/// writes with about `latency` seconds of buffer; a raw hw: device that refuses a sound's
/// rate or channels is reopened through alsa-lib's plug layer (`plugged` then says so).
/// Not thread-safe: one thread (the SoundPlayer's) uses it.
public final class ALSADevice: PCMDevice {
    public let name: String
    public let latency: Double
    public private(set) var plugged = false
    private var pcm: OpaquePointer?

    public init(name: String, latency: Double = 0.05) {
        self.name = name
        self.latency = max(0.005, min(2, latency))
    }

    deinit { close() }

    public var isOpen: Bool { pcm != nil }

    public func open(sampleRate: Int, channels: Int) throws(SoundError) {
        close()
        guard (1...768_000).contains(sampleRate), (1...64).contains(channels) else {
            throw SoundError(name, "cannot play \(sampleRate) Hz, \(channels) channels")
        }
        if let reason = mihrab_alsa_library_error() { throw SoundError.libraryMissing(name, "libasound", String(cString: reason)) }
        var handle: OpaquePointer?
        let r = mihrab_pcm_open(&handle, name, UInt32(sampleRate), UInt32(channels), UInt32(latency * 1e6))
        guard r >= 0, let handle else { throw SoundError(name, ALSADevice.reason(r)) }
        pcm = handle
        plugged = mihrab_pcm_plugged(handle) == 1
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundError) {
        guard let pcm else { throw SoundError(name, "not open") }
        guard frames > 0 else { return }
        let r = mihrab_pcm_write(pcm, samples.baseAddress, UInt(frames))
        if r < 0 { throw SoundError(name, ALSADevice.reason(Int32(truncatingIfNeeded: r))) }
    }

    public func drain() {
        if let pcm { _ = mihrab_pcm_drain(pcm) }
    }

    public func drop() {
        if let pcm { _ = mihrab_pcm_drop(pcm) }
    }

    public func close() {
        guard let pcm else { return }
        mihrab_pcm_close(pcm)
        self.pcm = nil
        plugged = false
    }

    /// snd_strerror's text, and what alsa-lib said about it when it said something
    /// ("No such file or directory (Unknown PCM nosuch)").
    static func reason(_ code: Int32) -> String {
        let text = String(cString: mihrab_pcm_strerror(code))
        let said = String(cString: mihrab_pcm_last_message())
        return said.isEmpty || said == text ? text : "\(text) (\(said))"
    }
}
