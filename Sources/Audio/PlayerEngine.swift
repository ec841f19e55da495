import FoundationEssentials
import Glibc
import Platform
import HAL

/// The SoundPlayer's thread and the state it shares with the caller. Shared state sits
/// under `condition`; the device, the stream and the buffers are the thread's alone.
final class PlayerEngine: @unchecked Sendable {
    // Set once.
    let device: PCMDevice
    let deviceName: String
    let open: @Sendable (String) throws(SoundError) -> SoundStream
    let clock: @Sendable () -> Double
    let keepAwake: Bool
    let onReport: @Sendable () -> Void
    let log: @Sendable (String) -> Void
    /// Chunks of this many seconds: what a stop waits for at most, before the drop.
    static let chunkSeconds = 0.02
    /// How far ahead of real time idle silence may run on a device that does not block.
    static let silenceAhead = 0.1

    // Shared, under `condition`.
    let condition = MonotonicCondition()
    var generation = 0
    var wanted: SoundRequest?
    var warmUntil = -Double.infinity
    var available = true
    var unavailableReason = ""
    /// A play was refused while the device was unavailable: try it again at the back-off
    /// time even if nothing keeps it warm.
    var retryWanted = false
    var reports: [SoundReport] = []
    var woken = false
    var stopping = false
    var started = false
    var finished = false

