import HAL

/// The PCM device's side of the player thread: gain and fade, idle silence, opening the device
/// (with its back-off) and the buffers. The thread's alone, like the state it uses.
extension PlayerEngine {
    /// Volume and fade-in, in place, rounded and clamped to 16 bits.
    func applyGain(frames: Int, channels: Int, from frame: Int, fadeFrames: Int, volume: Int) {
        let amplitude = SoundGain.amplitude(volume: volume)
        if amplitude == 1 && frame >= fadeFrames { return }
        for f in 0..<frames {
            let g = amplitude * SoundGain.fade(frame: frame + f, fadeFrames: fadeFrames)
            let base = f * channels
            for c in 0..<channels {
                let v = (Double(buffer[base + c]) * g).rounded()
                buffer[base + c] = Int16(max(-32768, min(32767, v)))
            }
        }
    }

    /// Keeps a warm device fed: a chunk of silence, paced so that a device that does not
    /// block (a file, null) runs at most `silenceAhead` ahead of real time.
    func writeSilence() {
        guard let f = format else { return }
        let chunk = max(1, Int(Double(f.rate) * Self.chunkSeconds))
        if silence.count < chunk * f.channels {
            reserve(&silence, chunk * f.channels)
            silence.initialize(repeating: 0)
        }
        do {
            try device.write(UnsafeBufferPointer(silence), frames: chunk)
        } catch {
            return deviceFailed(error)
        }
        let now = clock()
        silenceUntil = max(silenceUntil, now) + Double(chunk) / Double(f.rate)
        if silenceUntil - now > Self.silenceAhead { sleep(until: silenceUntil - Self.silenceAhead / 2, now: now) }
    }

    /// Opens the device at this format unless it is open at it already; false while it is
    /// unavailable (the back-off time not reached, or this try failed).
    func ensureOpen(rate: Int, channels: Int) -> Bool {
        if device.isOpen, let f = format, f.rate == rate, f.channels == channels { return true }
        if device.isOpen {
            device.close()
            format = nil
        }
        let now = clock()
        guard backoff.mayTry(now: now) else { return false }
        do {
            try device.open(sampleRate: rate, channels: channels)
        } catch {
            opened(false, error.reason, now: now)
            return false
        }
        format = (rate, channels)
        warmFormat = (rate, channels)
        silenceUntil = -Double.infinity
        opened(true, "", now: now)
        return true
    }

    /// A write failed (unplugged): closed, and unavailable until an open succeeds again.
    func deviceFailed(_ error: SoundError) {
        device.close()
        format = nil
        opened(false, error.reason, now: clock())
    }

    func opened(_ ok: Bool, _ reason: String, now: Double) {
        if ok {
            guard backoff.succeeded() else { return }
            condition.withLock {
                available = true
                unavailableReason = ""
                retryWanted = false
            }
            log("sound device \(deviceName) available again")
        } else {
            let first = backoff.failed(now: now, reason: reason)
            condition.withLock {
                available = false
                unavailableReason = reason
                // Retried with back-off until it opens, even when nothing keeps it warm (warm_up_s = 0):
                // the loop asks `isAvailable` before it plays and would otherwise never try again.
                retryWanted = true
            }
            if first { log("\(unavailable(reason)); retrying with back-off (\(backoff.delay) s, up to \(backoff.cap) s)") }
        }
    }

    func reserve(_ b: inout UnsafeMutableBufferPointer<Int16>, _ count: Int) {
        guard b.count < count else { return }
        b.deallocate()
        b = .allocate(capacity: count)
        b.initialize(repeating: 0)
    }
}
