import HAL

/// A speaker in virtual time: what was played, when, how loud, and when it stopped, each
/// sound lasting exactly its file's duration. It can be made unavailable (no sound card)
/// to test the fallback to the buzzer.
public final class SimulatedSound: SoundOutput {
    public struct Played: Sendable, Equatable {
        public let item: SoundRequest.Item
        public let volume: Int
        public let fadeIn: Double
        public let start: Double
        /// When it stopped (cut or ended); nil while it plays.
        public internal(set) var stop: Double?
        public internal(set) var reason: SoundReport.Reason?
    }

    public let deviceName: String
    public var isAvailable = true
    /// A device that hangs (a stalled USB or HDMI sink): a play is taken and never starts.
    public var hangs = false
    /// Everything played, oldest first (at most `keep`).
    public private(set) var played: [Played] = []
    /// The times the device was asked to stay warm until, with when it was asked.
    public private(set) var warmed: [(asked: Double, until: Double)] = []
    public let keep: Int
    /// A file that fails when played (deleted since the config was checked, unreadable):
    /// returns the reason, nil when it plays.
    public var failure: (SoundRequest.Item) -> String? = { _ in nil }
    private var queue: [SoundRequest.Item] = []
    private var current: (index: Int, request: SoundRequest, ends: Double)?
    private var reports: [SoundReport] = []

    public init(deviceName: String = "simulated", keep: Int = 1024) {
        self.deviceName = deviceName
        self.keep = max(1, keep)
    }

    public func play(_ request: SoundRequest, now: Double) {
        advance(to: now)
        cut(at: now)
        guard isAvailable else {
            if let first = request.items.first {
                reports.append(SoundReport(kind: .stop, item: first, volume: request.volume, at: now,
                                           reason: .failed("device \(deviceName) unavailable")))
            }
            return
        }
        guard !hangs else { return }
        queue = Array(request.items.dropFirst())
        if let first = request.items.first { begin(first, request, at: now) }
    }

    public func stop(now: Double) {
        advance(to: now)
        cut(at: now)
        queue = []
    }

    public func keepWarm(until: Double, now: Double, for sound: SoundInfo?) {
        warmed.append((now, until))
        if warmed.count > keep { warmed.removeFirst() }
    }

    public func poll(now: Double) -> [SoundReport] {
        advance(to: now)
        defer { reports.removeAll() }
        return reports
    }

    public var nextReportTime: Double? { current?.ends }

    /// Whether something plays now.
    public var isPlaying: Bool { current != nil }

    private func begin(_ item: SoundRequest.Item, _ request: SoundRequest, at t: Double) {
        if let why = failure(item) {
            reports.append(SoundReport(kind: .stop, item: item, volume: request.volume, at: t, reason: .failed(why)))
            queue = []
            return
        }
        played.append(Played(item: item, volume: request.volume, fadeIn: request.fadeIn, start: t))
        if played.count > keep { played.removeFirst() }
        current = (played.count - 1, request, t + item.sound.duration)
        reports.append(SoundReport(kind: .start, item: item, volume: request.volume, at: t))
    }

    /// Ends what finished by `t`, starting the next item of the request at each end.
    private func advance(to t: Double) {
        while let c = current, c.ends <= t {
            finish(c.index, at: c.ends, .ended)
            current = nil
            if !queue.isEmpty { begin(queue.removeFirst(), c.request, at: c.ends) }
        }
    }

    private func cut(at t: Double) {
        guard let c = current else { return }
        finish(c.index, at: t, .stopped)
        current = nil
    }

    private func finish(_ i: Int, at t: Double, _ reason: SoundReport.Reason) {
        if played.indices.contains(i) {
            played[i].stop = t
            played[i].reason = reason
        }
        let p = played[min(i, played.count - 1)]
        reports.append(SoundReport(kind: .stop, item: p.item, volume: p.volume, at: t, reason: reason))
    }
}

/// A push button pressed at scripted monotonic times (a simulated installer).
public final class ScriptedButton: ButtonInput {
    public let name = "scripted"
    private var edges: [ButtonEdge]
    /// A press at the start (monotonic 0 or before) is down when the unit starts.
    public let pressedAtStart: Bool

    /// Presses as (monotonic start, seconds held).
    public init(presses: [(at: Double, held: Double)]) {
        edges = presses.flatMap { [ButtonEdge(pressed: true, at: $0.at), ButtonEdge(pressed: false, at: $0.at + $0.held)] }
            .sorted { $0.at < $1.at }
        pressedAtStart = presses.contains { $0.at <= 0 && $0.held > 0 }
    }

    public func poll(now: Double) -> [ButtonEdge] {
        let due = edges.prefix { $0.at <= now }
        edges.removeFirst(due.count)
        return Array(due)
    }

    public var nextTime: Double? { edges.first?.at }
}
