import HAL

/// The speaker over a PCM device (ALSA on a unit, a fake in tests), played from its own
/// thread: ALSA writes block, so they never run on the caller's thread or on Swift's
/// cooperative pool. Every method returns at once; what happened comes back as reports
/// (`poll`), and `onReport` is called after each one is queued, to wake the caller.
///
/// - A request's items play one after the other, each decoded in chunks of 20 ms (a stop
///   or a new request is noticed between chunks, and what is queued in the device is
///   dropped), each faded in over the request's `fadeIn`, at its volume.
/// - An item reports `.start` when its first chunk went to the device and `.stop` when it
///   ended (after the device drained), was stopped or replaced (`.stopped`), or failed
///   (`.failed`: the device or the file). A failed item that never started reports only
///   its `.stop`, and the request's later items are dropped without reports (the caller
///   sounds the buzzer instead).
/// - The device is opened when something is to be played or while it is kept warm, at the
///   sound's rate and channels (reopened when a later sound differs; the last format, at
///   first 48 kHz stereo, for warming). While warm and idle it is fed silence, so an HDMI
///   sink or an amplifier does not sleep; otherwise it is closed when idle.
/// - A device that fails to open is retried with back-off (1 s, 2 s, 4 s ... 60 s) while
///   something wants it; `isAvailable` is false from the failure until an open succeeds.
public final class SoundPlayer: SoundOutput, Sendable {
    public let deviceName: String
    private let engine: PlayerEngine

    /// - Parameters:
    ///   - open: decodes an item's file (a test or the self-test passes its own).
    ///   - clock: monotonic seconds, the same time base as the `now` and `until` the caller passes.
    ///   - keepAwake: keep the device open, fed silence, whenever nothing plays.
    ///   - onReport: called (on the player's thread, or on the caller's for an immediate
    ///     failure) after each report is queued.
    ///   - log: a line when the device becomes unavailable and when it recovers (not at every retry).
    public init(device: PCMDevice,
                open: @escaping @Sendable (String) throws(SoundError) -> SoundStream = SoundFile.open,
                clock: @escaping @Sendable () -> Double,
                keepAwake: Bool = false,
                onReport: @escaping @Sendable () -> Void = {},
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        deviceName = device.name
        engine = PlayerEngine(device: device, open: open, clock: clock, keepAwake: keepAwake, onReport: onReport, log: log)
        engine.start()
    }

    deinit { engine.shutdown() }

    /// False from a failed open of the device until an open succeeds.
    public var isAvailable: Bool { engine.isAvailable }

    /// Plays the request now, cutting whatever plays (it reports `.stopped`). While the
    /// device is unavailable nothing is tried: the first item reports a `.stop` with
    /// `.failed("sound device … unavailable: …")` at once, so that the caller can sound the
    /// buzzer, and the device is retried in the background at its next back-off time.
    public func play(_ request: SoundRequest, now: Double) { engine.play(request, now: now) }

    /// Cuts what plays within a chunk (20 ms) and drops what the device still holds.
    public func stop(now: Double) { engine.stop() }

    /// Keeps the device open, fed silence when idle, until monotonic `until` (the latest
    /// call wins).
    public func keepWarm(until: Double, now: Double, for sound: SoundInfo?) {
        engine.keepWarm(until: until, rate: sound?.sampleRate, channels: sound?.channels)
    }

    /// The reports since the last poll, oldest first.
    public func poll(now: Double) -> [SoundReport] { engine.takeReports() }

    /// Nil: the player calls `onReport` itself.
    public var nextReportTime: Double? { nil }

    /// Stops the thread and closes the device (also done when the player goes away). Not
    /// from `onReport`, which runs on that thread.
    public func shutdown() { engine.shutdown() }
}
