import CClock
import Drivers
import FoundationEssentials
import Glibc
import Platform
import Dispatch
import Service
import Synchronization
import HAL
import UnitModel

/// A board's displays kept up to date on a thread of their own (they share a bus): it wakes at each publication of
/// the screen feed (once a second, and at once after anything the loop did), renders the
/// newest model and sends what changed, at most `maxRate` times a second. Never on the
/// loop's thread, and the loop never waits for it: a slow or missing display costs the
/// loop nothing. A bus error is logged once, then retried every `retrySeconds`.
public final class PanelOutput: @unchecked Sendable {
    // @unchecked: the drivers (and their bus) are touched only on the display thread once
    // started; the rest is immutable or behind a Mutex.
    private let drivers: [PanelDriver]
    private let feed: ScreenFeed
    private let waker = LoopWaker()
    private let state = Mutex<(started: Bool, stopping: Bool)>((false, false))
    private let finished = DispatchSemaphore(value: 0)
    private let minInterval: Double
    private let retrySeconds: Double
    private let log: @Sendable (String) -> Void
    public let labels: [String]
    /// Passes that showed the newest content on at least one display (each sends only the
    /// pages or characters that changed; a display waiting for its retry is skipped).
    public var renders: Int { rendered.withLock { $0 } }
    private let rendered = Mutex(0)
    /// Per display: shown at least once, and the error it is failing with.
    private let health: Mutex<[(shown: Int, problem: String?)]>

    /// For status.json: each display's state after the thread's last pass.
    public func status() -> [StatusReport.Display] {
        let h = health.withLock { $0 }
        return labels.indices.map { i in
            StatusReport.Display(display: labels[i], state: h[i].problem != nil ? .failing : (h[i].shown > 0 ? .ok : .waiting),
                                 problem: h[i].problem, renders: h[i].shown)
        }
    }

    public init(drivers: [PanelDriver], feed: ScreenFeed, maxRate: Double = 4, retrySeconds: Double = 5,
                log: @escaping @Sendable (String) -> Void) {
        labels = drivers.map(\.display.label)
        health = Mutex(Array(repeating: (0, nil), count: drivers.count))
        self.drivers = drivers
        self.feed = feed
        minInterval = 1 / max(0.1, maxRate)
        self.retrySeconds = retrySeconds
        self.log = log
    }

    /// Starts the thread; once only, and not after `stop`.
    public func start() {
        let fresh = state.withLock { s -> Bool in
            defer { s.started = true }
            return !s.started && !s.stopping
        }
        guard fresh else { return }
        let waker = self.waker
        feed.onPublish { waker.wake() }
        startThread(name: "mihrab-display") { [self] in run() }
    }

    /// Ends the thread (within a pass), leaving the display dark or saying so.
    /// Again: returns at once.
    public func stop() {
        let (first, started) = state.withLock { s -> (Bool, Bool) in
            defer { s.stopping = true }
            return (!s.stopping, s.started)
        }
        guard first else { return }
        waker.wake()
        if started { _ = finished.wait(timeout: .now() + 3) }
    }

    private var stopping: Bool { state.withLock { $0.stopping } }

    /// What an adapter without I2C-block writes means for an OLED.
    private func hint(_ error: DisplayError) -> String {
        if case .bus(let e) = error, e.kind == .unsupported {
            return " (an OLED needs plain I2C or SMBus I2C-block writes; this adapter has neither)"
        }
        return ""
    }

    private func run() {
        var lastSent = -Double.infinity
        // Per display: since when it has been failing.
        var failingSince = [Double?](repeating: nil, count: labels.count)
        var shownSequence: UInt64 = 0
        while !stopping {
            let now = monotonicSeconds()
            let published = feed.read()
            let retry = failingSince.compactMap { $0 }.min().map { $0 + retrySeconds }
            let due = published.sequence != shownSequence || (retry.map { now >= $0 } ?? false)
            guard due, let input = published.input else {
                waker.sleep(untilMonotonic: min(retry ?? .infinity, now + 5))
                continue
            }
            // Rate limit: the newest model is taken after the pause, not the one that woke us.
            if now - lastSent < minInterval {
                waker.sleep(untilMonotonic: lastSent + minInterval)
                continue
            }
            let model = ScreenModel.at(published.wall, input)
            shownSequence = published.sequence
            lastSent = now
            let content = PanelContent(model)
            var shown = false
            let results = drivers.indices.map { i -> DisplayError? in
                // A failing display is tried again only every `retrySeconds`.
                if let since = failingSince[i], now - since < retrySeconds { return nil }
                shown = true
                do throws(DisplayError) { try drivers[i].show(content) } catch { return error }
                return nil
            }
            if shown { rendered.withLock { $0 += 1 } }
            health.withLock { h in
                for (i, error) in results.enumerated() {
                    if let error {
                        h[i].problem = "\(error)"
                    } else if failingSince[i].map({ now - $0 >= retrySeconds }) ?? true {
                        h[i].problem = nil
                        h[i].shown += 1
                    }
                }
            }
            for (i, error) in results.enumerated() {
                if let error {
                    if failingSince[i] == nil { log("display \(labels[i]): \(error)\(hint(error)); retrying every \(Int(retrySeconds)) s") }
                    failingSince[i] = now
                } else if let since = failingSince[i], now - since >= retrySeconds {
                    log("display \(labels[i]): back")
                    failingSince[i] = nil
                }
            }
        }
        for d in drivers { d.stopped() }
        finished.signal()
    }
}

/// `[[displays]]` as an output of the run's table: the thread starts with the hub; each
/// display is a row of status.json's `outputs` and of its `displays`.
extension PanelOutput: OutputPlugin {
    public var name: String { "displays" }

    public func start(_ hub: SnapshotHub) { start() }

    public func status(into report: inout StatusReport) {
        let displays = status()
        report.displays = displays
        for d in displays {
            report.add(.init(name: d.display, kind: .display, state: OutputState(display: d.state), problem: d.problem))
        }
    }
}
