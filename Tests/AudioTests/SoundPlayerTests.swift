@testable import Audio
import Foundation
import HAL
import Synchronization
import Testing

/// The sounds the tests play, by path: sines of different pitches, so that each is known.
func testSound(_ path: String) throws(SoundError) -> SoundStream {
    func sine(_ seconds: Double, _ rate: Int, _ channels: Int, _ frequency: Double) -> MemorySound {
        let frames = Int(seconds * Double(rate))
        var s = [Int16](repeating: 0, count: frames * channels)
        for i in 0..<frames {
            let v = Int16((12000 * sin(2 * Double.pi * frequency * Double(i) / Double(rate))).rounded())
            for c in 0..<channels { s[i * channels + c] = c == 0 ? v : v / 2 }
        }
        return MemorySound(samples: s, sampleRate: rate, channels: channels, path: path)
    }
    switch path {
    case "a": return sine(0.5, 48000, 1, 440)
    case "b": return sine(0.3, 48000, 1, 660)
    case "long": return sine(10, 48000, 1, 550)
    case "stereo": return sine(0.2, 44100, 2, 330)
    default: throw SoundError(path, "no such file")
    }
}

func item(_ path: String, event: String = "adhan") -> SoundRequest.Item {
    let info = (try? testSound(path).info) ?? SoundInfo(path: path, sampleRate: 48000, channels: 1, frames: 0)
    return SoundRequest.Item(sound: info, event: event, prayer: "fajr")
}

func samples(of path: String) -> [Int16] {
    guard let s = try? testSound(path) as? MemorySound else { return [] }
    return s.samples
}

/// What the player's callbacks saw.
final class Callbacks: Sendable {
    let reportCalls = Mutex(0)
    let logLines = Mutex([String]())
}

/// A player over a fake device, its reports gathered as they come.
final class PlayerHarness {
    let device: FakePCMDevice
    let clock = ManualClock()
    let callbacks = Callbacks()
    private(set) var reports: [SoundReport] = []
    let player: SoundPlayer

    /// `manualClock`: the player's clock is `clock`, moved by hand; otherwise the fake's real seconds.
    init(pace: Double = 0, manualClock: Bool = false, keepAwake: Bool = false) {
        device = FakePCMDevice(pace: pace)
        let device = device, clock = clock, callbacks = callbacks
        let open: @Sendable (String) throws(SoundError) -> SoundStream = { path throws(SoundError) in try testSound(path) }
        let now: @Sendable () -> Double
        if manualClock {
            now = { clock.read() }
        } else {
            now = { device.elapsed }
        }
        player = SoundPlayer(device: device, open: open, clock: now, keepAwake: keepAwake,
                             onReport: { callbacks.reportCalls.withLock { $0 += 1 } },
                             log: { line in callbacks.logLines.withLock { $0.append(line) } })
    }

    /// Waits until `count` reports have come (5 s at most); all of them so far.
    @discardableResult
    func waitReports(_ count: Int, timeout: Double = 5) -> [SoundReport] {
        _ = eventually(timeout: timeout) {
            reports += player.poll(now: 0)
            return reports.count >= count
        }
        return reports
    }

    var logs: [String] { callbacks.logLines.withLock { $0 } }
    func openAttempts() -> Int { device.events.filter { $0 == .openFailed || { if case .open = $0 { true } else { false } }($0) }.count }
}

/// Where two sample arrays first differ ("" when equal): short, so that a failure does not
/// print both arrays whole.
func difference(_ got: [Int16], _ want: [Int16], tolerance: Int = 0) -> String {
    if let i = (0..<min(got.count, want.count)).first(where: { abs(Int(got[$0]) - Int(want[$0])) > tolerance }) {
        return "sample \(i): \(got[i]), want \(want[i])"
    }
    return got.count == want.count ? "" : "\(got.count) samples, want \(want.count)"
}

func summary(_ r: SoundReport) -> String {
    let reason: String = switch r.reason {
    case .ended?: " ended"
    case .stopped?: " stopped"
    case .failed(let why)?: " failed: \(why)"
    case nil: ""
    }
    return "\(r.kind.rawValue) \(r.item.sound.path)\(reason)"
}

