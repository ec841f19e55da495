import ArgumentParser
import Audio
import FoundationEssentials
import Glibc
import Dispatch
import HAL
import LinuxHAL

/// `mihrab play FILE`: plays a file the way the daemon plays the adhan (the same player
/// thread over ALSA), to check a file, a device and a volume. Exits when it has played.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a sound file through ALSA, as the daemon plays the adhan.")

    @Argument(help: "The sound file (WAV, FLAC, MP3, Ogg: what libsndfile reads).") var file: String
    @Option(help: "ALSA device (\"default\", \"hw:1,0\", \"plughw:1\", ...).") var device = "default"
    @Option(parsing: .unconditional, help: "Volume 0-100 (50 is a quarter of the amplitude).") var volume = 100
    @Option(name: .customLong("fade-in"), parsing: .unconditional, help: "Seconds of fade-in.") var fadeIn: Double = 0

    func validate() throws {
        guard (0...100).contains(volume) else { throw ValidationError("--volume must be 0 to 100 (got \(volume))") }
        guard fadeIn.isFinite, (0...60).contains(fadeIn) else { throw ValidationError("--fade-in must be 0 to 60 seconds (got \(fadeIn))") }
    }

    func run() throws {
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        let info: SoundInfo
        do {
            info = try SoundFile.open(path).info
        } catch {
            throw CommandError(error.description)
        }
        let request = SoundRequest(items: [.init(sound: info, event: "play", prayer: nil)], volume: volume, fadeIn: fadeIn)
        let outcome = playOnce(request, device: ALSADevice(name: device), open: SoundFile.open,
                               timeout: info.frames > 0 ? info.duration + 30 : nil)
        switch outcome {
        case .ended:
            print("Played \(file) (\(info.sampleRate) Hz, \(info.channels) channel\(info.channels == 1 ? "" : "s")) on \(device)")
        case .failed(let why, let deviceFailed):
            throw CommandError(why, exitCode: deviceFailed ? .unavailable : .failure)
        }
    }
}

enum PlayOutcome: Equatable {
    case ended
    /// Why, and whether the device (not the file) failed.
    case failed(String, device: Bool)
}

/// Plays a request through a SoundPlayer on `device` and waits for its last item to stop.
func playOnce(_ request: SoundRequest, device: ALSADevice,
              open: @escaping @Sendable (String) throws(SoundError) -> SoundStream, timeout: Double?) -> PlayOutcome {
    let clock = SystemClock()
    let reported = DispatchSemaphore(value: 0)
    let player = SoundPlayer(device: device, open: open, clock: { clock.monotonicNow() }, onReport: { reported.signal() })
    defer { player.shutdown() }
    let deadline = timeout.map { clock.monotonicNow() + $0 }
    player.play(request, now: clock.monotonicNow())
    var stops = 0
    while true {
        if let deadline {
            let left = deadline - clock.monotonicNow()
            if left <= 0 || reported.wait(timeout: .now() + left) == .timedOut {
                return .failed("sound device \(device.name): the sound did not end within \(Int(timeout ?? 0)) s", device: true)
            }
        } else {
            reported.wait()
        }
        for r in player.poll(now: clock.monotonicNow()) where r.kind == .stop {
            switch r.reason {
            case .failed(let why)?: return .failed(why, device: !player.isAvailable)
            case .stopped?: return .failed("\(r.item.sound.path): stopped", device: false)
            case .ended?, nil:
                stops += 1
                if stops == request.items.count { return .ended }
            }
        }
    }
}
