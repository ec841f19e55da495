import CSndfile
import HAL

#if canImport(Glibc)
import Glibc
import Platform
#endif

/// Sound files (WAV, FLAC, MP3, Ogg: whatever libsndfile reads), decoded to 16-bit
/// interleaved samples in chunks.
public enum SoundFile {
    /// Opens a file for decoding. The stream's `info.frames` is what the header announces
    /// (0 when it does not know).
    public static func open(_ path: String) throws(SoundError) -> SoundStream {
        try SndfileStream(path: path)
    }

    /// The file's shape, after decoding it once to the end (a truncated or corrupt file
    /// fails here, with the reason). `frames` is the count decoded. The container's claims
    /// are checked first (`SoundContainer`): libsndfile plays a cut WAV as far as it goes.
    public static func probe(_ path: String) throws(SoundError) -> SoundInfo {
        let stream = try SndfileStream(path: path)
        try SoundContainer.check(path)
        let info = stream.info
        let chunk = max(1, info.sampleRate / 10)
        let buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: chunk * info.channels)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let n = try stream.read(into: buffer, frames: chunk)
            if n == 0 { break }
            total += n
        }
        if stream.headerKnowsFrames && total != info.frames {
            throw SoundError(path, SoundContainer.mismatch(header: info.frames, decoded: total, rate: info.sampleRate))
        }
        if total == 0 { throw SoundError(path, "no sound in it (0 frames)") }
        return SoundInfo(path: path, sampleRate: info.sampleRate, channels: info.channels, frames: total)
    }
}

/// A file open in libsndfile, read in chunks.
final class SndfileStream: SoundStream {
    let info: SoundInfo
    let headerKnowsFrames: Bool
    private let file: OpaquePointer
    private var decoded = 0

    init(path: String) throws(SoundError) {
        if let reason = mihrab_sndfile_library_error() { throw SoundError.libraryMissing(path, "libsndfile", String(cString: reason)) }
        var errNo: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let opened = message.withUnsafeMutableBufferPointer { m in
            mihrab_sndfile_open(path, &errNo, m.baseAddress, m.count)
        }
        guard let file = opened else {
            switch errNo {
            case 0:
                let why = stringFromCBuffer(message)
                throw SoundError(path, "not a sound file libsndfile can read (\(why))")
            case ENOENT: throw SoundError(path, "no such file")
            case EISDIR: throw SoundError(path, "is a directory, not a sound file")
            case ENODEV: throw SoundError(path, "not a regular file (a FIFO, a socket or a device is never read)")
            case EACCES: throw SoundError(path, "permission denied")
            default: throw SoundError(path, "cannot open: \(String(cString: strerror(errNo)))")
            }
        }
        let rate = Int(mihrab_sndfile_rate(file))
        let channels = Int(mihrab_sndfile_channels(file))
        guard rate > 0, channels > 0 else {
            mihrab_sndfile_close(file)
            throw SoundError(path, "not a sound file libsndfile can read (\(rate) Hz, \(channels) channels)")
        }
        let frames = mihrab_sndfile_frames(file)
        self.file = file
        self.headerKnowsFrames = frames >= 0
        self.info = SoundInfo(path: path, sampleRate: rate, channels: channels, frames: frames >= 0 ? Int(frames) : 0)
    }

    deinit { mihrab_sndfile_close(file) }

    func read(into buffer: UnsafeMutableBufferPointer<Int16>, frames: Int) throws(SoundError) -> Int {
        let frames = min(frames, buffer.count / info.channels)
        guard frames > 0, let base = buffer.baseAddress else { return 0 }
        let n = mihrab_sndfile_read_short(file, base, Int64(frames))
        if n < 0 {
            throw SoundError(info.path, "decoding failed after \(decoded) frames (\(String(cString: mihrab_sndfile_error(file))))")
        }
        decoded += Int(n)
        return Int(n)
    }
}