@Suite("SoundPlayer over a fake PCM device")
struct SoundPlayerTests {
    @Test("items play in turn: start, then ended after the drain; the samples reach the device unchanged at volume 100, in chunks of 20 ms; closed when idle")
    func playsInOrder() {
        let h = PlayerHarness()
        h.player.play(SoundRequest(items: [item("a"), item("b", event: "dua")], volume: 100, fadeIn: 0), now: 0)
        let reports = h.waitReports(4)
        #expect(reports.map(summary) == ["start a", "stop a ended", "start b", "stop b ended"])
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.at <= $1.at })
        #expect(reports.map(\.item.event) == ["adhan", "adhan", "dua", "dua"])
        #expect(h.callbacks.reportCalls.withLock { $0 } == 4)
        #expect(difference(h.device.sound, samples(of: "a") + samples(of: "b")) == "")
        #expect(eventually { h.device.events.last == .close })
        let events = h.device.events
        #expect(events.first == .open(rate: 48000, channels: 1))
        #expect(events.filter { $0 == .open(rate: 48000, channels: 1) }.count == 1)
        #expect(events.filter { $0 == .drain }.count == 2)
        let chunks = events.compactMap { if case .write(let f, _) = $0 { f } else { nil } }
        #expect(chunks.allSatisfy { $0 <= 960 } && chunks.reduce(0, +) == 24000 + 14400)
        #expect(h.player.isAvailable)
    }

    @Test("volume 50 and a fade-in: every sample is the source times 0.25 times the ramp, rounded; each item fades in")
    func volumeAndFade() {
        let h = PlayerHarness()
        h.player.play(SoundRequest(items: [item("a"), item("b")], volume: 50, fadeIn: 0.1), now: 0)
        #expect(h.waitReports(4).map(summary) == ["start a", "stop a ended", "start b", "stop b ended"])
        func expected(_ source: [Int16]) -> [Int16] {
            source.enumerated().map { i, x in Int16((Double(x) * 0.25 * min(1, Double(i) / 4800)).rounded()) }
        }
        let want = expected(samples(of: "a")) + expected(samples(of: "b"))
        let got = h.device.sound
        #expect(difference(got, want) == "")
        #expect(got.count == 38400 && got[0] == 0 && got[24000] == 0)  // each item starts from silence
    }

    @Test("stop cuts between chunks (within a chunk, 20 ms) and drops what the device holds")
    func stopCuts() {
        let h = PlayerHarness(pace: 1)
        h.player.play(SoundRequest(items: [item("long")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(1).map(summary) == ["start long"])
        Thread.sleep(forTimeInterval: 0.1)
        let stopAt = h.device.elapsed
        h.player.stop(now: 0)
        let reports = h.waitReports(2)
        #expect(reports.map(summary) == ["start long", "stop long stopped"])
        let timed = h.device.timedEvents
        let drop = timed.first { $0.event == .drop && $0.at >= stopAt }
        #expect(drop != nil)
        if let drop {
            // Between chunks: at most the chunk already being read goes out after the stop.
            #expect(timed.filter { if case .write = $0.event { $0.at > stopAt } else { false } }.count <= 1)
            // About 20 ms here; generous, since these tests share the CPUs with others.
            #expect(drop.at - stopAt < 0.25, "drop \(drop.at - stopAt) s after stop")
            #expect(reports[1].at >= stopAt && reports[1].at <= drop.at)
        }
        #expect(eventually { h.device.events.last == .close })
        #expect(h.device.sound.count < 48000)  // well short of its 10 s
    }

    @Test("a new request replaces what plays: stopped for it, the device dropped, the new one's first chunk goes out next")
    func replace() {
        let h = PlayerHarness(pace: 1)
        h.player.play(SoundRequest(items: [item("long")], volume: 100, fadeIn: 0), now: 0)
        h.waitReports(1)
        Thread.sleep(forTimeInterval: 0.06)
        h.player.play(SoundRequest(items: [item("b")], volume: 100, fadeIn: 0), now: 0)
        let reports = h.waitReports(4)
        #expect(reports.map(summary) == ["start long", "stop long stopped", "start b", "stop b ended"])
        let timed = h.device.timedEvents
        guard let drop = timed.firstIndex(where: { $0.event == .drop }) else {
            Issue.record("no drop")
            return
        }
        #expect(timed[drop].at >= reports[1].at && timed[drop].at <= reports[2].at)
        // After the drop, b's samples and nothing else.
        let b = samples(of: "b")
        #expect(h.device.sound.suffix(b.count).elementsEqual(b))
        #expect(!timed[drop...].contains { $0.event == .open(rate: 48000, channels: 1) })  // no reopen: same format
    }

    @Test("warmed for a sound: opened at its format, so it plays without a reopen (a reopen can put an HDMI sink back to sleep)")
    func warmAtComingFormat() {
        let h = PlayerHarness(pace: 1)
        let b = item("b")
        h.player.keepWarm(until: h.device.elapsed + 30, now: 0, for: b.sound)
        #expect(eventually { h.device.events.filter { $0 == .write(frames: 960, silent: true) }.count >= 3 })
        #expect(h.device.events.first == .open(rate: b.sound.sampleRate, channels: b.sound.channels))
        h.player.play(SoundRequest(items: [b], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(2).map(summary) == ["start b", "stop b ended"])
        #expect(h.device.events.filter { if case .open = $0 { return true } else { return false } }.count == 1, "one open, no reopen")
    }

    @Test("while warm: silence in chunks; a play drops the queued silence before its first sample; silence again after it")
    func warmThenPlay() {
        let h = PlayerHarness(pace: 1)
        h.player.keepWarm(until: h.device.elapsed + 30, now: 0, for: nil)
        #expect(eventually { h.device.events.filter { $0 == .write(frames: 960, silent: true) }.count >= 3 })
        #expect(h.device.events.first == .open(rate: 48000, channels: 2))  // before any sound: 48 kHz stereo
        h.player.play(SoundRequest(items: [item("b")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(2).map(summary) == ["start b", "stop b ended"])
        #expect(eventually { h.device.events.suffix(2) == [.write(frames: 960, silent: true), .write(frames: 960, silent: true)] })
        var events = h.device.events
        guard let firstSound = events.firstIndex(where: { $0 == .write(frames: 960, silent: false) }) else {
            Issue.record("no sound written")
            return
        }
        // The silence dropped, the device reopened at b's format (mono), b's first chunk next.
        #expect(Array(events[(firstSound - 4)..<firstSound]) ==
                [.write(frames: 960, silent: true), .drop, .close, .open(rate: 48000, channels: 1)])
        // Warm at b's format now: the next sound's first chunk follows the drop directly.
        let before = events.count
        h.player.play(SoundRequest(items: [item("a")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(4).map(summary).suffix(2) == ["start a", "stop a ended"])
        events = h.device.events
        guard let firstOfA = events[before...].firstIndex(where: { $0 == .write(frames: 960, silent: false) }) else {
            Issue.record("a not written")
            return
        }
        #expect(events[firstOfA - 1] == .drop && events[firstOfA - 2] == .write(frames: 960, silent: true))
        #expect(!events[before...].contains { if case .open = $0 { true } else { false } })
        h.player.keepWarm(until: 0, now: 0, for: nil)
        #expect(eventually { h.device.events.last == .close })
    }

    @Test("keepWarm: silence until `until`, then closed; keepAwake: open whenever idle")
    func keepWarmCloses() {
        let h = PlayerHarness(manualClock: true)
        h.player.keepWarm(until: 1, now: 0, for: nil)
        #expect(eventually { h.device.events.filter { $0 == .write(frames: 960, silent: true) }.count >= 3 })
        #expect(h.device.isOpen)
        h.clock.set(0.99)
        h.player.keepWarm(until: 1, now: 0.99, for: nil)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(h.device.isOpen)
        h.clock.set(1.01)
        h.player.keepWarm(until: 1, now: 1.01, for: nil)
        #expect(eventually { h.device.events.last == .close })
        #expect(h.device.sound.isEmpty)

        let awake = PlayerHarness(pace: 1, keepAwake: true)
        #expect(eventually { awake.device.events.filter { $0 == .write(frames: 960, silent: true) }.count >= 3 })
        awake.player.shutdown()
        #expect(awake.device.events.last == .close)
        let n = awake.device.events.count
        Thread.sleep(forTimeInterval: 0.05)
        #expect(awake.device.events.count == n)  // the thread has ended
    }

    @Test("a device that cannot be opened: failed at once, unavailable, retried after 1, 2, 4, 8 s while warm, logged once each way")
    func backoff() {
        let h = PlayerHarness(manualClock: true)
        h.device.refuseOpens = true
        h.player.play(SoundRequest(items: [item("a"), item("b")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(1).map(summary) == ["stop a failed: sound device fake unavailable: Device or resource busy"])
        #expect(!h.player.isAvailable)
        #expect(h.logs.count == 1 && h.logs.first?.hasPrefix("sound device fake unavailable: Device or resource busy") == true)
        // While unavailable, a play fails before the call returns (the caller sounds the buzzer).
        h.player.play(SoundRequest(items: [item("b")], volume: 70, fadeIn: 0), now: 0.2)
        let immediate = h.player.poll(now: 0.2)
        #expect(immediate.map(summary) == ["stop b failed: sound device fake unavailable: Device or resource busy"])
        #expect(immediate.first?.at == 0.2 && immediate.first?.volume == 70)

        h.player.keepWarm(until: 100, now: 0.5, for: nil)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(h.openAttempts() == 1)  // not before 1 s
        for (t, attempts) in [(1.0, 2), (2.9, 2), (3.0, 3), (6.9, 3), (7.0, 4), (14.9, 4), (15.0, 5)] {
            h.clock.set(t)
            h.player.keepWarm(until: 100, now: t, for: nil)
            if attempts > h.openAttempts() {
                #expect(eventually { h.openAttempts() == attempts }, "at \(t) s")
            } else {
                Thread.sleep(forTimeInterval: 0.05)
                #expect(h.openAttempts() == attempts, "at \(t) s")
            }
        }
        #expect(h.logs.count == 1)
        #expect(!h.player.isAvailable)
        h.device.refuseOpens = false
        h.clock.set(31)  // 15 + 16
        h.player.keepWarm(until: 100, now: 31, for: nil)
        #expect(eventually { h.player.isAvailable })
        #expect(h.logs == [h.logs[0], "sound device fake available again"])
        #expect(eventually { h.device.events.last == .write(frames: 960, silent: true) })
    }

    @Test("the back-off doubles up to 60 s and starts again at 1 s after a success")
    func backoffSchedule() {
        var b = DeviceBackoff()
        var delays: [Double] = []
        var t = 0.0
        for _ in 0..<9 {
            _ = b.failed(now: t, reason: "busy")
            delays.append(b.delay)
            t += b.delay
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(!b.mayTry(now: t - 0.01) && b.mayTry(now: t))
        #expect(b.succeeded() && !b.succeeded())
        #expect(b.failed(now: 0, reason: "gone") && b.delay == 1)
    }

    @Test("a play refused while unavailable gets the device retried at its back-off time, though nothing keeps it warm")
    func refusedPlayRetries() {
        let h = PlayerHarness(manualClock: true)
        h.device.refuseOpens = true
        h.player.play(SoundRequest(items: [item("a")], volume: 100, fadeIn: 0), now: 0)
        h.waitReports(1)
        h.device.refuseOpens = false
        h.clock.set(1)
        h.player.play(SoundRequest(items: [item("a")], volume: 100, fadeIn: 0), now: 1)
        #expect(h.player.poll(now: 1).map(summary) == ["stop a failed: sound device fake unavailable: Device or resource busy"])
        #expect(eventually { h.player.isAvailable })
        #expect(eventually { h.device.events.last == .close })  // opened to find it back, closed: nothing to play
        h.player.play(SoundRequest(items: [item("b")], volume: 100, fadeIn: 0), now: 2)
        #expect(h.waitReports(3).map(summary).suffix(2) == ["start b", "stop b ended"])
    }

    @Test("a device that fails while playing (unplugged): failed, closed, unavailable")
    func writeFails() {
        let h = PlayerHarness(pace: 1)
        h.player.play(SoundRequest(items: [item("long"), item("b")], volume: 100, fadeIn: 0), now: 0)
        h.waitReports(1)
        h.device.failWrites = true
        #expect(h.waitReports(2).map(summary) == ["start long", "stop long failed: sound device fake failed: No such device"])
        #expect(h.device.events.last == .close)
        #expect(!h.player.isAvailable)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(h.player.poll(now: 0).isEmpty)  // b is not played
    }

    @Test("a file that does not open: failed with its reason, no start, the request's later items dropped")
    func fileFails() {
        let h = PlayerHarness()
        h.player.play(SoundRequest(items: [item("missing.mp3"), item("b")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(1).map(summary) == ["stop missing.mp3 failed: missing.mp3: no such file"])
        Thread.sleep(forTimeInterval: 0.05)
        #expect(h.player.poll(now: 0).isEmpty)
        #expect(h.device.sound.isEmpty)
        #expect(h.player.isAvailable)
    }

    @Test("items of different formats: the device is reopened at each one's rate and channels")
    func reopensPerFormat() {
        let h = PlayerHarness()
        h.player.play(SoundRequest(items: [item("a"), item("stereo"), item("b")], volume: 100, fadeIn: 0), now: 0)
        #expect(h.waitReports(6).count == 6)
        #expect(h.device.events.filter { if case .open = $0 { true } else { false } } ==
                [.open(rate: 48000, channels: 1), .open(rate: 44100, channels: 2), .open(rate: 48000, channels: 1)])
        #expect(difference(h.device.sound, samples(of: "a") + samples(of: "stereo") + samples(of: "b")) == "")
        let stereoChunks = h.device.events.filter { $0 == .write(frames: 882, silent: false) }.count
        #expect(stereoChunks == 10)  // 0.2 s at 44.1 kHz in 20 ms chunks
    }

    @Test("nothing plays after stop with nothing playing; an empty request is a stop")
    func idleStops() {
        let h = PlayerHarness()
        h.player.stop(now: 0)
        h.player.play(SoundRequest(items: [], volume: 100, fadeIn: 0), now: 0)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(h.player.poll(now: 0).isEmpty)
        #expect(h.device.events.isEmpty)
        #expect(h.player.nextReportTime == nil && h.player.deviceName == "fake")
    }
}
