/// A sound file's shape, from its header (and checked by decoding it once when the
/// configuration is loaded, so a broken file is found then, not at prayer time).
public struct SoundInfo: Sendable, Equatable {
    /// The file's absolute path ("" for a generated sound, e.g. the self-test tone).
    public let path: String
    public let sampleRate: Int
    public let channels: Int
    public let frames: Int

    public init(path: String, sampleRate: Int, channels: Int, frames: Int) {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        self.frames = frames
    }

    /// Seconds.
    public var duration: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }
}

/// What to play now: files one after the other (the adhan, then the dua), at a volume,
/// each faded in over `fadeIn` seconds.
public struct SoundRequest: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public let sound: SoundInfo
        /// What it is for: "adhan", "dua", "reminder", "iqamah", "sunrise", "test", "play".
        public let event: String
        public let prayer: String?
        public init(sound: SoundInfo, event: String, prayer: String?) {
            self.sound = sound
            self.event = event
            self.prayer = prayer
        }
    }

    public let items: [Item]
    /// 0-100 (see `SoundGain`).
    public let volume: Int
    public let fadeIn: Double

    public init(items: [Item], volume: Int, fadeIn: Double) {
        self.items = items
        self.volume = max(0, min(100, volume))
        self.fadeIn = max(0, fadeIn)
    }
}

/// A sound that started or stopped, reported by the output with its monotonic time.
public struct SoundReport: Sendable, Equatable {
    public enum Kind: String, Sendable { case start, stop }
    public enum Reason: Sendable, Equatable {
        /// Played to its end.
        case ended
        /// `stop()` (the button, or a new request replacing it).
        case stopped
        /// The device failed (missing, unplugged, busy) or the file did not decode.
        case failed(String)
    }

    public let kind: Kind
    public let item: SoundRequest.Item
    public let volume: Int
    /// Start: when the first sample was handed to the device. Stop: when the last was,
    /// or when it was cut.
    public let at: Double
    /// Stops only.
    public let reason: Reason?

    public init(kind: Kind, item: SoundRequest.Item, volume: Int, at: Double, reason: Reason? = nil) {
        self.kind = kind
        self.item = item
        self.volume = volume
        self.at = at
        self.reason = reason
    }
}

/// The speaker. The loop only says "play this now", "stop", "be ready by then"; the
/// output does the work elsewhere (its own thread, or virtual time in the simulation)
/// and never blocks the caller. Times are the caller's monotonic seconds.
public protocol SoundOutput: AnyObject {
    /// The device as configured ("default", "hw:1,0", "simulated").
    var deviceName: String { get }
    /// False while the device is missing or busy (opening is retried with back-off): the
    /// caller sounds the buzzer instead, so nothing is ever silent.
    var isAvailable: Bool { get }
    /// Plays the request now, cutting whatever plays.
    func play(_ request: SoundRequest, now: Double)
    /// Stops what plays (nothing playing: nothing happens).
    func stop(now: Double)
    /// Opens the device (if closed) and keeps it open, writing silence, until monotonic
    /// `until`, so that a sleeping HDMI sink or amplifier is awake when a sound starts;
    /// opened at `sound`'s format (when given), so that it is not reopened when it starts.
    func keepWarm(until: Double, now: Double, for sound: SoundInfo?)
    /// The starts and stops since the last poll, oldest first.
    func poll(now: Double) -> [SoundReport]
    /// When the next report is due, when the output knows it in advance (the simulation:
    /// the end of what plays); nil otherwise (a real output wakes the loop itself).
    var nextReportTime: Double? { get }
}

/// A decoded sound, read in chunks (a four-minute adhan is never all in memory).
public protocol SoundStream: AnyObject {
    var info: SoundInfo { get }
    /// Reads up to `frames` frames of interleaved 16-bit samples into `buffer` (which
    /// holds at least frames * channels); returns the frames read, 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Int16>, frames: Int) throws(SoundError) -> Int
}

/// An ALSA PCM, or a stand-in in tests: opened for 16-bit interleaved playback.
public protocol PCMDevice: AnyObject {
    var name: String { get }
    /// Opens for playback; the device (or ALSA's plug layer) converts rate and channels.
    func open(sampleRate: Int, channels: Int) throws(SoundError)
    /// Writes interleaved frames, blocking while the device's buffer is full.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundError)
    /// Waits until what was written has played.
    func drain()
    /// Discards what was written and not yet played (the device stays open).
    func drop()
    func close()
    var isOpen: Bool { get }
}

public struct SoundError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or device.
    public let subject: String
    public let reason: String
    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }
    public var description: String { "\(subject): \(reason)" }

    /// The library behind the file or device (libsndfile, libasound) could not be opened
    /// (dlopen, on first use): the loader's one line.
    public static func libraryMissing(_ subject: String, _ library: String, _ loaderReason: String) -> SoundError {
        SoundError(subject, "\(library) cannot be loaded: \(loaderReason)")
    }
}

/// Volume 0-100 to an amplitude factor: a square law (50 is a quarter of the amplitude,
/// -12 dB), close to how loud people hear it; 100 leaves the samples as they are.
public enum SoundGain {
    public static func amplitude(volume: Int) -> Double {
        let v = Double(max(0, min(100, volume))) / 100
        return v * v
    }

    /// The factor for the frame `frame` of a sound faded in over `fadeFrames` (linear).
    public static func fade(frame: Int, fadeFrames: Int) -> Double {
        fadeFrames <= 0 || frame >= fadeFrames ? 1 : Double(frame) / Double(fadeFrames)
    }
}
