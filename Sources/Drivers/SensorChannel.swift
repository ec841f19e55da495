import HAL

/// Keeps one sensor going whatever the bus does. A transient error costs one poll: the
/// read is tried again (a chip keeps its configuration through a bus glitch). Three errors
/// in a row, or no new data for `staleAfter` seconds (the chip may have reset), and it is
/// re-initialised, every `retryEvery` seconds until it answers. With no successful
/// transaction for `lostAfter` seconds it is reported lost. Every error is counted.
/// Time comes from the caller.
public final class SensorChannel {
    public enum State: Equatable, Sendable {
        case uninitialized
        case ok
        /// Errors, but not for long yet.
        case failing(since: Double)
        /// Nothing has worked for `lostAfter` seconds: a sensor fault to report.
        case lost(since: Double)
    }

    public let sensor: Sensor
    public private(set) var state: State = .uninitialized
    public private(set) var errorCount = 0
    public private(set) var saturationCount = 0
    public private(set) var sampleCount = 0
    public private(set) var reinitializations = 0
    public private(set) var lastError: SensorError?
    /// The newest good sample and when it was read.
    public private(set) var latest: Triple?
    public private(set) var latestTime: Double?
    public let lostAfter: Double
    public let retryEvery: Double
    public let staleAfter: Double
    static let errorsBeforeReinit = 3

    private var needsInit = true
    private var consecutiveErrors = 0
    private var lastSuccess: Double?
    private var nextRetry = -Double.infinity
    private var initializedAt = 0.0

    public init(sensor: Sensor, lostAfter: Double = 0.5, retryEvery: Double = 0.1, staleAfter: Double = 0.5) {
        self.sensor = sensor
        self.lostAfter = lostAfter
        self.retryEvery = retryEvery
        self.staleAfter = staleAfter
    }

    public var isHealthy: Bool { state == .ok }
    public var isLost: Bool { if case .lost = state { true } else { false } }

    /// One poll at time `now` (seconds, monotonic): a new sample, or nil (none ready, or an error).
    @discardableResult
    public func poll(now: Double) -> Triple? {
        if !needsInit, state == .ok, now - max(latestTime ?? initializedAt, initializedAt) > staleAfter {
            needsInit = true  // no new data for too long: start the chip again
        }
        if needsInit {
            guard now >= nextRetry else {
                escalate(now)
                return nil
            }
            nextRetry = now + retryEvery
            do {
                try sensor.initialize()
                if state != .uninitialized { reinitializations += 1 }
                needsInit = false
                initializedAt = now
                succeeded(now)
            } catch {
                failed(error, now)
                return nil
            }
        }
        do {
            let sample = try sensor.read()
            succeeded(now)
            guard let sample else { return nil }
            sampleCount += 1
            latest = sample
            latestTime = now
            return sample
        } catch {
            if case .saturated = error {
                // The chip works; this sample is out of range. Count it and carry on.
                saturationCount += 1
                lastError = error
                succeeded(now)
                return nil
            }
            failed(error, now)
            return nil
        }
    }

    private func succeeded(_ now: Double) {
        consecutiveErrors = 0
        lastSuccess = now
        state = .ok
    }

    private func failed(_ error: SensorError, _ now: Double) {
        errorCount += 1
        consecutiveErrors += 1
        lastError = error
        var identityChanged = false
        if case .wrongIdentity = error { identityChanged = true }
        if consecutiveErrors >= SensorChannel.errorsBeforeReinit || identityChanged { needsInit = true }
        if case .ok = state { state = .failing(since: now) }
        if case .uninitialized = state { state = .failing(since: now) }
        escalate(now)
    }

    private func escalate(_ now: Double) {
        guard case .failing(let since) = state else { return }
        if now - (lastSuccess ?? since) >= lostAfter { state = .lost(since: since) }
    }
}