    // The thread's own.
    var seenGeneration = 0
    var playback: Playback?
    var format: (rate: Int, channels: Int)?
    var warmFormat = (rate: 48000, channels: 2)
    /// The format the coming sound needs (keepWarm), guarded by `condition`.
    var warmWanted: (rate: Int, channels: Int)?
    var backoff = DeviceBackoff()
    var buffer = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 0)
    var silence = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 0)
    var silenceUntil = -Double.infinity

    /// What plays: a request, its current item and that item's stream.
    struct Playback {
        let request: SoundRequest
        var index = 0
        var stream: SoundStream?
        var frame = 0
        var fadeFrames = 0
        var chunkFrames = 0
        var channels = 1
        var started = false
        var item: SoundRequest.Item { request.items[index] }
    }

    init(device: PCMDevice, open: @escaping @Sendable (String) throws(SoundError) -> SoundStream,
         clock: @escaping @Sendable () -> Double, keepAwake: Bool,
         onReport: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        self.device = device
        self.deviceName = device.name
        self.open = open
        self.clock = clock
        self.keepAwake = keepAwake
        self.onReport = onReport
        self.log = log
    }

    deinit {
        buffer.deallocate()
        silence.deallocate()
    }

    func start() {
        condition.withLock { started = true }
        startThread(name: "mihrab-sound") { [self] in run() }
    }

    // MARK: - The caller's side

    var isAvailable: Bool { condition.withLock { available } }

    func play(_ request: SoundRequest, now: Double) {
        var refused = false
        condition.withLock {
            generation += 1
            woken = true
            if request.items.isEmpty {
                wanted = nil
            } else if !available {
                wanted = nil
                retryWanted = true
                refused = true
                reports.append(SoundReport(kind: .stop, item: request.items[0], volume: request.volume, at: now,
                                           reason: .failed(unavailable(unavailableReason))))
            } else {
                wanted = request
            }
            condition.broadcast()
        }
        if refused { onReport() }
    }

    func stop() {
        condition.withLock {
            generation += 1
            wanted = nil
            woken = true
            condition.broadcast()
        }
    }

    /// `rate`, `channels`: the coming sound's, so the device is opened at its format now and
    /// not reopened when it starts (a reopen can put an HDMI sink back to sleep).
    func keepWarm(until: Double, rate: Int? = nil, channels: Int? = nil) {
        condition.withLock {
            warmUntil = until
            if let rate, let channels, rate > 0, channels > 0 { warmWanted = (rate, channels) }
            woken = true
            condition.broadcast()
        }
    }

    func takeReports() -> [SoundReport] {
        condition.withLock {
            // Nothing new: no array handed out (the loop asks every tick; no allocation).
            guard !reports.isEmpty else { return [] }
            defer { reports.removeAll(keepingCapacity: true) }
            return reports
        }
    }

    /// Stops the thread (it finishes its chunk) and waits for it; idempotent.
    func shutdown() {
        condition.withLock {
            stopping = true
            woken = true
            condition.broadcast()
            while started && !finished { condition.wait(seconds: nil) }
        }
    }

    func unavailable(_ reason: String) -> String { "sound device \(deviceName) unavailable: \(reason)" }

    // MARK: - The thread

    func run() {
        while true {
            condition.lock()
            if stopping {
                condition.unlock()
                break
            }
            woken = false
            let gen = generation, request = wanted, warm = warmUntil, retry = retryWanted, coming = warmWanted
            condition.unlock()

            if gen != seenGeneration {
                seenGeneration = gen
                replace(with: request)
            }
            if playback != nil {
                playChunk()
                continue
            }
            let now = clock()
            if keepAwake || now < warm {
                let f = coming ?? format ?? warmFormat
                if ensureOpen(rate: f.rate, channels: f.channels) {
                    writeSilence()
                } else {
                    sleep(until: backoff.nextAttempt ?? now + 1, now: now)
                }
                continue
            }
            if device.isOpen {
                device.close()
                format = nil
            }
            if retry && backoff.failing {
                if backoff.mayTry(now: now) {
                    // Success clears retryWanted; the device is closed again on the next turn.
                    _ = ensureOpen(rate: warmFormat.rate, channels: warmFormat.channels)
                    continue
                }
                sleep(until: backoff.nextAttempt ?? now + 1, now: now)
                continue
            }
            sleep(until: nil, now: now)
        }
        if device.isOpen { device.close() }
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// Waits for a command, or until `deadline` (monotonic, the player's clock).
    func sleep(until deadline: Double?, now: Double) {
        condition.lock()
        if !woken && !stopping { condition.wait(seconds: deadline.map { max(0, $0 - now) }) }
        condition.unlock()
    }

    func report(_ kind: SoundReport.Kind, _ p: Playback, _ reason: SoundReport.Reason? = nil) {
        let r = SoundReport(kind: kind, item: p.item, volume: p.request.volume, at: clock(), reason: reason)
        condition.withLock { reports.append(r) }
        onReport()
    }

    /// A new request (or a stop): what plays is cut, and what the device holds (sound or
    /// silence) dropped, so that the new sound's first sample goes out at once.
    func replace(with request: SoundRequest?) {
        if let p = playback, p.started { report(.stop, p, .stopped) }
        playback = request.map { Playback(request: $0) }
        if device.isOpen { device.drop() }
    }

    /// Ends the playback with a failure (no later item plays).
    func fail(_ p: Playback, _ reason: String) {
        report(.stop, p, .failed(reason))
        playback = nil
    }

    /// One step of playback: open the item if needed, decode a chunk, write it.
    func playChunk() {
        guard var p = playback else { return }
        if p.stream == nil {
            let stream: SoundStream
            do {
                stream = try open(p.item.sound.path)
            } catch {
                return fail(p, error.description)
            }
            let info = stream.info
            p.stream = stream
            p.frame = 0
            p.channels = info.channels
            p.chunkFrames = max(1, Int(Double(info.sampleRate) * Self.chunkSeconds))
            p.fadeFrames = Int(min(p.request.fadeIn, 3600) * Double(info.sampleRate))
            p.started = false
            reserve(&buffer, p.chunkFrames * info.channels)
            playback = p
        }
        guard let stream = p.stream else { return }
        guard ensureOpen(rate: stream.info.sampleRate, channels: p.channels) else {
            return fail(p, unavailable(backoff.reason))
        }
        let n: Int
        do {
            n = try stream.read(into: buffer, frames: p.chunkFrames)
        } catch {
            device.drop()
            return fail(p, error.description)
        }
        if n == 0 {
            device.drain()
            if !p.started { report(.start, p) }
            report(.stop, p, .ended)
            p.index += 1
            p.stream = nil
            playback = p.index < p.request.items.count ? p : nil
            return
        }
        applyGain(frames: n, channels: p.channels, from: p.frame, fadeFrames: p.fadeFrames, volume: p.request.volume)
        do {
            try device.write(UnsafeBufferPointer(buffer), frames: n)
        } catch {
            deviceFailed(error)
            return fail(p, "sound device \(deviceName) failed: \(error.reason)")
        }
        p.frame += n
        if !p.started {
            p.started = true
            playback = p
            report(.start, p)
        } else {
            playback = p
        }
    }
}
