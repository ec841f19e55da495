import Audio
import Benchmark
import Drivers
import Foundation
import HAL
import Logging
import PrayerTimes
import Service
import Simulation
#if canImport(Glibc)
import Glibc
import UnitModel
#endif

/// One pass of the control loop on the simulated board, in steady state: compass chips
/// polled (register-level emulators), heading, qibla offset, outputs. Per tick (scaling
/// factor 1000), with heap allocations counted.
///
/// The same tick with a sound playing, to compare in one `make bench` output: through the
/// real `SoundPlayer` (its own thread, decoding a WAV and writing it to a PCM device paced
/// like a 48 kHz card), and through `SimulatedSound` (virtual time, no thread).
/// `mallocCountTotal` counts every thread's allocations, the player's included.
func daemonBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 300)
    Benchmark("control loop tick (25 Hz, simulated board)", configuration: config) { benchmark in
        let (core, clock, dir) = simulatedUnit(wallStart: 1_774_744_200, site: benchSite(), sound: nil)  // 2026-03-29 00:30 UTC
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for _ in 0..<100 { clock.advance(to: core.tick()) }  // warm up: planned, sensors running
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            clock.advance(to: core.tick())
        }
        benchmark.stopMeasurement()
    }

    // The real player. Set up once (setup): the WAV written and probed, a player over a
    // paced device, a unit whose Isha adhan starts the sound on it; the samples then tick
    // that same unit while the player's thread streams the file in real time (a fresh unit
    // per sample would measure only the first milliseconds after each start, while the
    // player sleeps in its first full write). 300 samples are 3.3 h of virtual time: all
    // before midnight, and nothing else sounds between Isha and midnight.
    let overlap = OverlapLog()
    Benchmark("control loop tick (25 Hz, simulated board, sound playing)", configuration: config, closure: { benchmark, unit in
        let writes = unit.device.writes
        let t0 = monotonicSeconds()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            unit.clock.advance(to: unit.core.tick())
        }
        benchmark.stopMeasurement()
        // A second report would be the stop: the sound must play across every measurement.
        guard unit.reports.value == 1, unit.device.isOpen else {
            return benchmark.error("the sound stopped during the measurement (\(unit.reports.value) reports)")
        }
        overlap.add(writes: unit.device.writes - writes, seconds: monotonicSeconds() - t0)
    }, setup: { () async throws -> PlayingUnit in
        do { return try PlayingUnit(sound: BenchSoundFile.make(seconds: 180)) } catch {
            BenchSoundFile.remove()
            throw error
        }
    }, teardown: {
        overlap.print("sound playing")
        BenchSoundFile.remove()
    })

    // The simulation's speaker: what `make run` uses. The file is never opened (virtual
    // time: it plays 180 s, past each sample's 44 s).
    Benchmark("control loop tick (25 Hz, simulated board, simulated sound)", configuration: config) { benchmark in
        let sound = SimulatedSound()
        var site = benchSite()
        site.sound.sources[.adhan] = .file(SoundInfo(path: "/nonexistent/adhan.wav", sampleRate: 48000, channels: 1,
                                                     frames: 180 * 48000))
        let (core, clock, dir) = simulatedUnit(wallStart: adhan(.isha, site) - 1, site: site, sound: sound)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for _ in 0..<110 { clock.advance(to: core.tick()) }  // the adhan at 1 s: play
        guard core.fired == 1, sound.isPlaying else { return benchmark.error("no sound started") }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            clock.advance(to: core.tick())
        }
        benchmark.stopMeasurement()
        if !sound.isPlaying { benchmark.error("the sound stopped during the measurement") }
    }
}

/// A unit on the simulated board whose speaker is a real `SoundPlayer` over a `PacedPCM`,
/// playing `sound` (Isha's adhan, started by the loop itself).
final class PlayingUnit: @unchecked Sendable {
    let device = PacedPCM(name: "paced-48k")
    let reports = Counter()
    let player: SoundPlayer
    let core: UnitCore
    let clock: VirtualClock
    let dir: String

    init(sound: SoundInfo) throws {
        let reports = self.reports
        player = SoundPlayer(device: device, clock: { monotonicSeconds() }, onReport: { reports.add() })
        var site = benchSite()
        site.sound.sources[.adhan] = .file(sound)
        (core, clock, dir) = simulatedUnit(wallStart: adhan(.isha, site) - 1, site: site, sound: player,
                                           dir: BenchSoundFile.directory + "/state")  // removed with the WAV
        for _ in 0..<100 { clock.advance(to: core.tick()) }  // the adhan at 1 s: play
        // The player's thread opens the file and reports the start after its first write.
        let deadline = monotonicSeconds() + 2
        while reports.value == 0 && monotonicSeconds() < deadline { usleep(200) }
        for _ in 0..<10 { clock.advance(to: core.tick()) }  // the loop takes the start report
        // One report, and sound written: the start (a failure would be a stop, with nothing written).
        guard core.fired == 1, reports.value == 1, device.frames > 0 else {
            player.shutdown()
            throw BenchError("no sound started (fired \(core.fired), reports \(reports.value), frames \(device.frames))")
        }
    }

