import Foundation
import HAL
import Synchronization

/// A PCM device that records what is done to it, can refuse to open or to write on demand,
/// and can pretend to block like a real device (sleeping `pace` times each write's duration).
final class FakePCMDevice: PCMDevice, @unchecked Sendable {
    enum Event: Equatable {
        case open(rate: Int, channels: Int)
        case openFailed
        case write(frames: Int, silent: Bool)
        case drain, drop, close
    }

    struct State {
        var events: [(event: Event, at: Double)] = []
        var samples: [Int16] = []
        var opened: (rate: Int, channels: Int)?
        var refuseOpens = false
        var failWrites = false
        var pace = 0.0
    }

    let name: String
    let state = Mutex(State())
    private let start = Date()

    init(name: String = "fake", pace: Double = 0) {
        self.name = name
        state.withLock { $0.pace = pace }
    }

    /// Seconds since the fake was made (real time, for the event log).
    var elapsed: Double { Date().timeIntervalSince(start) }

    var events: [Event] { state.withLock { $0.events.map(\.event) } }
    var timedEvents: [(event: Event, at: Double)] { state.withLock { $0.events } }
    /// Every sample written that was part of a non-silent write.
    var sound: [Int16] { state.withLock { $0.samples } }
    var refuseOpens: Bool {
        get { state.withLock { $0.refuseOpens } }
        set { state.withLock { $0.refuseOpens = newValue } }
    }
    var failWrites: Bool {
        get { state.withLock { $0.failWrites } }
        set { state.withLock { $0.failWrites = newValue } }
    }

    var isOpen: Bool { state.withLock { $0.opened != nil } }

    func open(sampleRate: Int, channels: Int) throws(SoundError) {
        let t = elapsed
        let refused = state.withLock { s -> Bool in
            if s.refuseOpens {
                s.events.append((.openFailed, t))
                return true
            }
            s.opened = (sampleRate, channels)
            s.events.append((.open(rate: sampleRate, channels: channels), t))
            return false
        }
        if refused { throw SoundError(name, "Device or resource busy") }
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundError) {
        let t = elapsed
        let (failed, pace, rate, channels) = state.withLock { s in
            (s.failWrites, s.pace, s.opened?.rate ?? 48000, s.opened?.channels ?? 1)
        }
        if failed { throw SoundError(name, "No such device") }
        let chunk = Array(samples.prefix(frames * channels))
        let silent = chunk.allSatisfy { $0 == 0 }
        state.withLock { s in
            s.events.append((.write(frames: frames, silent: silent), t))
            if !silent { s.samples += chunk }
        }
        if pace > 0 { Thread.sleep(forTimeInterval: pace * Double(frames) / Double(rate)) }
    }

    func drain() { state.withLock { $0.events.append((.drain, elapsed)) } }
    func drop() { state.withLock { $0.events.append((.drop, elapsed)) } }
    func close() {
        state.withLock {
            $0.opened = nil
            $0.events.append((.close, elapsed))
        }
    }
}

/// A clock the test moves by hand (the player's monotonic seconds).
final class ManualClock: Sendable {
    private let now = Mutex(0.0)
    func read() -> Double { now.withLock { $0 } }
    func set(_ t: Double) { now.withLock { $0 = t } }
}

/// Waits (real time, polling) until `condition` holds or `timeout` passes; whether it held.
func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let until = Date().addingTimeInterval(timeout)
    while Date() < until {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return condition()
}