    deinit { player.shutdown() }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// The site every loop benchmark runs: the defaults (Makkah), at a fixed position.
private func benchSite() -> SiteConfig {
    var site = SiteConfig()
    site.locationSource = .fixed
    return site
}

private let benchZone = ZoneRules.fixed(offset: 0)

private let quietLogger: Logger = {
    var logger = Logger(label: "mihrab-bench")
    logger.logLevel = .error
    return logger
}()

/// The simulated board (compass chips as register-level emulators, outputs) and a unit on
/// it, its virtual clock starting at `wallStart`, its state in a new folder `dir`. Logging
/// errors only (a unit started at Isha misses the day's earlier adhans, and says so).
private func simulatedUnit(wallStart: Double, site: SiteConfig, sound: SoundOutput?,
                           dir: String = NSTemporaryDirectory() + "mihrab-bench-\(UUID().uuidString)") -> (UnitCore, VirtualClock, dir: String) {
    let clock = VirtualClock(wallStart: wallStart)
    let world = SimulatedWorld(latitude: 51.5, longitude: -0.13, decimalYear: 2026.2, attitude: SimulatedWorld.fixed(yaw: 30))
    let bus = SimulatedBoard.bus(chips: [.init(chip: .qmc5883l, address: 0x0D, mounting: .identity),
                                         .init(chip: .mpu6050, address: 0x68, mounting: .identity)],
                                 world: world, now: { clock.monotonicNow() })
    var outputs: [BoardConfig.Output: DigitalOutput] = [:]
    for o in BoardConfig.Output.allCases { outputs[o] = SimulatedOutput(name: o.rawValue, now: { clock.wallNow() }) }
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let core = UnitCore(config: site, zone: benchZone, hardware: UnitCore.Hardware(
        outputs: outputs, magnetometer: SensorChannel(sensor: QMC5883L(bus: bus)),
        accelerometer: SensorChannel(sensor: MPU6050(bus: bus, pause: noPause)), sound: sound), clock: clock, position: ScriptedPosition([]),
        sync: FixedClockSync(true), store: StateStore(directory: dir), logger: quietLogger)
    return (core, clock, dir)
}

/// A prayer's adhan on 2026-03-29 at the site's position, as the loop plans it (UTC seconds).
private func adhan(_ prayer: Prayer, _ site: SiteConfig) -> Double {
    let date = CivilDate(daysSinceEpoch: 1_774_744_200 / 86_400)
    let place = Coordinates(latitude: site.latitude, longitude: site.longitude, elevation: site.elevation)!
    let day = ScreenInput.Day.planned(date, at: place, zone: benchZone, config: site,
                                      calculator: PrayerCalculator(parameters: site.parameters))
    return day.events.first { $0.kind == .adhan && $0.prayer == prayer }!.time
}

// MARK: - The sound side

/// Monotonic seconds (CLOCK_MONOTONIC): the player's clock. The loop runs on a virtual
/// clock, the player's thread in real time; only report times and warm-up deadlines pass
/// between them, and nothing here depends on either.
private func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// A sound card without the card: takes 16-bit frames and blocks like a blocking ALSA
/// write on a device holding `bufferSeconds`, so the player streams at 48 kHz real time.
/// (alsa-lib's "null" PCM does not pace: it takes two seconds of sound in microseconds.)
/// Does not allocate: the player's thread is counted too.
final class PacedPCM: PCMDevice, @unchecked Sendable {
    let name: String
    let bufferSeconds: Double
    private let lock = NSLock()
    private var open = false
    private var rate = 48000
    /// Monotonic: when everything written so far has played.
    private var playedUntil = 0.0
    private var writeCount = 0
    private var frameCount = 0

    init(name: String, bufferSeconds: Double = 0.1) {
        self.name = name
        self.bufferSeconds = bufferSeconds
    }

    var isOpen: Bool { lock.withLock { open } }
    var writes: Int { lock.withLock { writeCount } }
    var frames: Int { lock.withLock { frameCount } }

    func open(sampleRate: Int, channels: Int) throws(SoundError) {
        lock.withLock {
            open = true
            rate = sampleRate
            playedUntil = monotonicSeconds()
        }
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(SoundError) {
        let now = monotonicSeconds()
        let wait: Double? = lock.withLock {
            guard open else { return nil }
            playedUntil = max(playedUntil, now) + Double(frames) / Double(rate)
            writeCount += 1
            frameCount += frames
            return playedUntil - bufferSeconds - now  // until the card has room for these frames
        }
        guard let wait else { throw SoundError(name, "not open") }
        if wait > 0 { sleepSeconds(wait) }
    }

    func drain() {
        let wait = lock.withLock { playedUntil } - monotonicSeconds()
        if wait > 0 { sleepSeconds(wait) }
    }

    func drop() { lock.withLock { playedUntil = monotonicSeconds() } }

    func close() { lock.withLock { open = false } }

    private func sleepSeconds(_ s: Double) {
        var ts = timespec(tv_sec: Int(s), tv_nsec: Int((s - s.rounded(.down)) * 1e9))
        nanosleep(&ts, nil)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// How much the player wrote while the loop was measured, over every sample: the proof
/// that the measurement overlapped playback.
final class OverlapLog: @unchecked Sendable {
    private let lock = NSLock()
    private var samples = 0, writes = 0, seconds = 0.0
    func add(writes w: Int, seconds s: Double) { lock.withLock { samples += 1; writes += w; seconds += s } }
    func print(_ what: String) {
        let line = lock.withLock {
            "\(what): \(samples) samples measured while the player streamed (no stop reported); it wrote \(writes) chunks of 20 ms during \(String(format: "%.0f", seconds * 1000)) ms of measured ticks\n"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// A long WAV (a 440 Hz sine, 48 kHz mono 16-bit) in a temporary folder, probed as the
/// configuration would.
enum BenchSoundFile {
    static let directory = NSTemporaryDirectory() + "mihrab-bench-sound-\(getpid())"

    static func make(seconds: Int) throws -> SoundInfo {
        let rate = 48000, frames = seconds * rate
        var data = Data(capacity: 44 + frames * 2)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + frames * 2)
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(frames * 2)
        let samples = (0..<frames).map { i in Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))).littleEndian }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/adhan.wav"
        try data.write(to: URL(fileURLWithPath: path))
        return try SoundFile.probe(path)
    }

    static func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
